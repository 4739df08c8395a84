package pdf

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// ChecklistPath is where the Sales Signal Checklist PDF is served, and
// ChecklistSource the HTML it is made from, in the web build.
const (
	ChecklistPath   = "/sales-signal-checklist.pdf"
	ChecklistSource = "sales-signal-checklist.html"
)

// checklistTimeout bounds the one conversion, however short the request's
// own patience: waiting requests share its result.
const checklistTimeout = 60 * time.Second

// Checklist serves the Sales Signal Checklist as a PDF made by the same
// converter from the HTML in the web build: converted once, on the first
// request (concurrent first requests share one conversion), then kept in
// memory.
type Checklist struct {
	conv  Converter
	web   fs.FS
	group singleflight.Group

	mu   sync.Mutex
	pdf  []byte
	etag string
}

// NewChecklist returns the handler; web is the web build's dist directory.
func NewChecklist(conv Converter, web fs.FS) *Checklist {
	return &Checklist{conv: conv, web: web}
}

// Routes is the checklist's route table: the PDF at ChecklistPath, a file
// the web app does not have.
func (c *Checklist) Routes() []httpx.Route {
	return []httpx.Route{{Method: "GET", Path: ChecklistPath, Handler: c, Access: httpx.AccessPublic,
		OperationID: "getSalesSignalChecklist"}}
}

// ServeHTTP answers GET and HEAD with the PDF (ETag, If-None-Match, Range
// via http.ServeContent) or a JSON error when it cannot be made.
func (c *Checklist) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	pdf, etag, err := c.get(r.Context())
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			httpx.ServerError(w, r, err)
			return
		}
		writeConvertError(w, r, err, 0)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", ContentDisposition("inline", "sales-signal-checklist"))
	h.Set("Cache-Control", "public, max-age=86400")
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(pdf))
}

func (c *Checklist) get(ctx context.Context) ([]byte, string, error) {
	c.mu.Lock()
	pdf, etag := c.pdf, c.etag
	c.mu.Unlock()
	if pdf != nil {
		return pdf, etag, nil
	}
	ch := c.group.DoChan("checklist", func() (any, error) { return nil, c.make() })
	select {
	case res := <-ch:
		if res.Err != nil {
			return nil, "", res.Err
		}
	case <-ctx.Done():
		return nil, "", ctx.Err()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pdf, c.etag, nil
}

// make converts the checklist and caches it; a failure is not cached, so
// the next request tries again (e.g. once Chromium is installed).
func (c *Checklist) make() error {
	html, err := fs.ReadFile(c.web, ChecklistSource)
	if err != nil {
		return fmt.Errorf("read checklist source: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), checklistTimeout)
	defer cancel()
	pdf, err := c.conv.Convert(ctx, html)
	if err != nil {
		return fmt.Errorf("convert checklist: %w", err)
	}
	sum := sha256.Sum256(pdf)
	c.mu.Lock()
	c.pdf, c.etag = pdf, `"`+hex.EncodeToString(sum[:12])+`"`
	c.mu.Unlock()
	return nil
}
