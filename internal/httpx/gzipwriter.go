package httpx

import (
	"compress/gzip"
	"net/http"
	"strconv"
)

// gzipWriter buffers the start of a body until it knows whether compressing
// is worthwhile: small bodies and unsuitable responses are written as they
// are, others go through a pooled gzip.Writer.
type gzipWriter struct {
	http.ResponseWriter
	status      int
	buf         []byte
	gz          *gzip.Writer
	decided     bool
	wroteHeader bool
}

func (g *gzipWriter) WriteHeader(code int) {
	if g.decided || code < 200 {
		g.ResponseWriter.WriteHeader(code)
		return
	}
	g.status = code
	g.wroteHeader = true
	if !g.eligible(false) {
		g.decide(false)
	}
}

func (g *gzipWriter) Write(p []byte) (int, error) {
	if !g.decided {
		if !g.eligible(false) {
			g.decide(false)
		} else {
			g.buf = append(g.buf, p...)
			if len(g.buf) >= GzipMinSize {
				g.decide(true)
			}
			return len(p), nil
		}
	}
	if g.gz != nil {
		return g.gz.Write(p)
	}
	return g.ResponseWriter.Write(p)
}

// eligible checks what can be known before the body is seen (plus, when
// sized is true, that the buffered body is big enough).
func (g *gzipWriter) eligible(sized bool) bool {
	h := g.Header()
	if g.status == http.StatusNoContent || g.status == http.StatusNotModified ||
		g.status == http.StatusPartialContent || h.Get("Content-Encoding") != "" || h.Get("Content-Range") != "" {
		return false
	}
	if ct := h.Get("Content-Type"); ct != "" && !Compressible(ct) {
		return false
	}
	if cl, err := strconv.Atoi(h.Get("Content-Length")); err == nil && cl < GzipMinSize {
		return false
	}
	return !sized || len(g.buf) >= GzipMinSize
}

// decide sends the header and any buffered bytes, compressed or not.
func (g *gzipWriter) decide(compress bool) {
	g.decided = true
	h := g.Header()
	if h.Get("Content-Type") == "" && len(g.buf) > 0 {
		h.Set("Content-Type", http.DetectContentType(g.buf))
	}
	if compress && g.eligible(true) {
		h.Del("Content-Length")
		h.Set("Content-Encoding", "gzip")
		g.gz = gzipPool.Get().(*gzip.Writer)
		g.gz.Reset(g.ResponseWriter)
	}
	g.ResponseWriter.WriteHeader(g.status)
	if len(g.buf) > 0 {
		_, _ = g.Write(g.buf)
		g.buf = nil
	}
}

// Flush sends what is buffered so streaming responses keep streaming.
func (g *gzipWriter) Flush() {
	if !g.decided {
		g.decide(true)
	}
	if g.gz != nil {
		_ = g.gz.Flush()
	}
	_ = http.NewResponseController(g.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (g *gzipWriter) Unwrap() http.ResponseWriter { return g.ResponseWriter }

func (g *gzipWriter) close() {
	if !g.decided {
		if !g.wroteHeader && len(g.buf) == 0 {
			return // the handler wrote nothing; let net/http send its 200
		}
		g.decide(len(g.buf) >= GzipMinSize)
	}
	if g.gz != nil {
		_ = g.gz.Close()
		g.gz.Reset(nil)
		gzipPool.Put(g.gz)
		g.gz = nil
	}
}
