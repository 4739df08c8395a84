package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"
	"time"
)

// maxPDFBytes bounds a PDF read back from Gotenberg.
const maxPDFBytes = 64 << 20

// gotenbergA4Height is A4's height as Gotenberg's documentation gives it.
const gotenbergA4Height = 11.7

// GotenbergOptions configure the remote converter. Concurrency, Queue,
// Timeout and MaxHTMLBytes mean what they mean in Options.
type GotenbergOptions struct {
	Concurrency, Queue int
	Timeout            time.Duration
	MaxHTMLBytes       int
	// Client sends the requests; nil: a client with no overall timeout (each
	// job's context bounds it).
	Client *http.Client
}

// Gotenberg converts through a remote Gotenberg 8 service
// (POST {url}/forms/chromium/convert/html), for scale-out. Its network
// policy is Gotenberg's own (--chromium-deny-list / --chromium-allow-list).
type Gotenberg struct {
	endpoint string
	opts     GotenbergOptions
	client   *http.Client
	limit    *limiter
}

// NewGotenberg returns a converter for the Gotenberg at baseURL.
func NewGotenberg(baseURL string, o GotenbergOptions) *Gotenberg {
	o.Concurrency = max(1, o.Concurrency)
	o.Queue = max(0, o.Queue)
	if o.Timeout <= 0 {
		o.Timeout = 30 * time.Second
	}
	client := o.Client
	if client == nil {
		client = &http.Client{}
	}
	return &Gotenberg{endpoint: strings.TrimRight(baseURL, "/") + "/forms/chromium/convert/html",
		opts: o, client: client, limit: newLimiter(o.Concurrency, o.Queue)}
}

// Convert sends html as index.html with A4 paper, 0.4 in margins and
// backgrounds on.
func (g *Gotenberg) Convert(ctx context.Context, html []byte) ([]byte, error) {
	if g.opts.MaxHTMLBytes > 0 && len(html) > g.opts.MaxHTMLBytes {
		return nil, ErrTooLarge
	}
	ctx, cancel := context.WithTimeout(ctx, g.opts.Timeout)
	defer cancel()
	release, err := g.limit.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	body, contentType, err := gotenbergForm(html)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.endpoint, body)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	req.Header.Set("Content-Type", contentType)
	resp, err := g.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctxErr(ctx)
		}
		return nil, fmt.Errorf("%w: gotenberg: %v", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	return readGotenberg(ctx, resp)
}

// readGotenberg maps Gotenberg's answer: 200 with a PDF, 429 busy, 503 busy
// or timed out (Gotenberg's own queue), other 4xx a refused document, other
// 5xx unavailable.
func readGotenberg(ctx context.Context, resp *http.Response) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxPDFBytes+1))
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctxErr(ctx)
		}
		return nil, fmt.Errorf("%w: gotenberg: read answer: %v", ErrUnavailable, err)
	}
	msg := strings.TrimSpace(string(data[:min(len(data), 200)]))
	switch s := resp.StatusCode; {
	case s == http.StatusOK && len(data) > maxPDFBytes:
		return nil, fmt.Errorf("%w: gotenberg: PDF over %d bytes", ErrRejected, maxPDFBytes)
	case s == http.StatusOK && !bytes.HasPrefix(data, []byte("%PDF-")):
		return nil, fmt.Errorf("%w: gotenberg answered 200 without a PDF", ErrUnavailable)
	case s == http.StatusOK:
		return data, nil
	case s == http.StatusTooManyRequests:
		return nil, ErrBusy
	case s == http.StatusServiceUnavailable || s == http.StatusGatewayTimeout:
		return nil, fmt.Errorf("%w: gotenberg %d: %s", ErrUnavailable, s, msg)
	case s >= 400 && s < 500:
		return nil, fmt.Errorf("%w: gotenberg %d: %s", ErrRejected, s, msg)
	}
	return nil, fmt.Errorf("%w: gotenberg %d: %s", ErrUnavailable, resp.StatusCode, msg)
}

// gotenbergForm builds the multipart body: the document as files=index.html
// and the page properties as form fields.
func gotenbergForm(html []byte) (io.Reader, string, error) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="files"; filename="index.html"`)
	h.Set("Content-Type", "text/html; charset=utf-8")
	part, err := mw.CreatePart(h)
	if err == nil {
		_, err = part.Write(html)
	}
	fields := map[string]string{
		"paperWidth":      strconv.FormatFloat(PaperWidthIn, 'f', -1, 64),
		"paperHeight":     strconv.FormatFloat(gotenbergA4Height, 'f', -1, 64),
		"marginTop":       strconv.FormatFloat(MarginIn, 'f', -1, 64),
		"marginBottom":    strconv.FormatFloat(MarginIn, 'f', -1, 64),
		"marginLeft":      strconv.FormatFloat(MarginIn, 'f', -1, 64),
		"marginRight":     strconv.FormatFloat(MarginIn, 'f', -1, 64),
		"printBackground": "true",
	}
	for k, v := range fields {
		if err == nil {
			err = mw.WriteField(k, v)
		}
	}
	if err == nil {
		err = mw.Close()
	}
	if err != nil {
		return nil, "", errors.Join(ErrUnavailable, err)
	}
	return &buf, mw.FormDataContentType(), nil
}

// Close releases idle connections; Gotenberg itself runs elsewhere.
func (g *Gotenberg) Close(context.Context) error {
	g.client.CloseIdleConnections()
	return nil
}
