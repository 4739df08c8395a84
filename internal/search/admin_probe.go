package search

import (
	"net/http"

	"github.com/signalpipe/signalpipe/internal/auth"
)

// AdminProbe turns the admin gate into the HandlerOptions.Admin function:
// a request counts as an admin's when requireAdmin would let it through
// (live session and, for writes, same origin and the CSRF token), so a
// forged cross-site search can never be stored under an admin's name.
// Whatever the gate answers to a refused request is discarded.
func AdminProbe(requireAdmin func(http.Handler) http.Handler) func(*http.Request) string {
	return func(r *http.Request) string {
		var email string
		probe := requireAdmin(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
			if s := auth.SessionFrom(r.Context()); s != nil {
				email = s.Email
			}
		}))
		probe.ServeHTTP(discard{h: http.Header{}}, r)
		return email
	}
}

// discard is a ResponseWriter that drops everything.
type discard struct{ h http.Header }

func (d discard) Header() http.Header       { return d.h }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}
