package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const doc = "| figure | budget | gate | last measured |\n|---|---|---|---|\n" +
	"| detector throughput | >= 20k posts/s | `./internal/engine/detect -cpu 1 BenchmarkDetect posts/s >= 20000` | 67,400 |\n" +
	"| agent run | < 2 s | `CLIENTS_SCALE=1 ./internal/clients BenchmarkAgentRun/first ms/op < 2000` | 48 ms |\n" +
	"| page load | perf >= 95 | script: `scripts/perf/content.sh` | 97 |\n"

func TestParseGatesAndCheck(t *testing.T) {
	gates, err := ParseGates(doc)
	if err != nil {
		t.Fatal(err)
	}
	if len(gates) != 2 {
		t.Fatalf("want 2 benchmark gates (the script row only listed), got %d", len(gates))
	}
	if g := gates[1]; g.Pkg != "./internal/clients" || g.Env[0] != "CLIENTS_SCALE=1" || g.Bench != "BenchmarkAgentRun/first" || g.Limit != 2000 {
		t.Fatalf("parsed %+v", g)
	}
	if g := gates[0]; len(g.Flags) != 2 || g.Flags[0] != "-cpu" {
		t.Fatalf("flags %+v", g.Flags)
	}
	out := "goos: linux\nBenchmarkDetect          \t  100000\t     14812 ns/op\t     67512 posts/s\n" +
		"BenchmarkAgentRun/first-2 \t       1\t2500000000 ns/op\n"
	res := ParseOutput(out)
	if v, ok, _ := Check(gates[0], res); !ok || v != 67512 {
		t.Fatalf("detect: %v %v", v, ok)
	}
	// Over budget: 2,500 ms against < 2,000 ms fails the gate.
	if v, ok, why := Check(gates[1], res); ok || v != 2500 || why != "over budget" {
		t.Fatalf("agent run: %v %v %q", v, ok, why)
	}
	if _, ok, why := Check(gates[0], Results{}); ok || why == "" {
		t.Fatal("a benchmark that did not run must fail its gate")
	}
}

func TestParseGateErrors(t *testing.T) {
	for _, bad := range []string{
		"| figure | gate |\n|---|---|\n| x | `./p BenchmarkX ns/op ~ 5` |\n",
		"| figure | gate |\n|---|---|\n| x | `./p BenchmarkX ns/op < five` |\n",
		"| figure | gate |\n|---|---|\n| x | `./p BenchmarkX ns/op` |\n",
	} {
		if _, err := ParseGates(bad); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}

// TestBudgetTableNamesRealBenchmarks fails when a gate of docs/performance.md
// names a package or benchmark that no longer exists (renamed or moved).
func TestBudgetTableNamesRealBenchmarks(t *testing.T) {
	b, err := os.ReadFile("../../../docs/performance.md")
	if err != nil {
		t.Fatal(err)
	}
	gates, err := ParseGates(string(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(gates) < 5 {
		t.Fatalf("only %d benchmark gates in docs/performance.md", len(gates))
	}
	for _, g := range gates {
		dir := filepath.Join("../../..", g.Pkg)
		files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		if len(files) == 0 {
			t.Errorf("%q: package %s has no tests", g.Figure, g.Pkg)
			continue
		}
		name := strings.SplitN(g.Bench, "/", 2)[0]
		found := false
		for _, f := range files {
			src, _ := os.ReadFile(f)
			if strings.Contains(string(src), "func "+name+"(") {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: no func %s in %s", g.Figure, name, g.Pkg)
		}
	}
}
