package pdf

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"iter"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// maxTabUses bounds how many documents one tab renders before it is closed,
// so a slow leak inside a renderer cannot grow for the browser's whole life.
const maxTabUses = 50

// tab is one browser tab that renders documents one after another. Its
// Fetch handler answers the current document's URL with the HTML and fails
// every other request.
type tab struct {
	ctx    context.Context
	cancel context.CancelFunc
	frame  cdp.FrameID
	layers layers
	js     bool // documents may run JavaScript
	uses   int
	dirty  bool // holds a finished document; guarded by the browser's mu

	// alive ends when the tab's renderer crashes (or is killed for going
	// over its budget): a job on it fails at once instead of waiting.
	alive   context.Context
	crashed context.CancelFunc

	pid       int    // its renderer process, when known
	onClose   func() // forgets pid in the watchdog
	closeOnce sync.Once

	mu     sync.Mutex
	docURL string
	doc    []byte

	// blocked counts refused requests; tests read it.
	blocked atomic.Int64
}

// openTab opens a new tab in the browser of bctx and turns on interception
// before any document loads in it.
func openTab(ctx, bctx context.Context, l layers, js bool) (*tab, error) {
	tctx, cancel := chromedp.NewContext(bctx)
	t := &tab{ctx: tctx, cancel: cancel, layers: l, js: js}
	t.alive, t.crashed = context.WithCancel(context.Background())
	// The first call on tctx opens the tab; stop waiting for it with ctx.
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	events := chromedp.Events(tctx, fetch.RequestPaused)
	crashes := chromedp.Events(tctx, inspector.TargetCrashed)
	patterns := []*fetch.RequestPattern{{URLPattern: "*"}}
	if !l.intercept {
		patterns = []*fetch.RequestPattern{{URLPattern: "http://*." + docSite + "/*"}}
	}
	err := chromedp.Do(tctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		t.frame = cdp.FrameID(tg.TargetID)
		if _, err := cdp.Call(ctx, tg, fetch.Enable, fetch.EnableParams{Patterns: patterns}); err != nil {
			return fmt.Errorf("enable interception: %w", err)
		}
		// No cookies: the sandbox already denies them; this holds even for
		// a document the sandbox did not reach.
		if _, err := cdp.Call(ctx, tg, emulation.SetDocumentCookieDisabled,
			emulation.SetDocumentCookieDisabledParams{Disabled: true}); err != nil {
			return fmt.Errorf("disable cookies: %w", err)
		}
		// No JavaScript unless the operator allows it (PDF_JAVASCRIPT);
		// this holds even for a document the CSP sandbox did not reach.
		if !js {
			if _, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled,
				emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
				return fmt.Errorf("disable scripts: %w", err)
			}
		}
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument,
			page.AddScriptToEvaluateOnNewDocumentParams{Source: noWebRTC})
		return err
	}))
	if err != nil {
		cancel()
		return nil, fmt.Errorf("open tab: %w", err)
	}
	go t.serve(events)
	go func() {
		for _, err := range crashes {
			if err != nil {
				return
			}
			t.crashed()
		}
	}()
	return t, nil
}

// stop ends a document that went over its budget: its job fails at once,
// its script is terminated (Runtime.terminateExecution is handled even
// while a script runs, so an allocating loop stops right away), and the tab
// closes, which makes Chromium end the renderer and free its memory.
func (t *tab) stop() {
	t.crashed()
	go func() {
		ctx, cancel := context.WithTimeout(t.ctx, time.Second)
		_ = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, cdpruntime.TerminateExecution, cdp.Empty{})
			return err
		}))
		cancel()
		t.close()
	}()
}

// isCrashed reports whether the tab's renderer is gone.
func (t *tab) isCrashed() bool { return t.alive.Err() != nil }

// serve answers every paused request until the tab closes.
func (t *tab) serve(events iter.Seq2[fetch.EventRequestPaused, error]) {
	for ev, err := range events {
		if err != nil {
			return
		}
		t.answer(ev)
	}
}

