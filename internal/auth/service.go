package auth

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Names of the session cookie and the CSRF header.
const (
	// CookieName is the session cookie over http (development).
	CookieName = "sp_session"
	// SecureCookieName is the session cookie when BASE_URL is https: the
	// __Host- prefix makes browsers accept it only with Secure, Path=/ and
	// no Domain, so neither a subdomain nor an http page can plant or
	// overwrite it.
	SecureCookieName = "__Host-" + CookieName
	// HintCookieName is a readable companion of the session cookie holding
	// no secret, only "1": it tells the web app a session may exist, so
	// public pages never call the admin API (and log a 401) for visitors.
	HintCookieName = "sp_admin"
	CSRFHeader     = "X-CSRF-Token"
)

// Options configure a Service.
type Options struct {
	// BaseURL is the site's public URL: its origin is the only one allowed
	// to change state, and https makes the cookie Secure.
	BaseURL string
	// SessionTTL is the idle lifetime of a session (sliding).
	SessionTTL time.Duration
	// MaxSessionAge caps a session's life after sign-in.
	MaxSessionAge time.Duration
	// TrustProxyHeaders takes the client IP from X-Forwarded-For.
	TrustProxyHeaders bool
}

// Service signs the users of one role (its store's) in and out and guards
// that role's routes.
type Service struct {
	role    *Role
	store   *Store
	opts    Options
	origin  string
	secure  bool
	limiter *loginLimiter
	// hashSlots bounds the password verifications running at once; a
	// sign-in waits at most hashWait for one.
	hashSlots chan struct{}
	hashWait  time.Duration
	verify    func(hash, password string) (bool, error)
	// admit, when set, is asked after a correct password whether the user
	// may sign in (WithAdmission).
	admit func(ctx context.Context, u *User) error
}

// Refusal is an admission check's "no": sign-in answers 403 with Msg.
type Refusal struct{ Msg string }

func (r *Refusal) Error() string { return r.Msg }

// WithAdmission returns a copy of the service whose sign-in, after the
// password checks out, asks admit whether the user may sign in: a
// *Refusal answers 403 with its message (the client portal refuses a
// churned client's users, docs/clients.md "Client portal"), another error
// 500.
func (s *Service) WithAdmission(admit func(ctx context.Context, u *User) error) *Service {
	c := *s
	c.admit = admit
	return &c
}

// NewService returns the sign-in service on store.
func NewService(store *Store, o Options) *Service {
	if o.SessionTTL <= 0 {
		o.SessionTTL = 12 * time.Hour
	}
	if o.MaxSessionAge <= 0 {
		o.MaxSessionAge = config.MaxSessionAge
	}
	return &Service{role: store.roleOrAdmin(), store: store, opts: o, origin: httpx.Origin(o.BaseURL),
		secure: httpx.SecureCookies(o.BaseURL), limiter: newLoginLimiter(store),
		hashSlots: make(chan struct{}, maxConcurrentHashes), hashWait: hashQueueWait, verify: VerifyPassword}
}

// sessionKey holds a role's session in a request's context: each role has
// its own key, so an admin handler never reads a client session.
type sessionKey struct{ role *Role }

// SessionFrom returns the admin session RequireAdmin put in ctx, or nil.
func SessionFrom(ctx context.Context) *Session {
	s, _ := ctx.Value(sessionKey{RoleAdmin}).(*Session)
	return s
}

// ClientSessionFrom returns the client user's session RequireClient put in
// ctx, or nil.
func ClientSessionFrom(ctx context.Context) *Session {
	s, _ := ctx.Value(sessionKey{RoleClient}).(*Session)
	return s
}

// RequireAdmin lets a request through only with a live admin session (else
// 401 {"error":"authentication required"}). A state-changing request (any
// method but GET, HEAD, OPTIONS) must also come from the site's own origin
// and carry the session's CSRF token in X-CSRF-Token (else 403). Each use
// slides the session's expiry. It panics on a service of another role.
func (s *Service) RequireAdmin(next http.Handler) http.Handler {
	if s.role != RoleAdmin {
		panic("auth: RequireAdmin on a " + s.role.name + " service")
	}
	return s.require(next)
}

