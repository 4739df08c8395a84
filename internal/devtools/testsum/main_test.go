package main

import (
	"bytes"
	"strings"
	"testing"
)

const stream = `{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"pass","Package":"p","Test":"TestA"}
{"Action":"skip","Package":"p","Test":"TestB"}
{"Action":"skip","Package":"p","Test":"TestC/postgres"}
{"Action":"pass","Package":"p"}
`

func TestSummarizeCountsAndFlagsUnexpectedSkips(t *testing.T) {
	var out bytes.Buffer
	r, err := summarize(strings.NewReader(stream), &out, map[string]bool{"p TestB": true})
	if err != nil {
		t.Fatal(err)
	}
	if r.passed != 1 || r.skipped != 2 || r.failed != 0 {
		t.Fatalf("counts %+v", r)
	}
	if len(r.unexpected) != 1 || r.unexpected[0] != "p TestC/postgres" {
		t.Fatalf("unexpected skips %v", r.unexpected)
	}
	if code := report(&out, r); code != 1 {
		t.Fatalf("an unexpected skip must fail the run, got exit %d", code)
	}
	if !strings.Contains(out.String(), "go: 1 passed, 0 failed, 2 skipped") {
		t.Fatalf("no closing count in:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "=== RUN   TestA") {
		t.Fatal("test output not echoed")
	}
}

func TestAllowedSkipsAndPackageFailures(t *testing.T) {
	var out bytes.Buffer
	r, _ := summarize(strings.NewReader(stream), &out, map[string]bool{"p TestB": true, "p TestC/postgres": true})
	if code := report(&out, r); code != 0 {
		t.Fatalf("allowed skips failed the run: %s", out.String())
	}
	r, _ = summarize(strings.NewReader(`{"Action":"fail","Package":"q"}`+"\n"), &out, nil)
	if code := report(&out, r); code != 1 {
		t.Fatal("a package failing outside a test must fail the run")
	}
}
