package cli

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
)

func commandNamed(t *testing.T, name string) *command {
	t.Helper()
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	t.Fatalf("no command %q", name)
	return nil
}

// Every command's arguments go through the one parser: its own flags and
// the configuration options in any order around the positional argument.
func TestParseArgs(t *testing.T) {
	tests := []struct {
		cmd     string
		args    []string
		want    any
		cfg     []string
		wantErr string
	}{
		// eval: a switch never swallows the file, and --split is checked.
		{cmd: "eval", args: []string{"--hn-enabled", "f.jsonl"}, want: evalArgs{file: "f.jsonl"}, cfg: []string{"--hn-enabled=true"}},
		{cmd: "eval", args: []string{"f.jsonl", "--hn-enabled=false"}, want: evalArgs{file: "f.jsonl"}, cfg: []string{"--hn-enabled=false"}},
		{cmd: "eval", args: []string{"--split", "foo", "f.jsonl"}, wantErr: "--split must be train or test"},
		{cmd: "eval", args: []string{"f.jsonl", "--split"}, wantErr: "--split needs a value"},
		{cmd: "eval", args: []string{"f.jsonl", "--split", "test", "--rows", "written", "--llm"}, want: evalArgs{file: "f.jsonl", split: "test", rows: "written", llm: true}},
		{cmd: "eval", args: []string{"--split=train", "--log-level", "error", "-"}, want: evalArgs{file: "-", split: "train"}, cfg: []string{"--log-level=error"}},
		{cmd: "eval", args: []string{"f.jsonl", "--rows", "mine"}, wantErr: "--rows must be written or real-shaped"},
		{cmd: "eval", args: nil, wantErr: "usage: signalpipe eval FILE"},
		{cmd: "eval", args: []string{"a.jsonl", "b.jsonl"}, wantErr: `unexpected argument "b.jsonl"`},
		{cmd: "eval", args: []string{"--nope", "f.jsonl"}, wantErr: "unknown flag --nope"},
		{cmd: "eval", args: []string{"--llm", "--", "-odd.jsonl"}, want: evalArgs{file: "-odd.jsonl", llm: true}},
		// admin
		{cmd: "admin", args: []string{"create", "--email", "a@x.example", "--reset"}, want: adminArgs{email: "a@x.example", reset: true}},
		{cmd: "admin", args: []string{"--email=a@x.example", "create", "--database-url", "postgres://db/x"}, want: adminArgs{email: "a@x.example"}, cfg: []string{"--database-url=postgres://db/x"}},
		{cmd: "admin", args: []string{"--reset", "create", "--email", "a@x.example"}, want: adminArgs{email: "a@x.example", reset: true}},
		{cmd: "admin", args: []string{"delete", "--email", "a@x.example"}, wantErr: "usage: signalpipe admin create"},
		{cmd: "admin", args: []string{"create"}, wantErr: "--email is required"},
		{cmd: "admin", args: []string{"create", "--email"}, wantErr: "--email needs a value"},
		// ingest
		{cmd: "ingest", args: []string{"--source", "exa,rss", "--query", "hiring SDRs", "--source", "hackernews", "--limit", "5", "--query", "new CFO"},
			want: ingestArgs{sources: []string{"exa", "rss", "hackernews"}, queries: []string{"hiring SDRs", "new CFO"}, limit: 5}},
		{cmd: "ingest", args: []string{"--limit", "0"}, wantErr: "--limit must be a whole number 1-100"},
		{cmd: "ingest", args: []string{"--limit"}, wantErr: "--limit needs a value"},
		{cmd: "ingest", args: []string{"--query", " "}, wantErr: "--query: must be 1-200 characters"},
		{cmd: "ingest", args: []string{"stray"}, wantErr: `unexpected argument "stray"`},
		{cmd: "ingest", args: []string{"--trust-proxy-headers", "--limit", "3"}, want: ingestArgs{limit: 3}, cfg: []string{"--trust-proxy-headers=true"}},
		// import
		{cmd: "import", args: []string{"posts.jsonl", "--skip-bad"}, want: importArgs{file: "posts.jsonl", skipBad: true}},
		{cmd: "import", args: []string{"--skip-bad", "-"}, want: importArgs{file: "-", skipBad: true}},
		{cmd: "import", args: nil, wantErr: "usage: signalpipe import"},
		// eval-search
		{cmd: "eval-search", args: []string{"dir", "--details", "--max-age", "30d"}, want: evalSearchArgs{dir: "dir", details: true, maxAge: 30 * 24 * time.Hour}},
		{cmd: "eval-search", args: []string{"--max-age", "soon", "dir"}, wantErr: "--max-age"},
		{cmd: "eval-search", args: []string{"--details"}, wantErr: "usage: signalpipe eval-search"},
		// commands without arguments of their own
		{cmd: "serve", args: []string{"--port", "9090", "--hn-enabled"}, cfg: []string{"--hn-enabled=true", "--port=9090"}},
		{cmd: "serve", args: []string{"stray"}, wantErr: `unexpected argument "stray"`},
		{cmd: "detect", args: []string{"--email-verify=false"}, cfg: []string{"--email-verify=false"}},
		{cmd: "search", args: []string{"--split", "test"}, wantErr: "unknown flag --split"},
		{cmd: "version", args: []string{"x"}, wantErr: `unexpected argument "x"`},
	}
	for _, tt := range tests {
		own, cfg, err := parseArgs(commandNamed(t, tt.cmd), tt.args)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s %q: error %v, want %q", tt.cmd, tt.args, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %q: %v", tt.cmd, tt.args, err)
			continue
		}
		if !reflect.DeepEqual(own, tt.want) || !reflect.DeepEqual(cfg, tt.cfg) {
			t.Errorf("%s %q:\n got %#v, config %q\nwant %#v, config %q", tt.cmd, tt.args, own, cfg, tt.want, tt.cfg)
		}
	}
}