// RequireClient is RequireAdmin for the client portal: a live client
// user's session (read with ClientSessionFrom). It panics on a service of
// another role.
func (s *Service) RequireClient(next http.Handler) http.Handler {
	if s.role != RoleClient {
		panic("auth: RequireClient on a " + s.role.name + " service")
	}
	return s.require(next)
}

func (s *Service) require(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sess, err := s.current(r)
		if errors.Is(err, ErrNotFound) {
			if _, err := r.Cookie(s.role.hint); err == nil {
				s.clearCookie(w) // the session ended: drop the stale hint too
			}
			httpx.Error(w, r, http.StatusUnauthorized, "authentication required", nil)
			return
		}
		if err != nil {
			httpx.ServerError(w, r, err)
			return
		}
		if msg := s.writeRefusal(r, sess); msg != "" {
			httpx.Error(w, r, http.StatusForbidden, msg, nil)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), sessionKey{s.role}, sess)))
	})
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// sameOrigin trusts the browser's Sec-Fetch-Site when sent, else requires
// Origin to be the site's own. A request with neither is refused.
func (s *Service) sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		return site == "same-origin" || site == "none"
	}
	return s.origin != "" && r.Header.Get("Origin") == s.origin
}

// current returns the request's live session, sliding its expiry.
func (s *Service) current(r *http.Request) (*Session, error) {
	sess, err := s.lookup(r)
	if err != nil {
		return nil, err
	}
	next := minTime(s.store.now().Add(s.opts.SessionTTL), sess.CreatedAt.Add(s.opts.MaxSessionAge))
	// Write at most once a minute per session, not on every request.
	if next.Sub(sess.ExpiresAt) > time.Minute {
		if err := s.store.Extend(r.Context(), sess, next); err != nil {
			httpx.Logger(r.Context()).Warn("extend session", "err", err)
		}
	}
	return sess, nil
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// cookieName is the session cookie's name: __Host- prefixed over https.
func (s *Service) cookieName() string {
	if s.secure {
		return "__Host-" + s.role.cookie
	}
	return s.role.cookie
}

// setCookie sends the session cookie, living until the session's cap.
func (s *Service) setCookie(w http.ResponseWriter, token string, sess *Session) {
	http.SetCookie(w, &http.Cookie{
		Name: s.cookieName(), Value: token, Path: "/",
		Expires:  sess.CreatedAt.Add(s.opts.MaxSessionAge),
		MaxAge:   int(s.opts.MaxSessionAge.Seconds()),
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteStrictMode,
	})
	http.SetCookie(w, &http.Cookie{
		Name: s.role.hint, Value: "1", Path: "/",
		Expires: sess.CreatedAt.Add(s.opts.MaxSessionAge),
		MaxAge:  int(s.opts.MaxSessionAge.Seconds()),
		Secure:  s.secure, SameSite: http.SameSiteStrictMode,
	})
}

func (s *Service) clearCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(), Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteStrictMode})
	http.SetCookie(w, &http.Cookie{Name: s.role.hint, Value: "", Path: "/", MaxAge: -1,
		Secure: s.secure, SameSite: http.SameSiteStrictMode})
}

// PurgeExpired deletes expired sessions and ended sign-in windows; see also
// PurgeWorker.
func (s *Service) PurgeExpired(ctx context.Context, log *slog.Logger) {
	if _, err := s.limiter.purge(ctx); err != nil {
		log.Warn("purge login limits", "err", err)
	}
	n, err := s.store.PurgeExpired(ctx)
	if err != nil {
		log.Warn("purge expired sessions", "err", err)
		return
	}
	if n > 0 {
		log.Info("expired sessions purged", "count", n)
	}
}
