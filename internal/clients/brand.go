package clients

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/mail"
)

// DefaultBrandName is the name clients see while the owner sets none
// (docs/clients.md "White-label").
const DefaultBrandName = "Signalpipe"

// BrandMetaKey is the app_meta key of the agency's brand (JSON).
const BrandMetaKey = "brand"

// Bounds on a brand's fields.
const (
	maxBrandName = 80
	maxBrandURL  = 500
)

// Brand is what a client sees of the agency: its name, logo and colour,
// who its emails come from and whom a reply reaches, and the host name its
// portal and links use. The agency's brand (the install's, GET/PUT
// /api/admin/brand) is the default of every client; a client's own
// (settings.brand) overrides it field by field. Empty fields are unset.
type Brand struct {
	Name          string `json:"name"`
	LogoURL       string `json:"logoUrl"`
	PrimaryColor  string `json:"primaryColor"`
	SenderName    string `json:"senderName"`
	SenderAddress string `json:"senderAddress"`
	ReplyTo       string `json:"replyTo"`
	PortalHost    string `json:"portalHost"`
}

// over is b with every field o sets replaced by o's.
func (b Brand) over(o Brand) Brand {
	for _, f := range []struct {
		to *string
		v  string
	}{
		{&b.Name, o.Name}, {&b.LogoURL, o.LogoURL}, {&b.PrimaryColor, o.PrimaryColor},
		{&b.SenderName, o.SenderName}, {&b.SenderAddress, o.SenderAddress}, {&b.ReplyTo, o.ReplyTo},
		{&b.PortalHost, o.PortalHost},
	} {
		if f.v != "" {
			*f.to = f.v
		}
	}
	return b
}

// name is the brand's name, DefaultBrandName when unset.
func (b Brand) name() string {
	if b.Name != "" {
		return b.Name
	}
	return DefaultBrandName
}

// origin is where the client's portal and links live: https:// and the
// brand's portal host, else baseURL (BASE_URL).
func (b Brand) origin(baseURL string) string {
	if b.PortalHost != "" {
		return "https://" + b.PortalHost
	}
	return strings.TrimSuffix(baseURL, "/")
}

// rebase moves u from baseURL to the brand's origin (a link the server
// made under BASE_URL).
func (b Brand) rebase(u, baseURL string) string {
	base := strings.TrimSuffix(baseURL, "/")
	if u == "" || b.PortalHost == "" || base == "" || !strings.HasPrefix(u, base) {
		return u
	}
	return b.origin(baseURL) + strings.TrimPrefix(u, base)
}

// rebaseLinks is links under the brand's origin.
func (b Brand) rebaseLinks(l feedbackLinks, baseURL string) feedbackLinks {
	return feedbackLinks{Good: b.rebase(l.Good, baseURL), Noise: b.rebase(l.Noise, baseURL), Unsubscribe: b.rebase(l.Unsubscribe, baseURL)}
}

// sign puts the brand's sender and reply-to on m: the sender's name
// (else the brand's name, when one is set) and address replace
// MAIL_FROM's; unset, MAIL_FROM stays.
func (b Brand) sign(m *mail.Message) {
	m.FromName = b.SenderName
	if m.FromName == "" {
		m.FromName = b.Name
	}
	m.FromAddress, m.ReplyTo = b.SenderAddress, b.ReplyTo
}

// AgencyBrand is the install's brand (empty when the owner set none).
func (s *Store) AgencyBrand(ctx context.Context) (Brand, error) {
	var b Brand
	v, err := s.d.GetMeta(ctx, BrandMetaKey)
	if errors.Is(err, db.ErrNotFound) {
		return b, nil
	}
	if err != nil {
		return b, err
	}
	if err := json.Unmarshal([]byte(v), &b); err != nil {
		return Brand{}, fmt.Errorf("read brand: %w", err)
	}
	return b, nil
}

// SetAgencyBrand replaces the install's brand.
func (s *Store) SetAgencyBrand(ctx context.Context, b Brand) error {
	raw, err := json.Marshal(b)
	if err != nil {
		return err
	}
	return s.d.SetMeta(ctx, BrandMetaKey, string(raw))
}

// brandOf is client c's brand: the agency's, overridden by c's own.
func (s *Store) brandOf(ctx context.Context, c *Client) (Brand, error) {
	b, err := s.AgencyBrand(ctx)
	if err != nil {
		return Brand{}, err
	}
	if c != nil {
		b = b.over(c.Settings.Brand)
	}
	return b, nil
}

// BrandFor is client id's brand (the agency's when the client is gone).
func (s *Store) BrandFor(ctx context.Context, clientID string) (Brand, error) {
	c, err := s.Client(ctx, clientID)
	if errors.Is(err, ErrNotFound) {
		c, err = nil, nil
	}
	if err != nil {
		return Brand{}, err
	}
	return s.brandOf(ctx, c)
}

