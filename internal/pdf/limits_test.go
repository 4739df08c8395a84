package pdf

import (
	"context"
	"errors"
	"syscall"
	"testing"
	"time"
)

// spin never finishes loading: its script never returns.
const spin = `<!doctype html><p>spinning</p><script>for(;;){}</script>`

func TestTooLargeIsRefusedBeforeStarting(t *testing.T) {
	c := NewChromium(Options{ExecPath: "/nonexistent/chromium", MaxHTMLBytes: 100})
	_, err := c.Convert(context.Background(), make([]byte, 101))
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
	if c.starts != 0 {
		t.Fatalf("a browser was started for a refused document")
	}
}

func TestNoChromiumIsUnavailable(t *testing.T) {
	for _, path := range []string{"", "/nonexistent/chromium"} {
		c := NewChromium(Options{ExecPath: path, Timeout: 5 * time.Second})
		_, err := c.Convert(context.Background(), []byte("<p>x</p>"))
		if !errors.Is(err, ErrNoChromium) || !errors.Is(err, ErrUnavailable) {
			t.Errorf("ExecPath %q: err = %v, want ErrNoChromium (an ErrUnavailable)", path, err)
		}
	}
}

func TestTimeoutThenRecovers(t *testing.T) {
	c := newTestChromium(t, Options{Concurrency: 1, Timeout: 15 * time.Second, JavaScript: true})
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("warm-up: %v", err) // starts the browser outside the short deadline below
	}
	c.opts.Timeout = 2 * time.Second
	at := time.Now()
	_, err := c.Convert(context.Background(), []byte(spin))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if d := time.Since(at); d > 5*time.Second {
		t.Errorf("timeout took %s, want about 2s", d)
	}
	c.opts.Timeout = 20 * time.Second
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("after a timed-out job: %v", err)
	}
}

func TestQueueFullIsBusy(t *testing.T) {
	c := newTestChromium(t, Options{Concurrency: 1, Queue: 1, Timeout: 4 * time.Second, JavaScript: true})
	errs := make(chan error, 2)
	run := func(doc string) {
		go func() {
			_, err := c.Convert(context.Background(), []byte(doc))
			errs <- err
		}()
	}
	waitAdmitted := func(n int64) {
		for deadline := time.Now().Add(2 * time.Second); c.limit.admitted.Load() < n; {
			if time.Now().After(deadline) {
				t.Fatalf("admitted = %d, want %d", c.limit.admitted.Load(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	run(spin) // holds the only slot until it times out
	waitAdmitted(1)
	run(fixture) // waits in the only queue place
	waitAdmitted(2)
	at := time.Now()
	if _, err := c.Convert(context.Background(), []byte(fixture)); !errors.Is(err, ErrBusy) {
		t.Fatalf("third job: err = %v, want ErrBusy", err)
	}
	if d := time.Since(at); d > 200*time.Millisecond {
		t.Errorf("ErrBusy took %s; it must not wait", d)
	}
	for range 2 {
		if err := <-errs; !errors.Is(err, ErrTimeout) {
			t.Errorf("running/queued job: err = %v, want ErrTimeout", err)
		}
	}
}

func TestRestartAfterNJobs(t *testing.T) {
	c := newTestChromium(t, Options{Concurrency: 1, RestartAfter: 2})
	var pids []int
	for range 3 {
		if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
			t.Fatalf("Convert: %v", err)
		}
		pids = append(pids, currentPID(c))
	}
	if c.starts != 2 || pids[0] != pids[1] || pids[1] == pids[2] {
		t.Fatalf("starts = %d, pids = %v; want one restart after job 2", c.starts, pids)
	}
	waitGone(t, pids[0])
}

func TestRecoversAfterBrowserKilled(t *testing.T) {
	c := newTestChromium(t, Options{Concurrency: 1})
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("Convert: %v", err)
	}
	pid := currentPID(c)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatalf("kill %d: %v", pid, err)
	}
	// At once, while the supervisor may not have noticed yet.
	b, err := c.Convert(context.Background(), []byte(fixture))
	if err != nil {
		t.Fatalf("Convert after kill: %v", err)
	}
	if pages, _, _ := pdfPages(t, b); pages != 1 || c.starts != 2 || currentPID(c) == pid {
		t.Fatalf("pages %d, starts %d, pid %d (killed %d)", pages, c.starts, currentPID(c), pid)
	}
}

func TestCloseStopsTheBrowser(t *testing.T) {
	c := newTestChromium(t, Options{})
	if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
		t.Fatalf("Convert: %v", err)
	}
	pid := currentPID(c)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := c.Close(ctx); err != nil {
		t.Fatalf("Close: %v", err)
	}
	waitGone(t, pid)
	if _, err := c.Convert(context.Background(), []byte(fixture)); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Convert after Close: %v, want ErrUnavailable", err)
	}
}

func currentPID(c *Chromium) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cur == nil {
		return 0
	}
	return c.cur.pid
}

// waitGone waits for a process to exit (and be reaped).
func waitGone(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if syscall.Kill(pid, 0) != nil {
			return
		}
	}
	t.Fatalf("chromium %d still running", pid)
}
