package pdf

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os/exec"
	"sync"
	"time"
)

// Options configure the Chromium converter.
type Options struct {
	// ExecPath is the Chromium binary; empty makes every job ErrUnavailable.
	ExecPath string
	// Concurrency is how many documents render at once (at least 1).
	Concurrency int
	// Queue is how many more jobs may wait for a slot before ErrBusy.
	Queue int
	// Timeout bounds one job, waiting in the queue included.
	Timeout time.Duration
	// MaxHTMLBytes is the largest document accepted (ErrTooLarge above).
	MaxHTMLBytes int
	// RestartAfter replaces the browser after this many jobs.
	RestartAfter int
	// Logger receives start, crash and restart lines; nil: slog.Default.
	Logger *slog.Logger
	// JavaScript lets documents run scripts (PDF_JAVASCRIPT); off, no
	// script of a document runs at all.
	JavaScript bool
	// Budget is what one document may use before its renderer is killed
	// (ErrBudget); the zero value enforces none.
	Budget Budget
	// User is the account Chromium runs as when the server is root
	// (PDF_USER); empty: the first of DefaultUsers that exists.
	User string
	// NoSandbox starts Chromium with --no-sandbox (PDF_SANDBOX=false), for
	// machines where its sandbox cannot work; the user switch still holds.
	NoSandbox bool

	layers layers // tests switch off layers; zero value means all on
}

// Chromium is the supervised headless-Chromium Converter. Build it with
// NewChromium; the browser starts on the first job.
type Chromium struct {
	opts  Options
	log   *slog.Logger
	limit *limiter

	startMu sync.Mutex // one browser start at a time
	mu      sync.Mutex
	cur     *browser
	closed  bool
	live    sync.WaitGroup // browsers not yet closed
	starts  int
}

// errBrowserDied marks a job lost to a browser crash; it is retried once.
var errBrowserDied = fmt.Errorf("%w: chromium exited", ErrUnavailable)

// NewChromium returns a converter; nothing starts until the first job.
func NewChromium(o Options) *Chromium {
	o.Concurrency = max(1, o.Concurrency)
	o.Queue = max(0, o.Queue)
	o.RestartAfter = max(1, o.RestartAfter)
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	if o.layers == (layers{}) {
		o.layers = allLayers
	}
	c := &Chromium{opts: o, log: o.Logger, limit: newLimiter(o.Concurrency, o.Queue)}
	if c.log == nil {
		c.log = slog.Default()
	}
	return c
}

// Convert renders html, waiting for a slot if all are busy and the queue
// has room.
func (c *Chromium) Convert(ctx context.Context, html []byte) ([]byte, error) {
	if c.opts.MaxHTMLBytes > 0 && len(html) > c.opts.MaxHTMLBytes {
		return nil, ErrTooLarge
	}
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	release, err := c.limit.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	pdf, err := c.convertOnce(ctx, html)
	if errors.Is(err, errBrowserDied) && ctx.Err() == nil {
		c.log.Warn("pdf: chromium died during a job; retrying on a new browser")
		pdf, err = c.convertOnce(ctx, html)
	}
	return pdf, err
}

func (c *Chromium) convertOnce(ctx context.Context, html []byte) ([]byte, error) {
	b, err := c.acquire()
	if err != nil {
		return nil, err
	}
	at := time.Now()
	reused := false
	t, err := b.tab(ctx)
	if t != nil {
		reused = t.uses > 0
	}
	if err != nil {
		c.release(b)
		return nil, c.jobErr(ctx, b, err)
	}
	j := b.watch.startJob(t.pid, t.crashed)
	pdf, err := t.render(ctx, html)
	helperOver := b.watch.finishJob(j)
	if err != nil {
		crashed := t.isCrashed()
		t.close()
		if helperOver != nil {
			c.release(b)
			return nil, helperOver
		}
		if crashed {
			if over := b.watch.killedSince(at); over != nil {
				c.release(b)
				return nil, over
			}
		}
		err = c.jobErr(ctx, b, err)
		if errors.Is(err, ErrTimeout) {
			c.reclaim(b)
		}
		c.release(b)
		return nil, err
	}
	c.log.Debug("pdf: converted", "bytes", len(pdf), "took", time.Since(at).Round(time.Millisecond).String(),
		"tab_reused", reused, "pid", b.pid)
	b.recycle(t)
	c.release(b)
	return pdf, nil
}