// answer fulfils the current document's own request (main frame, once) and
// fails everything else except data:/blob: URIs.
func (t *tab) answer(ev fetch.EventRequestPaused) {
	ctx, cancel := context.WithTimeout(t.ctx, 5*time.Second)
	defer cancel()
	u := ev.Request.URL
	if body := t.take(u, ev); body != nil {
		_, _ = chromedp.Call(ctx, fetch.FulfillRequest, fetch.FulfillRequestParams{
			RequestID: ev.RequestID, ResponseCode: 200, Body: body, ResponseHeaders: t.headers()})
		return
	}
	if allowedRequest(u) {
		_, _ = chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
		return
	}
	t.blocked.Add(1)
	_, _ = chromedp.Call(ctx, fetch.FailRequest, fetch.FailRequestParams{
		RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
}

// take returns the document for its own main-frame request, once per job;
// nil for any other request.
func (t *tab) take(u string, ev fetch.EventRequestPaused) []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.doc == nil || u != t.docURL || ev.FrameID != t.frame || ev.ResourceType != network.ResourceTypeDocument {
		return nil
	}
	body := t.doc
	t.doc = nil
	return body
}

func (t *tab) headers() []*fetch.HeaderEntry {
	h := []*fetch.HeaderEntry{
		{Name: "Content-Type", Value: "text/html; charset=utf-8"},
		{Name: "Cache-Control", Value: "no-store"},
	}
	if t.layers.csp {
		csp := documentCSPNoScript
		if t.js {
			csp = documentCSP
		}
		h = append(h, &fetch.HeaderEntry{Name: "Content-Security-Policy", Value: csp})
	}
	return h
}

// render loads html at a fresh made-up origin (storage is per origin, and
// the sandbox and the tab's settings deny cookies, so nothing passes to the
// next document) and prints it on A4.
func (t *tab) render(job context.Context, html []byte) ([]byte, error) {
	ctx, cancel := within(t.ctx, job)
	defer cancel()
	defer context.AfterFunc(t.alive, cancel)()
	t.uses++
	u := "http://d" + randomLabel() + "." + docSite + "/"
	t.mu.Lock()
	t.docURL, t.doc = u, html
	t.mu.Unlock()
	defer func() {
		t.mu.Lock()
		t.docURL, t.doc = "", nil
		t.mu.Unlock()
	}()
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return nil, fmt.Errorf("load document: %w", err)
	}
	// Web fonts (data: URIs) load asynchronously; print once they are in.
	_ = chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.fonts.ready.then(() => true)`, chromedp.EvalAwaitPromise))
	pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(
		chromedp.PDFPaper(chromedp.PaperSize{Width: PaperWidthIn, Height: PaperHeightIn}),
		chromedp.PDFMargin(MarginIn),
		chromedp.PDFPrintBackground(),
	))
	if err != nil {
		return nil, fmt.Errorf("print: %w", err)
	}
	return pdf, nil
}

// reset leaves the last document (stopping its scripts and freeing its
// memory) so the tab can wait idle for the next job.
func (t *tab) reset() error {
	ctx, cancel := context.WithTimeout(t.ctx, 5*time.Second)
	defer cancel()
	return chromedp.Do(ctx, chromedp.Navigate("about:blank"))
}

// close closes the tab; it returns at once and closes in the background,
// since a hung renderer can take a moment to go.
func (t *tab) close() {
	t.closeOnce.Do(func() {
		t.crashed()
		go func() {
			t.cancel()
			if t.onClose != nil {
				t.onClose()
			}
		}()
	})
}

// within derives a context of the tab (chromedp needs one) that also ends
// when the job's context does.
func within(tab, job context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(tab)
	if d, ok := job.Deadline(); ok {
		var cancelDeadline context.CancelFunc
		ctx, cancelDeadline = context.WithDeadline(ctx, d)
		inner := cancel
		cancel = func() { cancelDeadline(); inner() }
	}
	stop := context.AfterFunc(job, cancel)
	return ctx, func() { stop(); cancel() }
}

func randomLabel() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
