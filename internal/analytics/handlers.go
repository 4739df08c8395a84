package analytics

import (
	"context"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// maxBeacon bounds a beacon's body: a path and a referrer.
const maxBeacon = 2 << 10

// Options configures a Handler.
type Options struct {
	// BaseURL is the site's origin; referrers from it are not kept.
	BaseURL string
	// IsPage decides which paths are recorded (required).
	IsPage PageChecker
	// TrustProxyHeaders takes the client address from X-Forwarded-For.
	TrustProxyHeaders bool
	// IsAdmin reports whether a request carries a live admin session
	// (auth.Service.Admin); such views are not counted, so the admin's own
	// browsing stays out of the report. Nil: every view counts.
	IsAdmin func(*http.Request) bool
	// Limit rate-limits the beacon per client (nil: no limit); see
	// ANALYTICS_RATE_LIMIT.
	Limit func(http.Handler) http.Handler
	// Revision identifies the state of the blog's posts and changes with
	// every write on any instance (blog.Store.Revision); the page cache
	// is dropped when it changes. Nil: pages are cached for the full TTL.
	Revision func(ctx context.Context) (string, error)
	// Logger is for write errors; nil means slog.Default.
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Handler serves the beacon and the admin report.
type Handler struct {
	store      *Store
	salts      *Salts
	rec        *Recorder
	pages      *pageCache
	visitors   *visitorCap
	limit      func(http.Handler) http.Handler
	isAdmin    func(*http.Request) bool
	ownHost    string
	trustProxy bool
	now        func() time.Time
}

// NewHandler records views through rec (which writes them to store) and
// reports from store.
func NewHandler(store *Store, salts *Salts, rec *Recorder, o Options) *Handler {
	h := &Handler{store: store, salts: salts, rec: rec, pages: newPageCache(o.IsPage, o.Revision),
		visitors: newVisitorCap(), limit: o.Limit, isAdmin: o.IsAdmin, trustProxy: o.TrustProxyHeaders, now: o.Now}
	if u, err := url.Parse(o.BaseURL); err == nil {
		h.ownHost = strings.ToLower(u.Hostname())
	}
	if h.now == nil {
		h.now = time.Now
	}
	return h
}

// Routes is the package's route table: the public beacon (rate limited
// per client) and the admin's report.
func (h *Handler) Routes() []httpx.Route {
	return []httpx.Route{
		{Method: "POST", Path: "/api/analytics/pageview", Handler: http.HandlerFunc(h.pageview), Access: httpx.AccessPublic,
			RateLimit: h.limit, OperationID: "recordPageview"},
		{Method: "GET", Path: "/api/admin/analytics", Handler: http.HandlerFunc(h.report), Access: httpx.AccessAdmin,
			OperationID: "getAnalyticsReport"},
	}
}

// beacon is what the app sends on each route change.
type beacon struct {
	Path     string `json:"path"`
	Referrer string `json:"referrer"`
}

// pageview answers 204 whether or not the view was counted (bots, unknown
// paths, Do Not Track and the admin's own views are silently skipped), so the beacon reveals
// nothing; only a malformed body is an error.
func (h *Handler) pageview(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	var b beacon
	if err := decodeBeacon(w, r, &b); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	if v, ok := h.view(r, b); ok {
		h.rec.Add(v)
	}
	w.WriteHeader(http.StatusNoContent)
}

// view builds the View to record, or ok false when this one is not counted.
func (h *Handler) view(r *http.Request, b beacon) (View, bool) {
	ua := r.UserAgent()
	if IsBot(ua) || r.Header.Get("DNT") == "1" {
		return View{}, false
	}
	path, ok := cleanPath(b.Path)
	if !ok {
		return View{}, false
	}
	ctx, now := r.Context(), h.now()
	if !h.pages.isPage(ctx, path, now) {
		return View{}, false
	}
	if h.isAdmin != nil && h.isAdmin(r) {
		return View{}, false
	}
	salt, err := h.salts.For(ctx, now)
	if err != nil {
		httpx.Logger(ctx).Error("analytics: salt", "err", err)
		return View{}, false
	}
	ip := httpx.ClientIP(r, h.trustProxy)
	return View{At: now, Path: path, Referrer: referrerHost(b.Referrer, h.ownHost),
		Visitor: h.visitors.visitor(dayOf(now), salt, ip, ua)}, true
}

// decodeBeacon reads the JSON body. navigator.sendBeacon sends text/plain
// (a CORS-safelisted type) as well as application/json; both are accepted.
func decodeBeacon(w http.ResponseWriter, r *http.Request, b *beacon) error {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "text/plain" {
		r.Header.Set("Content-Type", "application/json")
	}
	return httpx.DecodeJSON(w, r, b, maxBeacon)
}

func (h *Handler) report(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("period")
	if name == "" {
		name = DefaultPeriod
	}
	p, ok := Periods[name]
	if !ok {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input",
			map[string]string{"period": "Must be one of 24h, 7d, 30d, 90d"})
		return
	}
	rep, err := h.store.Build(r.Context(), p, h.now())
	if err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, rep)
}