// jobErr classifies a failed job: out of time, browser crash, or another
// browser failure.
func (c *Chromium) jobErr(ctx context.Context, b *browser, err error) error {
	if ctx.Err() != nil {
		return ctxErr(ctx)
	}
	// The tab's copy of the deadline can fire a moment before ctx's own.
	if d, ok := ctx.Deadline(); ok && errors.Is(err, context.DeadlineExceeded) && time.Until(d) < 50*time.Millisecond {
		return ErrTimeout
	}
	if b.diedWithin(time.Second) {
		return errBrowserDied
	}
	return fmt.Errorf("%w: %v", ErrUnavailable, err)
}

// reclaim runs after a job ran out of time: work it left in the browser's
// helper processes (which closing its tab does not stop) is its leftover,
// so the browser is replaced and its whole process tree killed once its
// other jobs are done. Without a budget the watchdog reads no process, so
// the browser is replaced on every timeout.
func (c *Chromium) reclaim(b *browser) {
	busy := b.watch.busyHelpers()
	if b.watch.active() && len(busy) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if b.retired {
		return
	}
	c.log.Warn("pdf: a job ran out of time with browser processes still working; replacing the browser", "pid", b.pid, "busy", busy)
	if c.cur == b {
		c.cur = nil
	}
	c.retire(b)
}

// acquire returns the current browser, replacing it first when it died or
// has done RestartAfter jobs, and starting one if there is none.
func (c *Chromium) acquire() (*browser, error) {
	c.startMu.Lock()
	defer c.startMu.Unlock()
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil, fmt.Errorf("%w: closed", ErrUnavailable)
	}
	if b := c.cur; b != nil && (b.dead() || b.jobs >= c.opts.RestartAfter || b.watch.unhealthy()) {
		switch {
		case b.watch.unhealthy():
			c.log.Warn("pdf: a killed browser process would not go; starting a new browser", "pid", b.pid)
		case b.dead():
			c.log.Warn("pdf: chromium exited unexpectedly; starting a new one", "pid", b.pid)
		default:
			c.log.Info("pdf: restarting chromium", "pid", b.pid, "jobs", b.jobs)
		}
		c.retire(b)
		c.cur = nil
	}
	b := c.cur
	c.mu.Unlock()
	if b == nil {
		var err error
		if b, err = c.start(); err != nil {
			return nil, err
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	b.jobs++
	b.refs++
	return b, nil
}

func (c *Chromium) start() (*browser, error) {
	if c.opts.ExecPath == "" {
		return nil, ErrNoChromium
	}
	at := time.Now()
	b, err := startBrowser(&c.opts, c.log)
	if err != nil {
		c.log.Error("pdf: chromium failed to start", "path", c.opts.ExecPath, "err", err)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, exec.ErrNotFound) {
			return nil, fmt.Errorf("%w: %v", ErrNoChromium, err)
		}
		return nil, fmt.Errorf("%w: start chromium: %v", ErrUnavailable, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		b.close()
		return nil, fmt.Errorf("%w: closed", ErrUnavailable)
	}
	c.live.Add(1)
	c.cur = b
	c.starts++
	c.log.Info("pdf: chromium started", "pid", b.pid, "took", time.Since(at).Round(time.Millisecond).String(),
		"user", b.launch.as, "sandbox", !c.opts.NoSandbox, "javascript", c.opts.JavaScript)
	return b, nil
}

// retire stops handing out b and closes it once its jobs are done. Callers
// hold c.mu.
func (c *Chromium) retire(b *browser) {
	b.retired = true
	if b.refs == 0 {
		go c.closeBrowser(b)
	}
}

func (c *Chromium) release(b *browser) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b.refs--
	if b.retired && b.refs == 0 {
		go c.closeBrowser(b)
	}
}

func (c *Chromium) closeBrowser(b *browser) {
	b.close()
	c.live.Done()
}

// Close stops handing out work, lets running jobs finish and shuts every
// browser down, waiting until ctx ends at most.
func (c *Chromium) Close(ctx context.Context) error {
	c.startMu.Lock()
	c.mu.Lock()
	c.closed = true
	if c.cur != nil {
		c.retire(c.cur)
		c.cur = nil
	}
	c.mu.Unlock()
	c.startMu.Unlock()
	done := make(chan struct{})
	go func() {
		c.live.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("pdf: close: %w", ctx.Err())
	}
}
