package portal

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// logoBodyLimit bounds the upload's body (a larger declared length answers
// 413 before the handler). It is well above clients.MaxLogoBytes on purpose: the
// image is read only to clients.MaxLogoBytes+1, so a photo of a few MB answers the
// clear field error ("must be at most 512 KB") having cost 512 KB of reading.
const logoBodyLimit = 4 << 20

// The logo upload (docs/clients.md "White-label"): the owner sends a PNG,
// JPEG or WebP image as multipart/form-data in the field "file"; its type
// is sniffed from the bytes (http.DetectContentType), never taken from the
// request. It is stored in the database (the model's brand_logo_store.go), served from
// the public LogoPath with its type, nosniff and an ETag, and the brand's
// logoUrl is set to that URL (absolute, under BASE_URL, as emails and
// Slack need).
//
// SVG is refused: an SVG is a document that can hold scripts and load
// other resources, and served from this origin it would run beside the
// console's session if opened directly; most email clients do not show
// SVG and Slack's image blocks do not take it, so it would not reach the
// places a logo is for anyway. Raster images have no such risk, and are
// served with nosniff and a CSP of "default-src 'none'; sandbox" besides.

// logoRoutes are the logo upload calls (an admin session) and the public
// logo files.
func (p *Portal) logoRoutes() []httpx.Route {
	admin := httpx.AccessAdmin
	return []httpx.Route{
		{Method: "POST", Path: "/api/admin/brand/logo", Handler: http.HandlerFunc(p.uploadAgencyLogo), Access: admin,
			BodyLimit: logoBodyLimit, OperationID: "uploadBrandLogo"},
		{Method: "POST", Path: "/api/admin/clients/{id}/brand/logo", Handler: http.HandlerFunc(p.uploadClientLogo), Access: admin,
			BodyLimit: logoBodyLimit, OperationID: "uploadClientBrandLogo"},
		{Method: "GET", Path: clients.LogoPath + "{file}", Handler: http.HandlerFunc(p.serveLogo), Access: httpx.AccessPublic, OperationID: "getBrandLogo"},
	}
}

// logoAnswer is what an upload answers: the logo's URL, its sniffed type
// and size, and the brand saved with it (the agency's, or the client's own).
type logoAnswer struct {
	LogoURL     string        `json:"logoUrl"`
	ContentType string        `json:"contentType"`
	Size        int           `json:"size"`
	Brand       clients.Brand `json:"brand"`
}

// readLogo reads the upload's one "file" part, at most clients.MaxLogoBytes, and
// sniffs its type; a failure is a field error under "file" (or the
// unknown part's name).
func readLogo(r *http.Request) (contentType string, data []byte, errs clients.FieldErrors) {
	errs = clients.FieldErrors{}
	mr, err := r.MultipartReader()
	if err != nil {
		errs["file"] = "send the image as multipart/form-data, in the field file"
		return "", nil, errs
	}
	seen := false
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			errs["file"] = "the upload could not be read as multipart/form-data"
			return "", nil, errs
		}
		name := part.FormName()
		if name == "" {
			name = "body"
		}
		switch {
		case name != "file":
			errs[name] = "unknown field (send the image in the field file)"
		case seen:
			errs["file"] = "send one image only"
		default:
			seen = true
			data, err = io.ReadAll(io.LimitReader(part, clients.MaxLogoBytes+1))
			var tooBig *http.MaxBytesError
			switch {
			case errors.As(err, &tooBig) || len(data) > clients.MaxLogoBytes:
				errs["file"] = fmt.Sprintf("must be at most %d KB", clients.MaxLogoBytes>>10)
			case err != nil:
				errs["file"] = "the upload could not be read"
			}
		}
		_ = part.Close()
		if len(errs) > 0 {
			return "", nil, errs
		}
	}
	if !seen {
		errs["file"] = "is required: a PNG, JPEG or WebP image of at most 512 KB"
		return "", nil, errs
	}
	if len(data) == 0 {
		errs["file"] = "is empty"
		return "", nil, errs
	}
	contentType = http.DetectContentType(data)
	if !clients.IsLogoType(contentType) {
		msg := "must be a PNG, JPEG or WebP image"
		head := bytes.ToLower(data[:min(len(data), 1024)])
		if bytes.Contains(head, []byte("<svg")) {
			msg += " (SVG is not accepted: it can carry scripts, and most email clients do not show it)"
		}
		errs["file"] = msg
		return "", nil, errs
	}
	return contentType, data, nil
}

// logoURL is where the logo is served: under BASE_URL, absolute.
func (p *Portal) logoURL(l *clients.Logo) string { return p.baseURL + clients.LogoPath + l.File() }

// uploadAgencyLogo stores the agency's logo and sets the agency brand's
// logoUrl to it.
func (p *Portal) uploadAgencyLogo(w http.ResponseWriter, r *http.Request) {
	ct, data, errs := readLogo(r)
	if len(errs) > 0 {
		clients.Answer(w, r, errs)
		return
	}
	l, err := p.store.SaveLogo(r.Context(), clients.AgencyLogoOwner, ct, data)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	b, err := p.store.AgencyBrand(r.Context())
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	b.LogoURL = p.logoURL(l)
	if err := p.store.SetAgencyBrand(r.Context(), b); err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("agency logo uploaded", "type", ct, "bytes", len(data))
	httpx.WriteJSON(w, http.StatusOK, logoAnswer{b.LogoURL, ct, len(data), b})
}

// uploadClientLogo stores client id's logo and sets the client's own
// brand's logoUrl to it.
func (p *Portal) uploadClientLogo(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := p.store.Client(r.Context(), id); err != nil {
		clients.Answer(w, r, err)
		return
	}
	ct, data, errs := readLogo(r)
	if len(errs) > 0 {
		clients.Answer(w, r, errs)
		return
	}
	l, err := p.store.SaveLogo(r.Context(), id, ct, data)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	url := p.logoURL(l)
	c, err := p.store.UpdateClient(r.Context(), id, func(c *clients.Client) error {
		c.Settings.Brand.LogoURL = url
		return nil
	})
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("client logo uploaded", "client", id, "type", ct, "bytes", len(data))
	httpx.WriteJSON(w, http.StatusOK, logoAnswer{url, ct, len(data), c.Settings.Brand})
}

// serveLogo answers an uploaded logo: its sniffed type, nosniff, a CSP
// that runs nothing, and an ETag (the bytes' SHA-256). The URL names
// one image for good, so it is cached for a year as immutable; a
// conditional request with the ETag answers 304.
func (p *Portal) serveLogo(w http.ResponseWriter, r *http.Request) {
	l, err := p.store.LogoByFile(r.Context(), r.PathValue("file"))
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", l.ContentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cross-Origin-Resource-Policy", "cross-origin") // shown by mail clients and Slack
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", `"`+l.SHA256+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(l.Data))
}
