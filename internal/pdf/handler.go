package pdf

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Texts the converter answers with. emptyHTML is the product's own (docs/product.md §10.3).
const (
	emptyHTML       = "Please paste HTML content or upload an HTML file."
	busyText        = "The PDF converter is busy. Please try again in a moment."
	timeoutText     = "The conversion took too long and was stopped."
	unavailableText = "The PDF converter is unavailable right now. Please try again later."
	rejectedText    = "This document could not be converted to PDF."
	noChromiumText  = "The PDF converter is unavailable: Chromium is not installed on this server."
	oneAtATimeText  = "You already have a PDF conversion in progress. Please wait for it to finish."
	budgetText      = "This document went over its %s budget (%s) and was stopped."
)

// busyRetryAfter is the Retry-After sent with 429: about one warm job.
const busyRetryAfter = 2 * time.Second

// HandlerOptions configure the HTTP handler.
type HandlerOptions struct {
	// MaxHTMLBytes is the document limit, checked again after decoding so
	// the 413 names it.
	MaxHTMLBytes int
	// Timeout is the converter's per-job limit; the response's write
	// deadline is extended past it.
	Timeout time.Duration
	// Limit is the per-client rate limit middleware; nil: none.
	Limit func(http.Handler) http.Handler
	// ClientKey names the client of a request (its IP); each client may
	// have one conversion running or queued at a time, so one client cannot
	// take every slot. nil: no such limit.
	ClientKey func(*http.Request) string
}

// Handler serves POST /api/convert-pdf.
type Handler struct {
	conv Converter
	opts HandlerOptions

	mu       sync.Mutex
	inFlight map[string]struct{} // clients with a conversion running or queued
}

// NewHandler returns the converter's HTTP handler.
func NewHandler(conv Converter, o HandlerOptions) *Handler {
	return &Handler{conv: conv, opts: o, inFlight: map[string]struct{}{}}
}

// claim takes the client's one place; false when it has a conversion
// running or queued already.
func (h *Handler) claim(r *http.Request) (release func(), ok bool) {
	if h.opts.ClientKey == nil {
		return func() {}, true
	}
	key := h.opts.ClientKey(r)
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, busy := h.inFlight[key]; busy {
		return nil, false
	}
	h.inFlight[key] = struct{}{}
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.inFlight, key)
	}, true
}

// MaxBody is the request-body limit for the JSON of a document of
// maxHTML bytes: JSON escaping can double it, plus room for fileName.
func MaxBody(maxHTML int) int64 { return 2*int64(maxHTML) + 64<<10 }

// Routes is the converter's route table: the public call, rate limited
// per client, whose body may be larger than the global limit (the JSON of
// a PDF_MAX_HTML_BYTES document).
func (h *Handler) Routes() []httpx.Route {
	return []httpx.Route{{Method: "POST", Path: "/api/convert-pdf", Handler: http.HandlerFunc(h.convert),
		Access: httpx.AccessPublic, RateLimit: h.opts.Limit, OperationID: "convertPdf",
		BodyLimit: max(httpx.DefaultMaxBody, MaxBody(h.opts.MaxHTMLBytes))}}
}

type convertRequest struct {
	HTML     string `json:"html"`
	FileName string `json:"fileName"`
}

func (h *Handler) convert(w http.ResponseWriter, r *http.Request) {
	var req convertRequest
	if err := httpx.DecodeJSON(w, r, &req, MaxBody(h.opts.MaxHTMLBytes)); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	if strings.TrimSpace(req.HTML) == "" {
		httpx.Error(w, r, http.StatusBadRequest, emptyHTML, map[string]string{"html": "required"})
		return
	}
	if h.opts.MaxHTMLBytes > 0 && len(req.HTML) > h.opts.MaxHTMLBytes {
		writeTooLarge(w, r, h.opts.MaxHTMLBytes)
		return
	}
	release, ok := h.claim(r)
	if !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(busyRetryAfter.Seconds())))
		httpx.Error(w, r, http.StatusTooManyRequests, oneAtATimeText, nil)
		return
	}
	defer release()
	// Rendering may outlast the server's default write timeout.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(h.opts.Timeout + 15*time.Second))
	pdf, err := h.conv.Convert(r.Context(), []byte(req.HTML))
	if err != nil {
		writeConvertError(w, r, err, h.opts.MaxHTMLBytes)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/pdf")
	hd.Set("Content-Disposition", ContentDisposition("attachment", req.FileName))
	hd.Set("Content-Length", strconv.Itoa(len(pdf)))
	hd.Set("Cache-Control", "no-store")
	_, _ = w.Write(pdf)
}

func writeTooLarge(w http.ResponseWriter, r *http.Request, limit int) {
	httpx.Error(w, r, http.StatusRequestEntityTooLarge,
		fmt.Sprintf("The HTML is larger than the %s limit.", humanBytes(limit)), map[string]string{"html": "too large"})
}

// WriteError answers a Convert error of another feature's PDF (a
// client's report) as the converter's own call does.
func WriteError(w http.ResponseWriter, r *http.Request, err error) { writeConvertError(w, r, err, 0) }

// writeConvertError answers a Convert error with its status; the cause of
// a 503 is logged, the client gets a plain sentence.
func writeConvertError(w http.ResponseWriter, r *http.Request, err error, limit int) {
	log := httpx.Logger(r.Context())
	var over *BudgetError
	switch {
	case errors.Is(err, ErrTooLarge):
		writeTooLarge(w, r, limit)
	case errors.Is(err, ErrBusy):
		w.Header().Set("Retry-After", strconv.Itoa(int(busyRetryAfter.Seconds())))
		httpx.Error(w, r, http.StatusTooManyRequests, busyText, nil)
	case errors.Is(err, ErrTimeout):
		log.Warn("pdf conversion timed out", "path", r.URL.Path)
		httpx.Error(w, r, http.StatusServiceUnavailable, timeoutText, nil)
	case errors.Is(err, ErrNoChromium):
		log.Error("pdf converter unavailable", "path", r.URL.Path, "err", err)
		httpx.Error(w, r, http.StatusServiceUnavailable, noChromiumText, nil)
	case errors.Is(err, ErrUnavailable):
		log.Error("pdf converter unavailable", "path", r.URL.Path, "err", err)
		w.Header().Set("Retry-After", "30")
		httpx.Error(w, r, http.StatusServiceUnavailable, unavailableText, nil)
	case errors.As(err, &over):
		log.Warn("pdf document over its budget", "path", r.URL.Path, "budget", over.Resource, "limit", over.Limit)
		httpx.Error(w, r, http.StatusUnprocessableEntity, fmt.Sprintf(budgetText, over.Resource, over.Limit), nil)
	case errors.Is(err, ErrRejected):
		log.Warn("pdf conversion refused", "path", r.URL.Path, "err", err)
		httpx.Error(w, r, http.StatusUnprocessableEntity, rejectedText, nil)
	case errors.Is(err, context.Canceled):
		log.Info("pdf conversion abandoned by the client", "path", r.URL.Path)
	default:
		httpx.ServerError(w, r, err)
	}
}

// humanBytes writes a limit the way people read it: 5 MiB, 512 KiB.
func humanBytes(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
