package server

import (
	"context"
	"net/http"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/pdf"
)

// buildPDF wires the HTML-to-PDF converter: a remote Gotenberg when
// GOTENBERG_URL is set, else the supervised local Chromium (started on the
// first conversion, not here). The public call is rate limited per client,
// and a client may have one conversion running or queued at a time; the
// checklist PDF is made by the same converter.
func (s *Server) buildPDF() {
	c := s.cfg
	if c.GotenbergURL != "" {
		s.pdf = pdf.NewGotenberg(c.GotenbergURL, pdf.GotenbergOptions{Concurrency: c.PDFConcurrency,
			Queue: c.PDFQueue, Timeout: c.PDFTimeout, MaxHTMLBytes: c.PDFMaxHTMLBytes})
	} else {
		path := c.ChromiumPath
		if path == "" {
			path = pdf.DetectChromium()
		}
		if path == "" {
			s.log.Warn("pdf: no Chromium binary found; the PDF converter will answer 503 (install chromium or set CHROMIUM_PATH)")
		}
		s.pdf = pdf.NewChromium(pdf.Options{ExecPath: path, Concurrency: c.PDFConcurrency,
			Queue: c.PDFQueue, Timeout: c.PDFTimeout, MaxHTMLBytes: c.PDFMaxHTMLBytes,
			RestartAfter: c.PDFRestartAfter, Logger: s.log, JavaScript: c.PDFJavaScript,
			Budget: pdf.Budget{CPU: c.PDFCPUBudget, Memory: c.PDFMemoryBudget}, User: c.PDFUser, NoSandbox: !c.PDFSandbox})
	}
	s.pdfAPI = pdf.NewHandler(s.pdf, pdf.HandlerOptions{MaxHTMLBytes: c.PDFMaxHTMLBytes, Timeout: c.PDFTimeout,
		Limit:     httpx.RateLimit(httpx.NewRateLimiter(c.PDFRateLimit), c.TrustProxyHeaders),
		ClientKey: func(r *http.Request) string { return httpx.ClientIP(r, c.TrustProxyHeaders) }})
	s.checklist = pdf.NewChecklist(s.pdf, s.webFS)
	s.clients.WithPDF(s.pdf) // the monthly client report's PDF
}

// closePDF stops the converter's browsers, for up to SHUTDOWN_TIMEOUT;
// deferred, it runs after the HTTP server has stopped.
func (s *Server) closePDF() {
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	if err := s.pdf.Close(ctx); err != nil {
		s.log.Warn("close pdf converter", "err", err)
	}
}
