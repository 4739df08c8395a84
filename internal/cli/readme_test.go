package cli

import (
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/config"
)

// readmeSection returns the README's "## heading" section.
func readmeSection(t *testing.T, heading string) string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "\n## "+heading+"\n")
	if i < 0 {
		t.Fatalf("README has no %q section", heading)
	}
	s = s[i+1:]
	if j := strings.Index(s[3:], "\n## "); j >= 0 {
		s = s[:j+3]
	}
	return s
}

// TestREADMEListsEveryCommandAndFlag fails when the README's Commands table
// misses a subcommand or one of its flags, or lists one the CLI lacks.
func TestREADMEListsEveryCommandAndFlag(t *testing.T) {
	cmdRe := regexp.MustCompile("^\\| `signalpipe ([a-z-]+)")
	byName := map[string]string{}
	for _, line := range strings.Split(readmeSection(t, "Commands"), "\n") {
		if m := cmdRe.FindStringSubmatch(line); m != nil {
			byName[m[1]] += line
		}
	}
	known := map[string]bool{}
	for _, c := range commands {
		known[c.name] = true
		row, ok := byName[c.name]
		if !ok {
			t.Errorf("README's Commands table has no row for `signalpipe %s`", c.name)
			continue
		}
		if c.flags == nil {
			continue
		}
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.flags(fs)
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(row, "--"+f.Name) {
				t.Errorf("README's row for `signalpipe %s` does not name its flag --%s", c.name, f.Name)
			}
		})
	}
	for name := range byName {
		if !known[name] {
			t.Errorf("README's Commands table lists `signalpipe %s`, which the CLI does not have", name)
		}
	}
}

// TestREADMEListsEveryOption fails when the README's Configuration table
// misses an option (or its flag) or lists one that does not exist.
func TestREADMEListsEveryOption(t *testing.T) {
	envRe := regexp.MustCompile("^\\| `([A-Z][A-Z0-9_]+)` \\| `--([a-z0-9-]+)`")
	listed := map[string]string{}
	for _, line := range strings.Split(readmeSection(t, "Configuration"), "\n") {
		if m := envRe.FindStringSubmatch(line); m != nil {
			listed[m[1]] = m[2]
		}
	}
	known := map[string]bool{}
	for _, o := range config.Options() {
		known[o.Env] = true
		flagName, ok := listed[o.Env]
		switch {
		case !ok:
			t.Errorf("README's Configuration table has no row for %s (--%s)", o.Env, o.Flag)
		case flagName != o.Flag:
			t.Errorf("README gives %s the flag --%s; the code's is --%s", o.Env, flagName, o.Flag)
		}
	}
	for env := range listed {
		if !known[env] {
			t.Errorf("README's Configuration table lists %s, which is no option", env)
		}
	}
}
