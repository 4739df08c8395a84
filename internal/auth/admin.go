package auth

import (
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
	c, err := r.Cookie(s.cookieName()) // __Host-sp_session over https
	if err != nil || c.Value == "" || len(c.Value) > 100 {
		return "", false
	}
	sess, err := s.store.Session(r.Context(), c.Value)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			httpx.Logger(r.Context()).Warn("admin session lookup", "err", err)
		}
		return "", false
	}
	return sess.Email, true
}
