package auth

import (
	"crypto/subtle"
	"errors"
	"net/http"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Admin reports whose live admin session r carries, without sliding its
// expiry and without the CSRF checks of RequireAdmin: it only says who is
// looking, for public routes that treat the admin differently (the
// analytics beacon does not count the admin's own views, docs/product.md
// §11). It never grants anything; admin routes stay behind RequireAdmin.
func (s *Service) Admin(r *http.Request) (email string, ok bool) {
	if s.role != RoleAdmin { // a client user is never the admin
		return "", false
	}
	sess, err := s.lookup(r)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			httpx.Logger(r.Context()).Warn("admin session lookup", "err", err)
		}
		return "", false
	}
	return sess.Email, true
}

// AdminActing is Admin for a public route that acts on the admin's behalf
// (a live search stored under the admin's name): a state-changing request
// (any method but GET, HEAD, OPTIONS) counts as the admin's only when it
// also passes RequireAdmin's origin and CSRF checks, so a forged
// cross-site request is never taken for the admin's. Like Admin it does not
// slide the session and never answers the request itself.
func (s *Service) AdminActing(r *http.Request) (email string, ok bool) {
	if s.role != RoleAdmin {
		return "", false
	}
	sess, err := s.lookup(r)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			httpx.Logger(r.Context()).Warn("admin session lookup", "err", err)
		}
		return "", false
	}
	if s.writeRefusal(r, sess) != "" {
		return "", false
	}
	return sess.Email, true
}

// lookup returns the live session r's cookie names (__Host-sp_session over
// https), without sliding it.
func (s *Service) lookup(r *http.Request) (*Session, error) {
	c, err := r.Cookie(s.cookieName())
	if err != nil || c.Value == "" || len(c.Value) > 100 {
		return nil, ErrNotFound
	}
	return s.store.Session(r.Context(), c.Value)
}

// writeRefusal is why RequireAdmin refuses r with 403, or "" when it may
// pass: a state-changing request must come from the site's own origin and
// carry the session's CSRF token in X-CSRF-Token.
func (s *Service) writeRefusal(r *http.Request, sess *Session) string {
	if safeMethod(r.Method) {
		return ""
	}
	if !s.sameOrigin(r) {
		return "cross-origin request refused"
	}
	if subtle.ConstantTimeCompare([]byte(r.Header.Get(CSRFHeader)), []byte(sess.CSRFToken)) != 1 {
		return "invalid or missing CSRF token"
	}
	return ""
}
