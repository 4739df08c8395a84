package portal

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// API tokens (docs/api.md "REST API"): a client's machines read its leads
// and send feedback with `Authorization: Bearer <token>`.
const (
	// TokenPrefix marks a Signalpipe API token, so a leaked one is
	// recognisable (secret scanners, logs).
	TokenPrefix = "sp_live_"
	// maxTokenName bounds a token's name; maxTokens a client's tokens.
	maxTokenName = 100
	maxTokens    = 50
	// lastUsedEvery is how often a token's last_used_at is written at most.
	lastUsedEvery = time.Minute
)

// APIToken is a client's API token as listed; the token itself is shown
// once, when it is made.
type APIToken struct {
	ID         string     `json:"id"`
	ClientID   string     `json:"clientId"`
	Name       string     `json:"name"`
	Scopes     []string   `json:"scopes"`
	CreatedBy  string     `json:"createdBy"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
}

// errTooManyTokens: the client has maxTokens already.
var errTooManyTokens = clients.FieldErrors{"name": fmt.Sprintf("a client has at most %d API tokens; revoke one first", maxTokens)}

// newAPIToken is TokenPrefix and 32 random bytes, base64url.
func newAPIToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return TokenPrefix + base64.RawURLEncoding.EncodeToString(b)
}

// CreateAPIToken stores a new token of client clientID with scopes
// (DefaultScopes when none) and returns it with its record. An unknown
// client is ErrNotFound.
func (s *Store) CreateAPIToken(ctx context.Context, clientID, name, createdBy string, scopes ...string) (string, *APIToken, error) {
	scopes, err := NormalizeScopes(scopes)
	if err != nil {
		return "", nil, err
	}
	token, now := newAPIToken(), s.Now().UTC()
	t := &APIToken{ID: db.NewID(), ClientID: clientID, Name: name, Scopes: scopes, CreatedBy: createdBy, CreatedAt: now}
	err = s.Tx(ctx, func(tx *sql.Tx) error {
		n, err := s.CountLocked(ctx, tx, clientID, "client_api_tokens")
		if err != nil {
			return fmt.Errorf("create api token: %w", err)
		}
		if n >= maxTokens {
			return errTooManyTokens
		}
		_, err = tx.ExecContext(ctx, s.DB().Rebind(`INSERT INTO client_api_tokens (id, client_id, name, token_hash, scopes, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`), t.ID, clientID, name, auth.HashToken(token), joinScopes(scopes), createdBy, s.DB().TimeArg(now))
		if err != nil {
			return fmt.Errorf("create api token: %w", err)
		}
		return nil
	})
	if err != nil {
		return "", nil, err
	}
	return token, t, nil
}

// APITokens lists client clientID's tokens, oldest first. An unknown
// client is ErrNotFound.
func (s *Store) APITokens(ctx context.Context, clientID string) ([]*APIToken, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return nil, err
	}
	rows, err := s.DB().Reader.QueryContext(ctx, s.DB().Rebind(`SELECT id, client_id, name, scopes, created_by, created_at, last_used_at
		FROM client_api_tokens WHERE client_id = ? ORDER BY created_at, id`), clientID)
	if err != nil {
		return nil, fmt.Errorf("list api tokens: %w", err)
	}
	defer rows.Close()
	out := []*APIToken{}
	for rows.Next() {
		var (
			t             APIToken
			scopes        string
			created, used db.Time
		)
		if err := rows.Scan(&t.ID, &t.ClientID, &t.Name, &scopes, &t.CreatedBy, &created, &used); err != nil {
			return nil, fmt.Errorf("list api tokens: %w", err)
		}
		t.Scopes, t.CreatedAt = splitScopes(scopes), created.Time
		if used.Valid {
			t.LastUsedAt = &used.Time
		}
		out = append(out, &t)
	}
	return out, rows.Err()
}

// RevokeAPIToken deletes token id of client clientID; a token of another
// client, or none, is ErrNotFound.
func (s *Store) RevokeAPIToken(ctx context.Context, clientID, id string) error {
	res, err := s.DB().Writer.ExecContext(ctx, s.DB().Rebind(`DELETE FROM client_api_tokens WHERE id = ? AND client_id = ?`), id, clientID)
	if err != nil {
		return fmt.Errorf("revoke api token: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return clients.ErrNotFound
	}
	return nil
}

// TokenClient returns the client of a live client token ("" and
// ErrNotFound for an unknown or revoked one, or an admin token) and marks
// the token used (Authenticate).
func (s *Store) TokenClient(ctx context.Context, token string) (string, error) {
	c, err := s.Authenticate(ctx, token)
	if err != nil {
		return "", err
	}
	if c.Admin {
		return "", clients.ErrNotFound
	}
	return c.ClientID, nil
}

// Admin calls on tokens.

type tokenInput struct {
	Name string `json:"name"`
	// Scopes are the token's scopes; none gives DefaultScopes.
	Scopes []string `json:"scopes"`
}

func (p *Portal) createToken(w http.ResponseWriter, r *http.Request) {
	by := ""
	if s := auth.SessionFrom(r.Context()); s != nil {
		by = s.Email
	}
	p.makeToken(w, r, r.PathValue("id"), by)
}

// makeToken makes a token of client clientID named by the body, shown
// once: the admin's call and the portal's (portal_workspace.go).
func (p *Portal) makeToken(w http.ResponseWriter, r *http.Request, clientID, by string) {
	var in tokenInput
	if !clients.Decode(w, r, &in) {
		return
	}
	in.Name = strings.TrimSpace(in.Name)
	if in.Name == "" || utf8.RuneCountInString(in.Name) > maxTokenName {
		clients.Answer(w, r, clients.FieldErrors{"name": fmt.Sprintf("must be 1 to %d characters", maxTokenName)})
		return
	}
	token, t, err := p.store.CreateAPIToken(r.Context(), clientID, in.Name, by, in.Scopes...)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("api token created", "client", t.ClientID, "token_id", t.ID, "scopes", joinScopes(t.Scopes))
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"id": t.ID, "token": token, "name": t.Name, "scopes": t.Scopes, "createdAt": t.CreatedAt})
}

func (p *Portal) listTokens(w http.ResponseWriter, r *http.Request) {
	p.writeTokens(w, r, r.PathValue("id"))
}

// writeTokens answers client clientID's tokens (never the tokens
// themselves, only their names and use).
func (p *Portal) writeTokens(w http.ResponseWriter, r *http.Request, clientID string) {
	ts, err := p.store.APITokens(r.Context(), clientID)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"tokens": ts})
}

func (p *Portal) revokeToken(w http.ResponseWriter, r *http.Request) {
	p.dropToken(w, r, r.PathValue("id"), r.PathValue("tokenId"))
}

// dropToken revokes token id of client clientID (404 when it is another
// client's).
func (p *Portal) dropToken(w http.ResponseWriter, r *http.Request, clientID, id string) {
	if err := p.store.RevokeAPIToken(r.Context(), clientID, id); err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("api token revoked", "client", clientID, "token_id", id)
	w.WriteHeader(http.StatusNoContent)
}

// The REST API: the token's client, never the request's, is the tenant,
// so another client's lead ids answer 404.

// RequireToken passes requests with a live bearer token (a client's or
// an admin's), the Caller in the context (CallerFrom); anything else
// answers 401 with a WWW-Authenticate header. A client token is held to
// its client's status (tokenPolicy): a churned client's answer 401.
func (p *Portal) requireToken(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		var (
			c   *Caller
			err error
		)
		if strings.EqualFold(scheme, "Bearer") {
			c, err = p.store.Authenticate(r.Context(), strings.TrimSpace(token))
		}
		if err != nil && !errors.Is(err, clients.ErrNotFound) {
			httpx.ServerError(w, r, err)
			return
		}
		if c == nil {
			w.Header().Set("WWW-Authenticate", `Bearer realm="signalpipe"`)
			httpx.Error(w, r, http.StatusUnauthorized, "a valid API token is required (Authorization: Bearer <token>)", nil)
			return
		}
		policy := r
		if r.URL.Path == MCPPath { // reads are POSTs too: the writing tools check (CheckWritable)
			policy = r.Clone(r.Context())
			policy.Method = http.MethodGet
		}
		if !c.Admin && !p.tokenPolicy(w, policy, c.ClientID) {
			return
		}
		next.ServeHTTP(w, r.WithContext(WithCaller(r.Context(), c)))
	})
}

// tokenClient is the client of the request's client token, which must
// carry scope; never "" (which the store reads as "any client"): an admin
// token answers 401 (the REST API is a client's), a missing scope 403.
func tokenClient(w http.ResponseWriter, r *http.Request, scope string) (string, bool) {
	c := CallerFrom(r.Context())
	switch {
	case c == nil || c.ClientID == "":
		httpx.Error(w, r, http.StatusUnauthorized, "a valid client API token is required (Authorization: Bearer <token>)", nil)
		return "", false
	case !c.Has(scope):
		httpx.Error(w, r, http.StatusForbidden, fmt.Sprintf("this token lacks the %s scope; make a token with it", scope), nil)
		return "", false
	}
	return c.ClientID, true
}

// apiLeads answers GET /api/v1/leads?since=<cursor>&limit=: the client's
// leads oldest first after the cursor. nextCursor is the last lead's
// cursor (since again when there are none), so a poller keeps it and asks
// again; hasMore says whether another page is ready now.
func (p *Portal) apiLeads(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := clients.LeadFilter{Cursor: q.Get("since"), Limit: clients.DefaultPage, Ascending: true, Delivered: true}
	errs := clients.FieldErrors{}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > clients.MaxPage {
			errs["limit"] = fmt.Sprintf("must be a whole number from 1 to %d", clients.MaxPage)
		}
		f.Limit = n
	}
	if len(f.Cursor) > 200 {
		errs["since"] = clients.ErrBadCursor.Error()
	}
	if err := errs.Err(); err != nil {
		clients.Answer(w, r, err)
		return
	}
	clientID, ok := tokenClient(w, r, ScopeLeadsRead)
	if !ok {
		return
	}
	leads, more, err := p.store.Leads(r.Context(), clientID, f)
	if errors.Is(err, clients.ErrBadCursor) {
		err = clients.FieldErrors{"since": err.Error()}
	}
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	next := f.Cursor
	if len(leads) > 0 {
		last := leads[len(leads)-1]
		next = clients.EncodeCursor(last.CreatedAt, last.ID)
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"leads": leads, "nextCursor": next, "hasMore": more != ""})
}

func (p *Portal) apiLead(w http.ResponseWriter, r *http.Request) {
	clientID, ok := tokenClient(w, r, ScopeLeadsRead)
	if !ok {
		return
	}
	l, err := p.store.Lead(r.Context(), clientID, r.PathValue("id"))
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, l)
}

func (p *Portal) apiFeedback(w http.ResponseWriter, r *http.Request) {
	if clientID, ok := tokenClient(w, r, ScopeLeadsRead); ok {
		clients.WriteFeedback(w, r, p.store.Store, clientID)
	}
}
