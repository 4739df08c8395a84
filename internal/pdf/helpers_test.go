package pdf

import (
	"bytes"
	"context"
	"os/exec"
	"testing"
	"time"

	"rsc.io/pdf"
)

// chromiumPath finds a Chromium binary for the tests that drive one; they
// skip (saying why) only when the machine has none. `make test` installs it.
func chromiumPath(t testing.TB) string {
	t.Helper()
	if p := DetectChromium(); p != "" {
		return p
	}
	t.Skip("no Chromium binary (chromium, chromium-browser or google-chrome) on PATH; `make test` installs it")
	return ""
}

// newTestChromium starts a converter with test-friendly limits, closed at
// the end of the test.
func newTestChromium(t testing.TB, o Options) *Chromium {
	t.Helper()
	o.ExecPath = chromiumPath(t)
	if o.Timeout == 0 {
		o.Timeout = 30 * time.Second
	}
	if o.Concurrency == 0 {
		o.Concurrency = 2
	}
	if o.RestartAfter == 0 {
		o.RestartAfter = 100
	}
	if o.MaxHTMLBytes == 0 {
		o.MaxHTMLBytes = 5 << 20
	}
	c := NewChromium(o)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := c.Close(ctx); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return c
}

// pdfPages parses a PDF and returns its page count and the first page's
// MediaBox (width, height in points).
func pdfPages(t testing.TB, b []byte) (pages int, w, h float64) {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %.20q", b)
	}
	r, err := pdf.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("parse PDF: %v", err)
	}
	box := r.Page(1).V.Key("MediaBox")
	return r.NumPage(), box.Index(2).Float64() - box.Index(0).Float64(), box.Index(3).Float64() - box.Index(1).Float64()
}

// pdfText extracts the text with pdftotext when poppler-utils is installed;
// ok is false without it.
func pdfText(t testing.TB, b []byte) (text string, ok bool) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		return "", false
	}
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = bytes.NewReader(b)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out), true
}
