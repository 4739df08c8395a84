package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

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
	// An empty CHROMIUM_PATH detects one on PATH: an empty PATH finds none.
	t.Setenv("PATH", t.TempDir())
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

// Serve closes the converter on shutdown: the Chromium it started exits
// before Serve returns.
func TestShutdownStopsChromium(t *testing.T) {
	if pdf.DetectChromium() == "" {
		t.Skip("no Chromium binary on PATH; `make test` installs it")
	}
	s, _ := newTestServer(t, func(c *config.Config) { c.ShutdownTimeout = 20 * time.Second })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	resp, err := http.Post("http://"+ln.Addr().String()+"/api/convert-pdf", "application/json", strings.NewReader(convertBody("<p>x</p>")))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("convert: %v %v", resp, err)
	}
	resp.Body.Close()
	kids := chromiumChildren()
	if len(kids) == 0 {
		t.Fatal("no Chromium child process after a conversion")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	for _, pid := range kids {
		if syscall.Kill(pid, 0) == nil {
			t.Errorf("chromium %d still running after shutdown", pid)
		}
	}
}

// chromiumChildren lists this process's direct children running Chromium.
func chromiumChildren() []int {
	var out []int
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		cmd, _ := os.ReadFile("/proc/" + d.Name() + "/cmdline")
		if len(f) > 1 && f[1] == strconv.Itoa(os.Getpid()) && bytes.Contains(cmd, []byte("chrom")) {
			out = append(out, pid)
		}
	}
	return out
}
