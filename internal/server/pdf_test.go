package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/pdf"
)

func convertBody(html string) string {
	b, _ := json.Marshal(map[string]string{"html": html, "fileName": "t"})
	return string(b)
}

var jsonType = map[string]string{"Content-Type": "application/json"}

// Without Chromium the converter and the checklist answer 503 with a JSON
// error that says why; the checklist path is never the app's 404 page, and
// documents above the global 1 MiB body limit (up to PDF_MAX_HTML_BYTES)
// reach the converter.
func TestPDFWithoutChromium(t *testing.T) {
	s, logs := newTestServer(t, func(c *config.Config) { c.ChromiumPath = "" })
	h := s.Handler()
	noChromium := "Chromium is not installed on this server"
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Name: "convert", Method: "POST", Path: "/api/convert-pdf", Headers: jsonType, Body: convertBody("<p>x</p>"),
			WantStatus: 503, WantBody: []string{noChromium}},
		{Name: "2 MiB document passes the body limit", Method: "POST", Path: "/api/convert-pdf", Headers: jsonType,
			Body: convertBody(strings.Repeat("x", 2<<20)), WantStatus: 503},
		{Name: "over PDF_MAX_HTML_BYTES", Method: "POST", Path: "/api/convert-pdf", Headers: jsonType,
			Body: convertBody(strings.Repeat("x", 5<<20+1)), WantStatus: 413, WantBody: []string{"5 MiB"}},
		{Name: "other calls keep 1 MiB", Method: "POST", Path: "/api/research-leads", Headers: jsonType,
			Body: `{"x":"` + strings.Repeat("x", 2<<20) + `"}`, WantStatus: 413},
		{Name: "empty", Method: "POST", Path: "/api/convert-pdf", Headers: jsonType, Body: `{"html":""}`,
			WantStatus: 400, WantBody: []string{"Please paste HTML content or upload an HTML file."}},
		{Name: "checklist", Path: pdf.ChecklistPath, WantStatus: 503, WantBody: []string{noChromium},
			WantHeaders: map[string]string{"Content-Type": "application/json; charset=utf-8"}},
	})
	if !strings.Contains(logs.String(), "no Chromium binary") {
		t.Errorf("missing Chromium was not logged:\n%s", logs)
	}
}

func TestPDFWithChromium(t *testing.T) {
	if pdf.DetectChromium() == "" {
		t.Skip("no Chromium binary on PATH; `make test` installs it")
	}
	s, _ := newTestServer(t, nil)
	defer s.closePDF()
	h := s.Handler()
	rec := httpxtest.Do(h, "POST", "/api/convert-pdf", jsonType, convertBody("<h1>Hello</h1>"))
	if rec.Code != 200 || !bytes.HasPrefix(rec.Body.Bytes(), []byte("%PDF-")) ||
		rec.Header().Get("Content-Disposition") != `attachment; filename="t.pdf"` {
		t.Fatalf("convert: %d %v %.100q", rec.Code, rec.Header(), rec.Body)
	}
	rec = httpxtest.Do(h, "GET", pdf.ChecklistPath, nil, "")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/pdf" ||
		!bytes.HasPrefix(rec.Body.Bytes(), []byte("%PDF-")) || rec.Header().Get("ETag") == "" {
		t.Fatalf("checklist: %d %v", rec.Code, rec.Header())
	}
	if rec := httpxtest.Do(h, "HEAD", pdf.ChecklistPath, nil, ""); rec.Code != http.StatusOK {
		t.Fatalf("HEAD checklist: %d", rec.Code)
	}
}
