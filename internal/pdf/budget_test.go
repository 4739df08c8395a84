package pdf

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The two documents of issue 19: a script that never ends, and one that
// fills twelve 256 MiB typed arrays (memory outside the JS heap, which
// --max-old-space-size does not bound).
const (
	busyLoop    = `<!doctype html><p>busy</p><script>while(1){}</script>`
	typedArrays = `<!doctype html><p>arrays</p><script>const keep = [];
for (let i = 0; i < 12; i++) { const a = new Uint8Array(256 << 20); a.fill(i + 1); keep.push(a); }
document.body.insertAdjacentHTML('beforeend', '<p>allocated ' + keep.length + '</p>');</script>`
)

func TestJavaScriptOffByDefault(t *testing.T) {
	c := newTestChromium(t, Options{Concurrency: 1, Timeout: 20 * time.Second})
	b, err := c.Convert(context.Background(), []byte(fixture))
	if err != nil {
		t.Fatalf("Convert: %v", err)
	}
	if text, ok := pdfText(t, b); ok {
		if !strings.Contains(text, "Signalpipe fixture") || strings.Contains(text, "drawn by script") {
			t.Fatalf("with JavaScript off by default the script must not run; PDF text:\n%s", text)
		}
	}
	// A script that would never end is inert: the document converts at once.
	at := time.Now()
	b, err = c.Convert(context.Background(), []byte(busyLoop))
	if err != nil {
		t.Fatalf("busy-loop document with JavaScript off: %v", err)
	}
	if d := time.Since(at); d > 5*time.Second {
		t.Errorf("took %s; the script must not have run", d)
	}
	if pages, _, _ := pdfPages(t, b); pages != 1 {
		t.Errorf("pages = %d", pages)
	}
}

// TestBusyLoopKilledAtCPUBudget: with JavaScript on, a document that never
// stops computing is killed when its renderer has used its CPU budget, not
// at the (much longer) time limit; the slot is free at once, a document
// rendering beside it is untouched, and the next one renders fast.
func TestBusyLoopKilledAtCPUBudget(t *testing.T) {
	c := newTestChromium(t, Options{Concurrency: 2, JavaScript: true, Timeout: 60 * time.Second,
		Budget: Budget{CPU: 2 * time.Second}})
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("warm-up: %v", err)
	}
	at := time.Now()
	errs := make(chan error, 1)
	go func() {
		_, err := c.Convert(context.Background(), []byte(busyLoop))
		errs <- err
	}()
	time.Sleep(300 * time.Millisecond)
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("a document beside the busy one: %v", err)
	}
	err := <-errs
	took := time.Since(at)
	var be *BudgetError
	if !errors.As(err, &be) || !errors.Is(err, ErrBudget) || be.Resource != "CPU" {
		t.Fatalf("busy loop: err = %v after %s, want a CPU BudgetError", err, took)
	}
	// 2 s of CPU; the machine is shared, so allow for a busy scheduler.
	if took > 15*time.Second {
		t.Errorf("busy loop held its slot %s; want about its 2s CPU budget", took)
	}
	if n := c.limit.admitted.Load(); n != 0 {
		t.Errorf("admitted = %d after the kill, want 0 (slot freed)", n)
	}
	at = time.Now()
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("after the kill: %v", err)
	}
	if d := time.Since(at); d > 5*time.Second {
		t.Errorf("next document took %s", d)
	}
	if c.starts != 1 {
		t.Errorf("chromium started %d times; stopping a renderer must not take the browser down", c.starts)
	}
	t.Logf("busy loop killed after %s; next document %s", took.Round(time.Millisecond), time.Since(at).Round(time.Millisecond))
}