// brandForHost is the brand of the client whose portal host is host, else
// the agency's (the portal's sign-in page, before anyone is signed in).
func (s *Store) brandForHost(ctx context.Context, host string) (Brand, error) {
	agency, err := s.AgencyBrand(ctx)
	if err != nil {
		return Brand{}, err
	}
	host = strings.ToLower(host)
	if h, _, ok := strings.Cut(host, ":"); ok {
		host = h
	}
	if host == "" || host == agency.PortalHost {
		return agency, nil
	}
	list, err := s.Clients(ctx, 10_000)
	if err != nil {
		return Brand{}, err
	}
	for _, c := range list {
		if c.Settings.Brand.PortalHost == host {
			return agency.over(c.Settings.Brand), nil
		}
	}
	return agency, nil
}

var (
	hexColour = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)
	hostLabel = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$`)
)

// parseBrand reads a brand strictly: known keys only; a colour in hex, the
// logo an https URL, the addresses email addresses, the host a host name.
// Field errors are keyed prefix+field.
func parseBrand(raw json.RawMessage, prefix string, errs fieldErrors) (Brand, bool) {
	var b Brand
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		msg := "must be an object of name, logoUrl, primaryColor, senderName, senderAddress, replyTo and portalHost"
		if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			errs[prefix+strings.Trim(f, `"`)] = "unknown field"
			return Brand{}, false
		}
		key := strings.TrimSuffix(prefix, ".")
		if key == "" {
			key = "body"
		}
		errs[key] = msg
		return Brand{}, false
	}
	n := len(errs)
	for _, f := range []*string{&b.Name, &b.LogoURL, &b.PrimaryColor, &b.SenderName, &b.SenderAddress, &b.ReplyTo, &b.PortalHost} {
		*f = strings.TrimSpace(*f)
	}
	text := func(key, v string) {
		if utf8.RuneCountInString(v) > maxBrandName || strings.ContainsAny(v, "\r\n<>\"") {
			errs[prefix+key] = fmt.Sprintf("must be at most %d characters, on one line, without < > or \"", maxBrandName)
		}
	}
	text("name", b.Name)
	text("senderName", b.SenderName)
	if b.LogoURL != "" {
		u, err := url.Parse(b.LogoURL)
		if err != nil || (u.Scheme != "https" && !ownLogoURL(u)) || u.Host == "" || u.User != nil || len(b.LogoURL) > maxBrandURL {
			errs[prefix+"logoUrl"] = fmt.Sprintf("must be an https:// URL of at most %d characters", maxBrandURL)
		}
	}
	if b.PrimaryColor != "" {
		if !hexColour.MatchString(b.PrimaryColor) {
			errs[prefix+"primaryColor"] = "must be a hex colour such as #1f6feb"
		} else {
			b.PrimaryColor = strings.ToLower(b.PrimaryColor)
		}
	}
	for key, to := range map[string]*string{"senderAddress": &b.SenderAddress, "replyTo": &b.ReplyTo} {
		if *to == "" {
			continue
		}
		got, err := mail.ParseRecipients(*to, 1)
		if err != nil || strings.ContainsAny(*to, "<>,") {
			errs[prefix+key] = "must be one email address such as leads@agency.example"
			continue
		}
		*to = got[0]
	}
	if b.PortalHost != "" {
		b.PortalHost = strings.ToLower(b.PortalHost)
		if !validHost(b.PortalHost) {
			errs[prefix+"portalHost"] = "must be a host name such as leads.agency.example (no https://, path or port)"
		}
	}
	return b, len(errs) == n
}

// validHost: a DNS name of two labels or more.
func validHost(h string) bool {
	if len(h) > 253 || !strings.Contains(h, ".") {
		return false
	}
	for _, l := range strings.Split(h, ".") {
		if !hostLabel.MatchString(l) {
			return false
		}
	}
	return true
}

// brandRoutes are the agency brand's admin calls.
func (h *Handler) brandRoutes() []httpx.Route {
	admin := httpx.AccessAdmin
	return []httpx.Route{
		{Method: "GET", Path: "/api/admin/brand", Handler: http.HandlerFunc(h.getBrand), Access: admin, OperationID: "getBrand"},
		{Method: "PUT", Path: "/api/admin/brand", Handler: http.HandlerFunc(h.putBrand), Access: admin, OperationID: "updateBrand"},
	}
}

// brandAnswer is the agency's brand and the defaults that stand where it
// sets nothing.
type brandAnswer struct {
	Brand    Brand             `json:"brand"`
	Defaults map[string]string `json:"defaults"`
}

func brandDefaults() map[string]string {
	return map[string]string{"name": DefaultBrandName}
}

func (h *Handler) getBrand(w http.ResponseWriter, r *http.Request) {
	b, err := h.store.AgencyBrand(r.Context())
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, brandAnswer{b, brandDefaults()})
}

// putBrand replaces the agency's brand; an empty field goes back to the
// default.
func (h *Handler) putBrand(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	if !decode(w, r, &raw) {
		return
	}
	errs := fieldErrors{}
	b, ok := parseBrand(raw, "", errs)
	if !ok {
		answer(w, r, errs)
		return
	}
	if err := h.store.SetAgencyBrand(r.Context(), b); err != nil {
		answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("agency brand saved")
	httpx.WriteJSON(w, http.StatusOK, brandAnswer{b, brandDefaults()})
}

// publicBrand is what a client sees of a brand in the portal.
func publicBrand(b Brand) map[string]string {
	return map[string]string{"name": b.name(), "logoUrl": b.LogoURL, "primaryColor": b.PrimaryColor}
}
