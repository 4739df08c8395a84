package pdf

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// heavyCSS is issue 29's document: no script at all, but a blurred
// 100,000 px square whose painting and printing run outside the tab's
// renderer (in Chromium's GPU, utility and print-compositor processes).
const heavyCSS = `<style>div{width:100000px;height:100000px;filter:blur(100px);background:red}</style><div>z</div>`

// browserTree returns every process under the test's own process (the
// browser, its zygotes, renderers, GPU, utility and compositor processes).
func browserTree() []int { return descendants(os.Getpid()) }

// cpuTicks reads a process's user+system CPU ticks; ok is false once it is
// gone (or a zombie).
func cpuTicks(pid int) (uint64, bool) {
	cpu, _, ok := procStat(pid)
	return cpu, ok
}

func cmdline(pid int) string {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return strings.ReplaceAll(string(b), "\x00", " ")
}

// TestHeavyCSSEveryProcessBudgeted: a document whose work runs in the
// browser's helper processes (not its renderer) is stopped at its CPU
// budget with a 422-class BudgetError, and after the answer no process of
// the browser keeps using CPU (sampled from /proc over 2 s). The next
// document converts.
func TestHeavyCSSEveryProcessBudgeted(t *testing.T) {
	c := newTestChromium(t, Options{Concurrency: 1, Timeout: 40 * time.Second, Budget: Budget{CPU: 3 * time.Second}})
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("warm-up: %v", err)
	}
	var be *BudgetError
	err, took := convertWatched(t, c, heavyCSS)
	if !errors.As(err, &be) || be.Resource != "CPU" {
		t.Errorf("heavy CSS: err = %v after %s, want a CPU BudgetError (422)", err, took)
	}
	if took > 25*time.Second {
		t.Errorf("heavy CSS held its slot %s; want about its 3s CPU budget", took)
	}
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("a document after the heavy one: %v", err)
	}
}

// TestHeavyCSSTimeoutReclaimsProcesses: with no budget, the same document
// runs out of time (503), and the work it left in the browser's helper
// processes is stopped too: the browser is replaced and its tree killed.
func TestHeavyCSSTimeoutReclaimsProcesses(t *testing.T) {
	c := newTestChromium(t, Options{Concurrency: 1, Timeout: 6 * time.Second})
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("warm-up: %v", err)
	}
	err, took := convertWatched(t, c, heavyCSS)
	if !errors.Is(err, ErrTimeout) {
		t.Errorf("heavy CSS without a budget: err = %v after %s, want ErrTimeout", err, took)
	}
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("a document after the heavy one: %v", err)
	}
}

// convertWatched converts doc and then checks, from /proc over 2 s, that
// no process the browser had during the job still uses CPU.
func convertWatched(t *testing.T, c *Chromium, doc string) (error, time.Duration) {
	t.Helper()
	// Every process the browser ever had during the job, including ones
	// that were orphaned when a browser was replaced.
	var mu sync.Mutex
	seen := map[int]bool{}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			mu.Lock()
			for _, pid := range browserTree() {
				seen[pid] = true
			}
			mu.Unlock()
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()
	at := time.Now()
	_, err := c.Convert(context.Background(), []byte(doc))
	took := time.Since(at)
	close(stop)
	<-done
	for _, pid := range browserTree() {
		seen[pid] = true
	}
	// Sample every process for 2 s after the answer.
	before := map[int]uint64{}
	for pid := range seen {
		if cpu, ok := cpuTicks(pid); ok {
			before[pid] = cpu
		}
	}
	time.Sleep(2 * time.Second)
	for pid, b := range before {
		cpu, ok := cpuTicks(pid)
		if !ok {
			continue
		}
		// 20 ticks = 0.2 s of CPU in 2 s: an idle browser uses a few.
		if d := cpu - b; d > 20 {
			t.Errorf("pid %d still used %d ticks (%.0f%% of a core) in the 2 s after the answer: %.120s",
				pid, d, float64(d)/2, cmdline(pid))
		}
	}
	return err, took
}
