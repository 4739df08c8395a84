// Command perfcheck runs the Go benchmarks that docs/performance.md's budget
// table names and compares each result with its budget: `make perf` runs
// it, and it exits non-zero when a benchmark is over budget or did not
// report the figure its row names.
//
// A row takes part when its "gate" cell holds, in a code span,
//
//	[ENV=value ...] ./package [go test flags ...] BenchmarkName metric op limit
//
// for example `CLIENTS_SCALE=1 ./internal/clients BenchmarkAgentRun ms/op < 2000`
// or `./internal/engine/detect -cpu 1 BenchmarkDetect posts/s >= 20000`. The
// metric is any unit the benchmark reports (ns/op, or b.ReportMetric's),
// plus ms/op and s/op derived from ns/op; op is <, <=, > or >=. Rows whose
// gate is a script are measured by hand and only listed.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Gate is one budget the tool checks.
type Gate struct {
	Figure  string
	Env     []string
	Pkg     string
	Flags   []string
	Bench   string
	Metric  string
	Op      string
	Limit   float64
	RawGate string
}

var codeSpan = regexp.MustCompile("`([^`]+)`")

// ParseGates reads the budget table's rows with a benchmark gate.
func ParseGates(doc string) ([]Gate, error) {
	var gates []Gate
	header := -1
	for n, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "|") {
			header = -1
			continue
		}
		cells := splitRow(line)
		if header < 0 {
			for i, c := range cells {
				if strings.EqualFold(c, "gate") {
					header = i
				}
			}
			continue
		}
		if header >= len(cells) || strings.HasPrefix(cells[0], "---") {
			continue
		}
		m := codeSpan.FindStringSubmatch(cells[header])
		if m == nil || !strings.Contains(m[1], "./") || !strings.Contains(m[1], "Benchmark") {
			continue
		}
		g, err := parseGate(m[1])
		if err != nil {
			return nil, fmt.Errorf("docs/performance.md:%d: %w", n+1, err)
		}
		g.Figure = cells[0]
		gates = append(gates, g)
	}
	return gates, nil
}

func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(strings.TrimSuffix(line, "|"), "|")
	parts := strings.Split(line, "|")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

func parseGate(s string) (Gate, error) {
	g := Gate{RawGate: s}
	f := strings.Fields(s)
	i := 0
	for ; i < len(f) && strings.Contains(f[i], "=") && !strings.HasPrefix(f[i], "-"); i++ {
		g.Env = append(g.Env, f[i])
	}
	if i >= len(f) || !strings.HasPrefix(f[i], "./") {
		return g, fmt.Errorf("gate %q: want [ENV=v ...] ./package [flags] BenchmarkName metric op limit", s)
	}
	g.Pkg = f[i]
	i++
	for ; i < len(f) && !strings.HasPrefix(f[i], "Benchmark"); i++ {
		g.Flags = append(g.Flags, f[i])
	}
	if len(f)-i != 4 {
		return g, fmt.Errorf("gate %q: want BenchmarkName metric op limit after the package", s)
	}
	g.Bench, g.Metric, g.Op = f[i], f[i+1], f[i+2]
	switch g.Op {
	case "<", "<=", ">", ">=":
	default:
		return g, fmt.Errorf("gate %q: op must be <, <=, > or >=", s)
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(f[i+3], ",", ""), 64)
	if err != nil {
		return g, fmt.Errorf("gate %q: limit: %w", s, err)
	}
	g.Limit = v
	return g, nil
}

// Results maps "BenchmarkName/sub" (GOMAXPROCS suffix removed) to its metrics.
type Results map[string]map[string]float64

var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+(.*)$`)

// ParseOutput reads `go test -bench` output.
func ParseOutput(out string) Results {
	r := Results{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		metrics := map[string]float64{}
		f := strings.Fields(m[2])
		for i := 0; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				metrics[f[i+1]] = v
			}
		}
		if ns, ok := metrics["ns/op"]; ok {
			metrics["ms/op"] = ns / 1e6
			metrics["s/op"] = ns / 1e9
		}
		r[m[1]] = metrics
	}
	return r
}

// Check compares one gate with the results: the measured value and whether
// it is within budget; ok is false with a reason when the figure is missing.
func Check(g Gate, r Results) (float64, bool, string) {
	metrics, found := r[g.Bench]
	if !found {
		return 0, false, "benchmark did not run (skipped, renamed or failed)"
	}
	v, found := metrics[g.Metric]
	if !found {
		return 0, false, "benchmark did not report " + g.Metric
	}
	var within bool
	switch g.Op {
	case "<":
		within = v < g.Limit
	case "<=":
		within = v <= g.Limit
	case ">":
		within = v > g.Limit
	case ">=":
		within = v >= g.Limit
	}
	if !within {
		return v, false, "over budget"
	}
	return v, true, ""
}

func main() {
	docPath := flag.String("doc", "docs/performance.md", "the budget table")
	only := flag.String("run", "", "only gates whose benchmark matches this regexp")
	flag.Parse()
	b, err := os.ReadFile(*docPath)
	if err != nil {
		fatal(err)
	}
	gates, err := ParseGates(string(b))
	if err != nil {
		fatal(err)
	}
	if *only != "" {
		re := regexp.MustCompile(*only)
		kept := gates[:0]
		for _, g := range gates {
			if re.MatchString(g.Bench) {
				kept = append(kept, g)
			}
		}
		gates = kept
	}
	if len(gates) == 0 {
		fatal(fmt.Errorf("%s has no benchmark gates", *docPath))
	}
	// One go test run per package, environment and flags.
	type runKey struct{ env, pkg, flags string }
	groups := map[runKey][]Gate{}
	var keys []runKey
	for _, g := range gates {
		k := runKey{strings.Join(g.Env, " "), g.Pkg, strings.Join(g.Flags, " ")}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], g)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].pkg < keys[j].pkg })
	failed := 0
	fmt.Printf("%-58s %-22s %14s  %s\n", "figure", "budget", "measured", "")
	for _, k := range keys {
		names := map[string]bool{}
		for _, g := range groups[k] {
			names[regexp.QuoteMeta(strings.SplitN(g.Bench, "/", 2)[0])] = true
		}
		var alt []string
		for n := range names {
			alt = append(alt, n)
		}
		sort.Strings(alt)
		args := append([]string{"test", "-run", "^$", "-bench", "^(" + strings.Join(alt, "|") + ")$", "-count", "1"}, strings.Fields(k.flags)...)
		args = append(args, k.pkg)
		cmd := exec.Command("go", args...)
		cmd.Env = append(os.Environ(), strings.Fields(k.env)...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		runErr := cmd.Run()
		res := ParseOutput(out.String())
		for _, g := range groups[k] {
			v, ok, why := Check(g, res)
			mark := "ok"
			if !ok {
				mark = "FAIL: " + why
				failed++
			}
			fmt.Printf("%-58s %-22s %14.4g  %s\n", clip(g.Figure, 58), g.Metric+" "+g.Op+" "+strconv.FormatFloat(g.Limit, 'g', -1, 64), v, mark)
		}
		if runErr != nil {
			fmt.Fprintf(os.Stderr, "go %s: %v\n%s", strings.Join(args, " "), runErr, out.String())
			failed++
		}
	}
	if failed > 0 {
		fmt.Printf("perfcheck: %d budget(s) not met\n", failed)
		os.Exit(1)
	}
	fmt.Println("perfcheck: every benchmark budget met")
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "perfcheck:", err)
	os.Exit(2)
}
