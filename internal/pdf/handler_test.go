package pdf

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// fakeConverter answers every job with pdf or err and counts the calls.
type fakeConverter struct {
	pdf   []byte
	err   error
	calls atomic.Int32
	got   []byte
	mu    sync.Mutex
}

func (f *fakeConverter) Convert(_ context.Context, html []byte) ([]byte, error) {
	f.calls.Add(1)
	f.mu.Lock()
	f.got = html
	err := f.err
	f.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return f.pdf, nil
}

func (f *fakeConverter) Close(context.Context) error { return nil }

func apiMux(conv Converter, o HandlerOptions) http.Handler {
	if o.MaxHTMLBytes == 0 {
		o.MaxHTMLBytes = 1000
	}
	mux := http.NewServeMux()
	httpx.MountMux(mux, httpx.Guards{}, NewHandler(conv, o).Routes()...)
	return mux
}

var jsonHeaders = map[string]string{"Content-Type": "application/json"}

func body(html, name string) string {
	b, _ := json.Marshal(map[string]string{"html": html, "fileName": name})
	return string(b)
}

func TestConvertHandler(t *testing.T) {
	ok := &fakeConverter{pdf: []byte("%PDF-1.7 test")}
	errAnswer := func(err error) http.Handler { return apiMux(&fakeConverter{err: err}, HandlerOptions{}) }
	h := apiMux(ok, HandlerOptions{})
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Name: "converts", Method: "POST", Path: "/api/convert-pdf", Headers: jsonHeaders, Body: body("<h1>x</h1>", "Q3 report"),
			WantStatus: 200, WantBody: []string{"%PDF-1.7 test"}, WantHeaders: map[string]string{
				"Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="Q3 report.pdf"`,
				"Cache-Control": "no-store", "Content-Length": "13"}},
		{Name: "default name", Method: "POST", Path: "/api/convert-pdf", Headers: jsonHeaders, Body: `{"html":"<p>x</p>"}`,
			WantStatus: 200, WantHeaders: map[string]string{"Content-Disposition": `attachment; filename="converted-document.pdf"`}},
		{Name: "path in name", Method: "POST", Path: "/api/convert-pdf", Headers: jsonHeaders, Body: body("<p>x</p>", "../../x\r\n\"y"),
			WantStatus: 200, WantHeaders: map[string]string{"Content-Disposition": `attachment; filename="xy.pdf"`}},
		{Name: "empty html", Method: "POST", Path: "/api/convert-pdf", Headers: jsonHeaders, Body: body("", "a"),
			WantStatus: 400, WantJSON: `{"error":"Please paste HTML content or upload an HTML file.","fields":{"html":"required"}}`},
		{Name: "blank html", Method: "POST", Path: "/api/convert-pdf", Headers: jsonHeaders, Body: body(" \n\t ", ""),
			WantStatus: 400, WantBody: []string{emptyHTML}},
		{Name: "not JSON", Method: "POST", Path: "/api/convert-pdf", Headers: map[string]string{"Content-Type": "text/html"}, Body: "<p>x</p>",
			WantStatus: 415, WantJSON: `{"error":"content type must be application/json"}`},
		{Name: "malformed", Method: "POST", Path: "/api/convert-pdf", Headers: jsonHeaders, Body: `{"html":`,
			WantStatus: 400, WantBody: []string{"malformed JSON"}},
		{Name: "html over limit", Method: "POST", Path: "/api/convert-pdf", Headers: jsonHeaders, Body: body(strings.Repeat("a", 1001), ""),
			WantStatus: 413, WantJSON: `{"error":"The HTML is larger than the 1000 bytes limit.","fields":{"html":"too large"}}`},
		{Name: "body over limit", Method: "POST", Path: "/api/convert-pdf", Headers: jsonHeaders, Body: body(strings.Repeat("<", 40000), ""),
			WantStatus: 413},
		{Name: "GET not allowed", Path: "/api/convert-pdf", WantStatus: 405},
	})
	if string(ok.got) != "<p>x</p>" {
		t.Errorf("converter got %q", ok.got)
	}
	for _, tt := range []struct {
		err    error
		status int
		text   string
		header string
	}{
		{ErrBusy, 429, busyText, "2"},
		{ErrTimeout, 503, timeoutText, ""},
		{ErrUnavailable, 503, unavailableText, "30"},
		{ErrNoChromium, 503, noChromiumText, ""},
		{ErrRejected, 422, rejectedText, ""},
		{ErrTooLarge, 413, "The HTML is larger than the 1000 bytes limit.", ""},
		{fmt.Errorf("job: %w", &BudgetError{Resource: "memory", Limit: "512 MiB"}), 422,
			"This document went over its memory budget (512 MiB) and was stopped.", ""},
	} {
		rec := httpxtest.Do(errAnswer(tt.err), "POST", "/api/convert-pdf", jsonHeaders, body("<p>x</p>", ""))
		if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.text) || rec.Header().Get("Retry-After") != tt.header {
			t.Errorf("%v: %d %s Retry-After %q; want %d %q %q", tt.err, rec.Code, rec.Body, rec.Header().Get("Retry-After"), tt.status, tt.text, tt.header)
		}
	}
}

