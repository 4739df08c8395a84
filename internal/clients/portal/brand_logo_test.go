package portal

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(1, 1, color.RGBA{10, 125, 82, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegBytes(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// webpBytes is a RIFF WebP header and padding: what sniffing reads.
func webpBytes() []byte {
	return append([]byte("RIFF\x24\x00\x00\x00WEBPVP8 \x18\x00\x00\x00"), make([]byte, 24)...)
}

// multipartBody is a form with one part per (field, declared type, bytes).
func multipartBody(t *testing.T, parts ...struct {
	field, ctype string
	data         []byte
}) (string, map[string]string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, p := range parts {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="`+p.field+`"; filename="logo"`)
		h.Set("Content-Type", p.ctype)
		w, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write(p.data)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String(), map[string]string{"Content-Type": mw.FormDataContentType(), "Sec-Fetch-Site": "same-origin"}
}

type logoPart = struct {
	field, ctype string
	data         []byte
}

func uploadLogo(t *testing.T, h http.Handler, path string, parts ...logoPart) (int, logoAnswer, httpx.ErrorBody) {
	t.Helper()
	body, headers := multipartBody(t, parts...)
	rec := httpxtest.Do(h, "POST", path, headers, body)
	var ok logoAnswer
	var bad httpx.ErrorBody
	if rec.Code == 200 {
		if err := json.Unmarshal(rec.Body.Bytes(), &ok); err != nil {
			t.Fatalf("%s: %s", path, rec.Body)
		}
	} else {
		_ = json.Unmarshal(rec.Body.Bytes(), &bad)
	}
	return rec.Code, ok, bad
}

// TestLogoUpload: the agency's PNG (declared as SVG: the bytes decide) and
// a client's JPEG are stored, become their brands' logoUrl (absolute,
// under BASE_URL) and are served publicly with their type, nosniff, a CSP
// that runs nothing, a year's immutable caching and an ETag that answers
// 304; the same bytes again are the same URL; a client's logo leaves the
// agency's alone; a brand may name an uploaded logo by http (development)
// but no other http URL.
func TestLogoUpload(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, portal := portalEnv(t, d)
		ctx := context.Background()
		img := pngBytes(t)
		code, got, bad := uploadLogo(t, portal, "/api/admin/brand/logo", logoPart{"file", "image/svg+xml", img})
		if code != 200 || got.ContentType != "image/png" || got.Size != len(img) ||
			!strings.HasPrefix(got.LogoURL, portalBase+clients.LogoPath) || !strings.HasSuffix(got.LogoURL, ".png") || got.Brand.LogoURL != got.LogoURL {
			t.Fatalf("agency upload: %d %+v %+v", code, got, bad)
		}
		if b, err := e.store.AgencyBrand(ctx); err != nil || b.LogoURL != got.LogoURL {
			t.Fatalf("agency brand %+v %v", b, err)
		}
		path := strings.TrimPrefix(got.LogoURL, portalBase)
		rec := httpxtest.Do(portal, "GET", path, nil, "")
		h := rec.Header()
		if rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), img) || h.Get("Content-Type") != "image/png" ||
			h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Content-Security-Policy") != "default-src 'none'; sandbox" ||
			h.Get("Cache-Control") != "public, max-age=31536000, immutable" || len(h.Get("ETag")) != 66 {
			t.Fatalf("GET %s: %d %v", path, rec.Code, h)
		}
		if rec := httpxtest.Do(portal, "GET", path, map[string]string{"If-None-Match": h.Get("ETag")}, ""); rec.Code != 304 || rec.Body.Len() != 0 {
			t.Errorf("conditional GET: %d %d bytes", rec.Code, rec.Body.Len())
		}
		if _, again, _ := uploadLogo(t, portal, "/api/admin/brand/logo", logoPart{"file", "image/png", img}); again.LogoURL != got.LogoURL {
			t.Errorf("the same bytes again: %s, was %s", again.LogoURL, got.LogoURL)
		}

		c := newClient(t, e.store, 0)
		jpg := jpegBytes(t)
		code, mine, bad := uploadLogo(t, portal, "/api/admin/clients/"+c.ID+"/brand/logo", logoPart{"file", "application/octet-stream", jpg})
		if code != 200 || mine.ContentType != "image/jpeg" || !strings.HasSuffix(mine.LogoURL, ".jpg") || mine.Brand.LogoURL != mine.LogoURL {
			t.Fatalf("client upload: %d %+v %+v", code, mine, bad)
		}
		if br, err := e.store.BrandFor(ctx, c.ID); err != nil || br.LogoURL != mine.LogoURL {
			t.Fatalf("client brand %+v %v", br, err)
		}
		if b, _ := e.store.AgencyBrand(ctx); b.LogoURL != got.LogoURL {
			t.Errorf("the client's upload changed the agency's logo: %s", b.LogoURL)
		}
		rec = httpxtest.Do(portal, "GET", strings.TrimPrefix(mine.LogoURL, portalBase), nil, "")
		if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/jpeg" || !bytes.Equal(rec.Body.Bytes(), jpg) {
			t.Errorf("client logo: %d %v", rec.Code, rec.Header())
		}
		if code, w, _ := uploadLogo(t, portal, "/api/admin/brand/logo", logoPart{"file", "image/webp", webpBytes()}); code != 200 || w.ContentType != "image/webp" {
			t.Errorf("webp: %d %+v", code, w)
		}

		e.do(t, "PUT", "/api/admin/brand", `{"logoUrl":"http://localhost:8080`+path+`"}`, 200, nil)
		rec = httpxtest.Do(e.h, "PUT", "/api/admin/brand", jsonHeader, `{"logoUrl":"http://cdn.example/logo.png"}`)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"logoUrl"`) {
			t.Errorf("an http logo elsewhere: %d %s", rec.Code, rec.Body)
		}
	})
}

// TestLogoUploadRefused: every bad upload answers 400 naming the field
// (too large by one byte, SVG, GIF, text declared as PNG, empty, no file,
// two files, an unknown field, not multipart), storing nothing and leaving
// the brand alone; exactly the limit is taken; an unknown client, an
// unknown file and a right id with the wrong extension answer 404.
func TestLogoUploadRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, portal := portalEnv(t, d)
		img := pngBytes(t)
		atLimit := append(append([]byte{}, img...), make([]byte, clients.MaxLogoBytes-len(img))...)
		over := append(append([]byte{}, atLimit...), 0)
		svg := []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
		for _, tc := range []struct {
			name  string
			parts []logoPart
			field string
			want  string
		}{
			{"one byte over the limit", []logoPart{{"file", "image/png", over}}, "file", "at most 512 KB"},
			{"svg", []logoPart{{"file", "image/svg+xml", svg}}, "file", "SVG is not accepted"},
			{"gif", []logoPart{{"file", "image/gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")}}, "file", "PNG, JPEG or WebP"},
			{"text declared as png", []logoPart{{"file", "image/png", []byte("hello, not an image")}}, "file", "PNG, JPEG or WebP"},
			{"html declared as png", []logoPart{{"file", "image/png", []byte("<html><script>alert(1)</script>")}}, "file", "PNG, JPEG or WebP"},
			{"empty", []logoPart{{"file", "image/png", nil}}, "file", "is empty"},
			{"no file", nil, "file", "is required"},
			{"two files", []logoPart{{"file", "image/png", img}, {"file", "image/png", img}}, "file", "one image only"},
			{"unknown field", []logoPart{{"logo", "image/png", img}}, "logo", "unknown field"},
		} {
			code, _, bad := uploadLogo(t, portal, "/api/admin/brand/logo", tc.parts...)
			if code != 400 || !strings.Contains(bad.Fields[tc.field], tc.want) {
				t.Errorf("%s: %d %+v, want 400 with %s: %q", tc.name, code, bad, tc.field, tc.want)
			}
		}
		rec := httpxtest.Do(portal, "POST", "/api/admin/brand/logo", sameSite, `{"logoUrl":"x"}`)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), "multipart/form-data") {
			t.Errorf("a JSON body: %d %s", rec.Code, rec.Body)
		}
		var n int
		if err := d.Reader.QueryRow(`SELECT count(*) FROM brand_logos`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("refused uploads stored %d logos (%v)", n, err)
		}
		if b, _ := e.store.AgencyBrand(context.Background()); b.LogoURL != "" {
			t.Errorf("a refused upload set the logo %q", b.LogoURL)
		}

		code, ok, bad := uploadLogo(t, portal, "/api/admin/brand/logo", logoPart{"file", "image/png", atLimit})
		if code != 200 || ok.Size != clients.MaxLogoBytes {
			t.Fatalf("exactly the limit: %d %+v", code, bad)
		}
		if code, _, _ := uploadLogo(t, portal, "/api/admin/clients/nope/brand/logo", logoPart{"file", "image/png", img}); code != 404 {
			t.Errorf("unknown client: %d", code)
		}
		file := strings.TrimPrefix(ok.LogoURL, portalBase+clients.LogoPath)
		id, _, _ := strings.Cut(file, ".")
		for _, p := range []string{clients.LogoPath + "0123abcd.png", clients.LogoPath + id + ".jpg", clients.LogoPath + id, clients.LogoPath + file} {
			want := 404
			if p == clients.LogoPath+file {
				want = 200
			}
			if rec := httpxtest.Do(portal, "GET", p, nil, ""); rec.Code != want {
				t.Errorf("GET %s: %d, want %d", p, rec.Code, want)
			}
		}
	})
}
