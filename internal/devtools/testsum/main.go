// Command testsum reads `go test -json` on stdin, prints the tests' output as
// `go test` would, then a closing count ("go: N passed, N failed, N skipped"),
// and exits non-zero when a test or a package failed, or when a test was
// skipped that the allow list does not name. `make test-go` pipes every Go
// test through it, so a test that silently skips (a missing browser or
// database, a forgotten t.Skip) fails the run instead of passing it.
//
// The allow list (-allow FILE) has one skip a line: a package path and a
// test name (subtests as Parent/Sub), separated by white space, then the
// reason; '#' starts a comment.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

type result struct {
	passed, failed, skipped int
	failedPkgs              []string
	unexpected              []string
	skips                   []string
}

func main() {
	allowPath := flag.String("allow", "", "file listing the skips that are expected")
	flag.Parse()
	allowed, err := readAllow(*allowPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsum:", err)
		os.Exit(2)
	}
	r, err := summarize(os.Stdin, os.Stdout, allowed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsum:", err)
		os.Exit(2)
	}
	os.Exit(report(os.Stdout, r))
}

func readAllow(path string) (map[string]bool, error) {
	allowed := map[string]bool{}
	if path == "" {
		return allowed, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	for i, line := range strings.Split(string(b), "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) < 3 {
			return nil, fmt.Errorf("%s:%d: want 'package test reason'", path, i+1)
		}
		allowed[f[0]+" "+f[1]] = true
	}
	return allowed, nil
}

// summarize copies each event's output to out and counts the results.
func summarize(in io.Reader, out io.Writer, allowed map[string]bool) (result, error) {
	var r result
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if err := json.Unmarshal(line, &e); err != nil || e.Action == "" {
			// Not an event (a build error printed by go itself): show it as is.
			fmt.Fprintf(out, "%s\n", line)
			continue
		}
		if e.Action == "output" {
			io.WriteString(out, e.Output)
			continue
		}
		if e.Test == "" {
			if e.Action == "fail" {
				r.failedPkgs = append(r.failedPkgs, e.Package)
			}
			continue
		}
		switch e.Action {
		case "pass":
			r.passed++
		case "fail":
			r.failed++
		case "skip":
			r.skipped++
			name := e.Package + " " + e.Test
			r.skips = append(r.skips, name)
			if !allowed[name] {
				r.unexpected = append(r.unexpected, name)
			}
		}
	}
	return r, sc.Err()
}

func report(out io.Writer, r result) int {
	sort.Strings(r.skips)
	if len(r.skips) > 0 {
		fmt.Fprintf(out, "\nskipped tests (%d):\n", len(r.skips))
		for _, s := range r.skips {
			fmt.Fprintln(out, "  "+s)
		}
	}
	code := 0
	if len(r.unexpected) > 0 {
		fmt.Fprintf(out, "\nunexpected skips (not in the allow list; a skip in `make test` hides a missing dependency or an unfinished test): %d\n", len(r.unexpected))
		for _, s := range r.unexpected {
			fmt.Fprintln(out, "  "+s)
		}
		code = 1
	}
	if len(r.failedPkgs) > 0 && r.failed == 0 {
		fmt.Fprintf(out, "\npackages that failed outside any test (build errors, TestMain, panics): %s\n", strings.Join(r.failedPkgs, ", "))
	}
	if r.failed > 0 || len(r.failedPkgs) > 0 {
		code = 1
	}
	fmt.Fprintf(out, "\ngo: %d passed, %d failed, %d skipped\n", r.passed, r.failed, r.skipped)
	return code
}