// blockingConverter holds every job until release is closed.
type blockingConverter struct {
	started chan struct{}
	release chan struct{}
}

func (b *blockingConverter) Convert(ctx context.Context, _ []byte) ([]byte, error) {
	b.started <- struct{}{}
	select {
	case <-b.release:
		return []byte("%PDF-1.7"), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (b *blockingConverter) Close(context.Context) error { return nil }

// TestOneConversionPerClient: a client with a conversion running (or
// queued) is refused a second one at once, while another client's document
// still gets through; once the first ends, the client may convert again.
func TestOneConversionPerClient(t *testing.T) {
	conv := &blockingConverter{started: make(chan struct{}, 20), release: make(chan struct{})}
	h := apiMux(conv, HandlerOptions{ClientKey: func(r *http.Request) string { return httpx.ClientIP(r, false) }})
	post := func(ip string) *httptest.ResponseRecorder {
		// Bounded, so that a converter admitting the flood fails the test
		// instead of hanging it.
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		req := httptest.NewRequestWithContext(ctx, "POST", "/api/convert-pdf", strings.NewReader(body("<p>x</p>", "")))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = ip + ":5555"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	first := make(chan int, 1)
	go func() { first <- post("198.51.100.7").Code }()
	<-conv.started
	var wg sync.WaitGroup
	codes := make(chan int, 10)
	for range 10 { // the same client floods
		wg.Go(func() {
			rec := post("198.51.100.7")
			if rec.Code == 429 && !strings.Contains(rec.Body.String(), oneAtATimeText) {
				t.Errorf("429 body %s", rec.Body)
			}
			codes <- rec.Code
		})
	}
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != 429 {
			t.Fatalf("a second conversion of the same client: %d, want 429", c)
		}
	}
	other := make(chan int, 1)
	go func() { other <- post("203.0.113.9").Code }()
	select {
	case <-conv.started: // another client's document reached the converter
	case <-time.After(2 * time.Second):
		t.Fatal("another client's document did not get through")
	}
	close(conv.release)
	if c := <-first; c != 200 {
		t.Errorf("first: %d", c)
	}
	if c := <-other; c != 200 {
		t.Errorf("other client: %d", c)
	}
	go func() { <-conv.started }()
	if rec := post("198.51.100.7"); rec.Code != 200 {
		t.Errorf("after its conversion ended, the client got %d", rec.Code)
	}
}

func TestConvertHandlerRateLimit(t *testing.T) {
	limit := httpx.RateLimit(httpx.NewRateLimiter(2), false)
	h := apiMux(&fakeConverter{pdf: []byte("%PDF-")}, HandlerOptions{Limit: limit})
	for i, want := range []int{200, 200, 429} {
		if rec := httpxtest.Do(h, "POST", "/api/convert-pdf", jsonHeaders, body("<p>x</p>", "")); rec.Code != want {
			t.Fatalf("request %d: %d, want %d", i+1, rec.Code, want)
		}
	}
}

func TestConvertHandlerRealChromium(t *testing.T) {
	c := newTestChromium(t, Options{MaxHTMLBytes: 5 << 20})
	h := apiMux(c, HandlerOptions{MaxHTMLBytes: 5 << 20, Timeout: 30 * time.Second})
	rec := httpxtest.Do(h, "POST", "/api/convert-pdf", jsonHeaders, body(fixture, "Grüße"))
	if rec.Code != 200 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	if pages, _, _ := pdfPages(t, rec.Body.Bytes()); pages != 1 {
		t.Errorf("pages = %d", pages)
	}
	if cd := rec.Header().Get("Content-Disposition"); cd != `attachment; filename="Gr__e.pdf"; filename*=UTF-8''Gr%C3%BC%C3%9Fe.pdf` {
		t.Errorf("Content-Disposition = %s", cd)
	}
}

func TestChecklist(t *testing.T) {
	web := fstest.MapFS{ChecklistSource: {Data: []byte("<h1>Checklist</h1>")}}
	conv := &fakeConverter{err: ErrNoChromium}
	cl := NewChecklist(conv, web)
	rec := httpxtest.Do(cl, "GET", ChecklistPath, nil, "")
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), noChromiumText) {
		t.Fatalf("without Chromium: %d %s", rec.Code, rec.Body)
	}
	conv.mu.Lock()
	conv.err, conv.pdf = nil, []byte("%PDF-1.7 checklist")
	conv.mu.Unlock()
	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() {
			if rec := httpxtest.Do(cl, "GET", ChecklistPath, nil, ""); rec.Code != 200 {
				t.Errorf("GET: %d", rec.Code)
			}
		})
	}
	wg.Wait()
	if n := conv.calls.Load(); n != 2 {
		t.Errorf("converter called %d times, want 2 (one failure, then once for all)", n)
	}
	if string(conv.got) != "<h1>Checklist</h1>" {
		t.Errorf("converted %q", conv.got)
	}
	rec = httpxtest.Do(cl, "GET", ChecklistPath, nil, "")
	etag := rec.Header().Get("ETag")
	if rec.Code != 200 || rec.Body.String() != "%PDF-1.7 checklist" || etag == "" ||
		rec.Header().Get("Content-Type") != "application/pdf" ||
		rec.Header().Get("Content-Disposition") != `inline; filename="sales-signal-checklist.pdf"` ||
		rec.Header().Get("Cache-Control") != "public, max-age=86400" {
		t.Fatalf("GET: %d %q %v", rec.Code, rec.Body, rec.Header())
	}
	rec = httpxtest.Do(cl, "GET", ChecklistPath, map[string]string{"If-None-Match": etag}, "")
	if rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: %d, want 304", rec.Code)
	}
	if n := conv.calls.Load(); n != 2 {
		t.Errorf("cached PDF converted again (%d calls)", n)
	}
}

func TestChecklistRealDocument(t *testing.T) {
	c := newTestChromium(t, Options{})
	cl := NewChecklist(c, os.DirFS("../../web/public"))
	rec := httpxtest.Do(cl, "GET", ChecklistPath, nil, "")
	if rec.Code != 200 {
		t.Fatalf("GET: %d %s", rec.Code, rec.Body)
	}
	pages, w, h := pdfPages(t, rec.Body.Bytes())
	if pages < 1 || math.Abs(w-595) > 2 || math.Abs(h-842) > 2 {
		t.Errorf("%d pages of %.0f x %.0f pt, want A4", pages, w, h)
	}
	if text, ok := pdfText(t, rec.Body.Bytes()); ok && !strings.Contains(text, "Checklist") {
		t.Errorf("checklist PDF text: %.300s", text)
	}
}
