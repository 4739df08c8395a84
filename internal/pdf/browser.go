package pdf

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/chromedp/chromedp"
)

// startTimeout bounds a browser start; a start takes 1.2-1.9 s on a quiet machine, up to 6.7 s under load (docs/performance.md).
const startTimeout = 20 * time.Second

// layers switches the independent request-blocking layers; production runs
// with all three, tests turn all but one off to prove each holds alone.
type layers struct {
	csp       bool // Content-Security-Policy on the document
	intercept bool // Fetch interception of every request (off: only the document's host)
	proxy     bool // dead proxy for all traffic, loopback included
}

var allLayers = layers{csp: true, intercept: true, proxy: true}

// browser is one Chromium process and its idle tabs. Its jobs/refs/retired
// fields belong to the supervisor's lock.
type browser struct {
	ctx         context.Context // the browser's own chromedp context; tabs are children
	cancel      context.CancelFunc
	allocCancel context.CancelFunc
	lost        <-chan struct{}
	pid         int
	layers      layers
	js          bool      // documents may run JavaScript
	watch       *watchdog // the renderers' CPU and memory budget
	launch      *launch   // its user and profile directory
	log         *slog.Logger

	jobs, refs int
	retired    bool

	openMu    sync.Mutex // one tab opens at a time
	mu        sync.Mutex
	idle      []*tab
	recycling int           // idle tabs being blanked, back in a moment
	returned  chan struct{} // signalled when a tab becomes idle
	closed    bool
	once      sync.Once
}

// startBrowser launches Chromium as o says and waits until it answers.
func startBrowser(o *Options, log *slog.Logger) (*browser, error) {
	l := o.layers
	ln, err := launchOptions(o.User, !o.NoSandbox)
	if err != nil {
		return nil, err
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(o.ExecPath))
	opts = append(opts, launchFlags(l.proxy)...)
	opts = append(opts, ln.opts...)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	quiet := func(format string, args ...any) { log.Debug("chromium: " + fmt.Sprintf(format, args...)) }
	bctx, bcancel := chromedp.NewContext(actx, chromedp.WithLogf(quiet), chromedp.WithErrorf(quiet))
	// The first call's context owns the process, so it cannot carry a
	// timeout; a timer cancels a start that hangs instead.
	timer := time.AfterFunc(startTimeout, bcancel)
	err = chromedp.Do(bctx)
	if !timer.Stop() && err == nil {
		err = errors.New("start timed out")
	}
	if err != nil {
		bcancel()
		acancel()
		ln.cleanup()
		return nil, err
	}
	cb := chromedp.FromContext(bctx).Browser
	b := &browser{ctx: bctx, cancel: bcancel, allocCancel: acancel, lost: cb.LostConnection, layers: l,
		js: o.JavaScript, launch: ln, log: log, returned: make(chan struct{}, 1)}
	if p := cb.Process(); p != nil {
		b.pid = p.Pid
	}
	b.watch = startWatchdog(b.pid, o.Budget, log)
	return b, nil
}

// dead reports whether the process is gone without being asked to go.
func (b *browser) dead() bool {
	select {
	case <-b.lost:
		return true
	default:
		return false
	}
}

// diedWithin waits up to d for the connection loss that follows a crash:
// a job that failed right after the process died should be retried.
func (b *browser) diedWithin(d time.Duration) bool {
	select {
	case <-b.lost:
		return true
	case <-time.After(d):
		return false
	}
}

// recycleWait is how long a job waits for a tab that is being blanked
// before it opens a new one: blanking takes tens of milliseconds, opening a
// tab hundreds.
const recycleWait = 300 * time.Millisecond

// tab hands out an idle tab, waiting briefly for one being recycled, or
// opens a new one.
func (b *browser) tab(ctx context.Context) (*tab, error) {
	deadline := time.Now().Add(recycleWait)
	for {
		b.mu.Lock()
		if n := len(b.idle); n > 0 {
			t := b.idle[n-1]
			b.idle = b.idle[:n-1]
			b.mu.Unlock()
			if t.isCrashed() { // its renderer was killed while it waited
				t.close()
				continue
			}
			return t, nil
		}
		waiting := b.recycling > 0
		b.mu.Unlock()
		wait := time.Until(deadline)
		if !waiting || wait <= 0 {
			return b.openTab(ctx)
		}
		select {
		case <-b.returned:
		case <-time.After(wait):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// openTab opens a tab and finds its renderer process, for the budget: tabs
// open one at a time, and the renderer that appeared meanwhile is the new
// tab's (each tab has a renderer of its own, which stays the tab's, since
// every document is of one site). When that is not clear, the watchdog
// still enforces the budget, by killing the process.
func (b *browser) openTab(ctx context.Context) (*tab, error) {
	b.openMu.Lock()
	defer b.openMu.Unlock()
	watched := b.watch.active()
	var before []int
	if watched {
		before = rendererPIDs(b.pid)
	}
	t, err := openTab(ctx, b.ctx, b.layers, b.js)
	if err != nil || !watched {
		return t, err
	}
	var added []int
	for _, pid := range rendererPIDs(b.pid) {
		if !slices.Contains(before, pid) {
			added = append(added, pid)
		}
	}
	if len(added) == 1 {
		t.pid = added[0]
		b.watch.own(t.pid, t.stop)
		t.onClose = func() { b.watch.disown(t.pid) }
	}
	return t, nil
}

// idleBlank is how long a used tab may sit idle before it is blanked.
// Blanking at once would make the next job wait for it; left for long, the
// last document's scripts and memory would linger.
const idleBlank = time.Second

// recycle keeps a tab after a successful job for the next one (unless it
// is worn out or the browser is going away) and blanks it if it stays idle.
func (b *browser) recycle(t *tab) {
	if t.uses >= maxTabUses {
		t.close()
		return
	}
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		t.close()
		return
	}
	t.dirty = true
	b.idle = append(b.idle, t)
	b.mu.Unlock()
	b.signal()
	time.AfterFunc(idleBlank, func() { b.blank(t) })
}

// blank navigates an idle, used tab to about:blank (stopping the last
// document's scripts and freeing its memory); a tab in use is left alone.
func (b *browser) blank(t *tab) {
	b.mu.Lock()
	i := slices.Index(b.idle, t)
	if i < 0 || !t.dirty {
		b.mu.Unlock()
		return
	}
	b.idle = slices.Delete(b.idle, i, i+1)
	b.recycling++
	b.mu.Unlock()
	err := t.reset()
	b.mu.Lock()
	b.recycling--
	t.dirty = false
	if err != nil || b.closed {
		t.close()
	} else {
		b.idle = append(b.idle, t)
	}
	b.mu.Unlock()
	b.signal()
}

func (b *browser) signal() {
	select {
	case b.returned <- struct{}{}:
	default:
	}
}

// close shuts the browser down and removes its profile directory. It waits
// for the process to exit.
func (b *browser) close() {
	b.once.Do(func() {
		b.mu.Lock()
		b.closed = true
		idle := b.idle
		b.idle = nil
		b.mu.Unlock()
		for _, t := range idle {
			t.cancel()
		}
		// The browser's children are read first: a helper busy with a
		// document (a print compositor, say) does not notice the browser
		// went and would keep a core busy, reparented, for minutes.
		tree := treeOf(b.pid)
		b.cancel()
		b.allocCancel() // waits for the process to exit
		b.watch.close()
		if n := killTree(tree); n > 0 {
			b.log.Debug("pdf: processes of a closed browser were still there; killed", "pid", b.pid, "killed", n)
		}
		b.launch.cleanup()
	})
}
