package webapp

import (
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// serve writes f from memory with its ETag, honouring If-None-Match (for
// 200s) and Accept-Encoding. The gzip variant carries Content-Encoding, so
// the gzip middleware leaves it alone.
func serve(w http.ResponseWriter, r *http.Request, f *file, status int, cache string) {
	h := w.Header()
	body, etag := f.body, `"`+f.etag+`"`
	if f.gz != nil {
		addVary(h, "Accept-Encoding")
		if httpx.AcceptsGzip(r) {
			body, etag = f.gz, `"`+f.etag+`-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("Cache-Control", cache)
	h.Set("ETag", etag)
	if status == http.StatusOK && etagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", f.contentType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// etagMatches implements If-None-Match's weak comparison against etag.
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

func addVary(h http.Header, v string) {
	for _, have := range h.Values("Vary") {
		for _, part := range strings.Split(have, ",") {
			if strings.EqualFold(strings.TrimSpace(part), v) {
				return
			}
		}
	}
	h.Add("Vary", v)
}

// SafePath reports whether a request path can be looked up in the embedded
// files: no dot segments, doubled or back slashes, NULs, or encoded dots,
// slashes and backslashes that could smuggle them past cleaning.
func SafePath(u *url.URL) bool {
	p := u.Path
	if !strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") || strings.Contains(p, "//") {
		return false
	}
	raw := strings.ToLower(u.EscapedPath())
	for _, bad := range []string{"%2e", "%2f", "%5c", "%00"} {
		if strings.Contains(raw, bad) {
			return false
		}
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

func (h *Handler) logger(r *http.Request) *slog.Logger {
	if httpx.RequestIDFrom(r.Context()) != "" {
		return httpx.Logger(r.Context())
	}
	return h.log
}
