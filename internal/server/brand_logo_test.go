package server

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"mime/multipart"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestLogoThroughTheServer: through the whole server (guards, body limits,
// gzip, security headers), an admin's logo upload is stored and served to
// anyone at its URL with its own type, nosniff and the image's own CSP; a
// 1 MB image answers the field error (read only to the limit, within the
// route's 4 MB body limit), a 5 MB body the router's 413.
func TestLogoThroughTheServer(t *testing.T) {
	s, _ := newTestServer(t, nil)
	cookie, csrf := adminLogin(t, s)
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	form := func(data []byte) (string, map[string]string) {
		var b bytes.Buffer
		mw := multipart.NewWriter(&b)
		w, _ := mw.CreateFormFile("file", "logo.png")
		_, _ = w.Write(data)
		_ = mw.Close()
		return b.String(), map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf, "Origin": "https://sp.example",
			"Content-Type": mw.FormDataContentType()}
	}
	body, h := form(img.Bytes())
	rec := httpxtest.Do(s.Handler(), "POST", "/api/admin/brand/logo", h, body)
	var got struct{ LogoURL string }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &got) != nil || !strings.HasPrefix(got.LogoURL, "https://sp.example"+clients.LogoPath) {
		t.Fatalf("upload: %d %s", rec.Code, rec.Body)
	}
	rec = httpxtest.Do(s.Handler(), "GET", strings.TrimPrefix(got.LogoURL, "https://sp.example"), map[string]string{"Accept-Encoding": "gzip"}, "")
	hd := rec.Header()
	if rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), img.Bytes()) || hd.Get("Content-Type") != "image/png" ||
		hd.Get("X-Content-Type-Options") != "nosniff" || hd.Get("Content-Security-Policy") != "default-src 'none'; sandbox" || hd.Get("ETag") == "" {
		t.Fatalf("GET logo: %d %v", rec.Code, hd)
	}

	body, h = form(make([]byte, 2*clients.MaxLogoBytes))
	if rec := httpxtest.Do(s.Handler(), "POST", "/api/admin/brand/logo", h, body); rec.Code != 400 || !strings.Contains(rec.Body.String(), "at most 512 KB") {
		t.Errorf("a 1 MB upload: %d %s", rec.Code, rec.Body)
	}
	body, h = form(make([]byte, 5<<20))
	if rec := httpxtest.Do(s.Handler(), "POST", "/api/admin/brand/logo", h, body); rec.Code != 413 {
		t.Errorf("a 5 MB upload: %d %s", rec.Code, rec.Body)
	}
}
