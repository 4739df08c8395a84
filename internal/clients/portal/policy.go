package portal

import (
	"database/sql"
	"errors"
	"net/http"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// clientPolicy guards a portal route (behind RequireClient) by the
// session's client's status, read on every request so every instance
// agrees the moment the status changes: a churned client's sessions are
// revoked and the call answers 401; a paused client's writes answer 403.
func (p *Portal) clientPolicy(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sess, ok := session(w, r)
		if !ok {
			return
		}
		st, err := p.store.ClientStatus(r.Context(), sess.ClientID)
		if errors.Is(err, clients.ErrNotFound) {
			st = clients.StatusChurned
		} else if err != nil {
			httpx.ServerError(w, r, err)
			return
		}
		if code, msg := clients.StatusAllows(st, r.Method); code != 0 {
			if st == clients.StatusChurned {
				if err := p.store.Tx(r.Context(), func(tx *sql.Tx) error { return p.store.RevokeSessions(r.Context(), tx, sess.ClientID) }); err != nil {
					httpx.ServerError(w, r, err)
					return
				}
			}
			httpx.Error(w, r, code, msg, nil)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// tokenPolicy is clientPolicy for the REST API: a churned client's tokens
// answer 401, a paused client's writes 403.
func (p *Portal) tokenPolicy(w http.ResponseWriter, r *http.Request, clientID string) bool {
	st, err := p.store.ClientStatus(r.Context(), clientID)
	if errors.Is(err, clients.ErrNotFound) {
		st = clients.StatusChurned
	} else if err != nil {
		httpx.ServerError(w, r, err)
		return false
	}
	if code, msg := clients.StatusAllows(st, r.Method); code != 0 {
		httpx.Error(w, r, code, msg, nil)
		return false
	}
	return true
}