// TestTypedArraysKilledAtMemoryBudget: the renderer of a document that
// allocates gigabytes is killed at its memory budget, the memory comes back,
// and the next document renders.
func TestTypedArraysKilledAtMemoryBudget(t *testing.T) {
	const budget = 512 << 20
	c := newTestChromium(t, Options{Concurrency: 1, JavaScript: true, Timeout: 60 * time.Second,
		Budget: Budget{CPU: 30 * time.Second, Memory: budget}})
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("warm-up: %v", err)
	}
	// Sample the renderers' peak RSS while the document runs: the watchdog
	// must stop it near the budget, not after it took gigabytes.
	stop := make(chan struct{})
	peakCh := make(chan int64, 1)
	go func() {
		var peak int64
		defer func() { peakCh <- peak }()
		for {
			for _, pid := range rendererPIDs(currentPID(c)) {
				if _, rss, ok := procStat(pid); ok {
					peak = max(peak, rss)
				}
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	at := time.Now()
	_, err := c.Convert(context.Background(), []byte(typedArrays))
	close(stop)
	if peak := <-peakCh; peak > 2*budget {
		t.Errorf("a renderer reached %d MiB; want it stopped near the %d MiB budget", peak>>20, budget>>20)
	} else {
		t.Logf("peak renderer RSS %d MiB", peak>>20)
	}
	var be *BudgetError
	if !errors.As(err, &be) || be.Resource != "memory" || be.Limit != "512 MiB" {
		t.Fatalf("typed arrays: err = %v, want a memory BudgetError (512 MiB)", err)
	}
	t.Logf("typed-array document killed after %s", time.Since(at).Round(time.Millisecond))
	// The memory is back: no renderer of the browser holds the arrays.
	var peak int64
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		peak = 0
		for _, pid := range rendererPIDs(currentPID(c)) {
			if _, rss, ok := procStat(pid); ok {
				peak = max(peak, rss)
			}
		}
		if peak < budget/2 || time.Now().After(deadline) {
			break
		}
	}
	if peak >= budget/2 {
		t.Errorf("a renderer still holds %d MiB after the kill", peak>>20)
	}
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("after the kill: %v", err)
	}
	if c.starts != 1 {
		t.Errorf("chromium started %d times; stopping a renderer must not take the browser down", c.starts)
	}
}

// TestChromiumSandboxed: Chromium keeps its sandbox (no --no-sandbox) and,
// when the tests run as root as in CI, none of its processes is root;
// renderers are under seccomp.
func TestChromiumSandboxed(t *testing.T) {
	c := newTestChromium(t, Options{Concurrency: 1})
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("Convert: %v", err)
	}
	root := currentPID(c)
	pids := append(descendants(root), root)
	renderers := 0
	for _, pid := range pids {
		p := strconv.Itoa(pid)
		cmd, err1 := os.ReadFile("/proc/" + p + "/cmdline")
		status, err2 := os.ReadFile("/proc/" + p + "/status")
		if err1 != nil || err2 != nil {
			continue // exited meanwhile
		}
		if bytes.Contains(cmd, []byte("--no-sandbox")) {
			t.Errorf("process %d runs with --no-sandbox: %.200s", pid, cmd)
		}
		uid := statusField(status, "Uid:")
		if os.Geteuid() == 0 && (uid == "" || strings.Fields(uid)[0] == "0") {
			t.Errorf("process %d runs as root (Uid: %s)", pid, uid)
		}
		if bytes.Contains(cmd, []byte("--type=renderer")) {
			renderers++
			if s := statusField(status, "Seccomp:"); s != "2" {
				t.Errorf("renderer %d: Seccomp %q, want 2 (filter)", pid, s)
			}
		}
	}
	if renderers == 0 {
		t.Fatalf("no renderer found under chromium %d", root)
	}
}

func statusField(status []byte, name string) string {
	for line := range strings.Lines(string(status)) {
		if v, ok := strings.CutPrefix(line, name); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// TestBackToBackDocumentsEachGetTheirBudget: the CPU budget is per
// document; documents rendered one after another on the same tab, with no
// idle pause between them, do not add up.
func TestBackToBackDocumentsEachGetTheirBudget(t *testing.T) {
	c := newTestChromium(t, Options{Concurrency: 1, JavaScript: true, Timeout: 30 * time.Second,
		Budget: Budget{CPU: 2 * time.Second}})
	busy := `<!doctype html><p>busy a while</p><script>const t0 = performance.now(); while (performance.now() - t0 < 900) {}</script>`
	for i := range 5 {
		if _, err := c.Convert(context.Background(), []byte(busy)); err != nil {
			t.Fatalf("document %d (about 0.9 s of CPU each, 2 s budget): %v", i+1, err)
		}
	}
}