// The three failures of the old hand-written splitters, end to end.
func TestEvalArgumentsEndToEnd(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tiny.jsonl")
	data := `{"id":"1","title":"","text":"We just raised a $10M Series A led by Quartz.","source":"x","signal_type":"funding_event","intent":true,"split":"test"}
`
	if err := os.WriteFile(file, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if code, out, errOut := runWith(t, ctx, nil, "eval", "--hn-enabled", file); code != 0 || !strings.Contains(out, "detector (1 posts)") {
		t.Errorf("eval --hn-enabled FILE: code %d, stderr %s", code, errOut)
	}
	if code, _, errOut := runWith(t, ctx, nil, "eval", file, "--split", "foo"); code != 2 || !strings.Contains(errOut, "--split must be train or test") {
		t.Errorf("eval --split foo: code %d, stderr %s", code, errOut)
	}
	if code, _, errOut := runWith(t, ctx, nil, "eval", file, "--split"); code != 2 || !strings.Contains(errOut, "--split needs a value") {
		t.Errorf("eval --split: code %d, stderr %s", code, errOut)
	}
}

// Each command has its own --help: what it does, its flags and the
// configuration options.
func TestCommandHelp(t *testing.T) {
	for _, c := range commands {
		code, out, errOut := runWith(t, context.Background(), nil, c.name, "--help")
		if code != 0 || errOut != "" {
			t.Fatalf("%s --help: code %d, stderr %s", c.name, code, errOut)
		}
		if c.name != "serve" && !strings.Contains(out, "Usage: signalpipe "+c.name) {
			t.Errorf("%s --help lacks its usage line:\n%s", c.name, out)
		}
		if c.flags != nil {
			fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
			c.flags(fs)
			fs.VisitAll(func(f *flag.Flag) {
				if !strings.Contains(out, "--"+f.Name) {
					t.Errorf("%s --help lacks --%s", c.name, f.Name)
				}
			})
		}
		for _, o := range config.Options() {
			if !strings.Contains(out, "--"+o.Flag) {
				t.Errorf("%s --help lacks option --%s", c.name, o.Flag)
			}
		}
	}
	if _, _, err := parseArgs(commandNamed(t, "eval"), []string{"f.jsonl", "-h"}); !errors.Is(err, flag.ErrHelp) {
		t.Errorf("eval FILE -h: %v", err)
	}
}
