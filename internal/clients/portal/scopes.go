package portal

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Token scopes (docs/api.md "Scopes"): what a token may do. A token made
// before scopes existed reads as ScopeLeadsRead, which is what every token
// could do then (read leads, send Good/Noise feedback).
const (
	// ScopeLeadsRead reads leads and sends Good/Noise feedback.
	ScopeLeadsRead = "leads:read"
	// ScopeLeadsWrite changes a lead's state and note.
	ScopeLeadsWrite = "leads:write"
	// ScopeAgentsRun lists agents, starts runs and reads them.
	ScopeAgentsRun = "agents:run"
)

// Scopes lists every scope, in the order forms show them.
var Scopes = []string{ScopeLeadsRead, ScopeLeadsWrite, ScopeAgentsRun}

// DefaultScopes are a new token's scopes when its maker names none:
// reading and working the client's leads (issue 31's PATCH /api/v1/leads/{id}
// takes a plain client token). Starting agents must be asked for. A token
// made before scopes existed keeps leads:read (migration 00032).
var DefaultScopes = []string{ScopeLeadsRead, ScopeLeadsWrite}

// AdminTokenPrefix marks an admin token (one that reaches every client).
const AdminTokenPrefix = "sp_admin_"

// maxAdminTokens bounds the admin tokens of an install.
const maxAdminTokens = 50

// NormalizeScopes checks scopes against Scopes and returns them
// de-duplicated in Scopes' order; none gives DefaultScopes.
func NormalizeScopes(scopes []string) ([]string, error) {
	if len(scopes) == 0 {
		return slices.Clone(DefaultScopes), nil
	}
	var out []string
	for _, s := range Scopes {
		if slices.Contains(scopes, s) {
			out = append(out, s)
		}
	}
	for _, s := range scopes {
		if !slices.Contains(Scopes, s) {
			return nil, clients.FieldErrors{"scopes": fmt.Sprintf("%q is not a scope; use %s", s, strings.Join(Scopes, ", "))}
		}
	}
	return out, nil
}

// joinScopes and splitScopes store scopes space-separated.
func joinScopes(s []string) string { return strings.Join(s, " ") }

func splitScopes(s string) []string {
	f := strings.Fields(s)
	if f == nil {
		return []string{}
	}
	return f
}

// Caller is who a live API token speaks for: one client, or (Admin) every
// client, with the token's scopes.
type Caller struct {
	TokenID  string
	ClientID string // "" for an admin token
	Admin    bool
	Scopes   []string
}

// Has says whether the caller's token carries scope.
func (c *Caller) Has(scope string) bool { return c != nil && slices.Contains(c.Scopes, scope) }

// callerKey holds the Caller requireToken found.
type callerKey struct{}

// CallerFrom is the caller of a request that passed the token guard, or nil.
func CallerFrom(ctx context.Context) *Caller {
	c, _ := ctx.Value(callerKey{}).(*Caller)
	return c
}

// WithCaller returns ctx carrying c (the token guard's, and tests').
func WithCaller(ctx context.Context, c *Caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

// Authenticate returns the caller of a live client or admin token
// (ErrNotFound for an unknown or revoked one) and marks the token used, at
// most once a minute.
func (s *Store) Authenticate(ctx context.Context, token string) (*Caller, error) {
	if len(token) > 200 {
		return nil, clients.ErrNotFound
	}
	table, admin := "client_api_tokens", false
	switch {
	case strings.HasPrefix(token, TokenPrefix):
	case strings.HasPrefix(token, AdminTokenPrefix):
		table, admin = "admin_api_tokens", true
	default:
		return nil, clients.ErrNotFound
	}
	hash := auth.HashToken(token)
	cols := `id, client_id, scopes`
	if admin {
		cols = `id, '', scopes`
	}
	var (
		c      = &Caller{Admin: admin}
		scopes string
	)
	err := s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT `+cols+` FROM `+table+` WHERE token_hash = ?`), hash).
		Scan(&c.TokenID, &c.ClientID, &scopes)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, clients.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("find api token: %w", err)
	}
	c.Scopes = splitScopes(scopes)
	now := s.Now().UTC()
	_, err = s.DB().Writer.ExecContext(ctx, s.DB().Rebind(`UPDATE `+table+` SET last_used_at = ?
		WHERE token_hash = ? AND (last_used_at IS NULL OR last_used_at <= ?)`),
		s.DB().TimeArg(now), hash, s.DB().TimeArg(now.Add(-lastUsedEvery)))
	if err != nil {
		return nil, fmt.Errorf("mark api token used: %w", err)
	}
	return c, nil
}

// AdminToken is an admin token as listed; the token itself is shown once.
type AdminToken struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Scopes     []string   `json:"scopes"`
	CreatedBy  string     `json:"createdBy"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
}

// CreateAdminToken stores a new admin token with scopes (DefaultScopes
// when none) and returns it with its record.
func (s *Store) CreateAdminToken(ctx context.Context, name, createdBy string, scopes []string) (string, *AdminToken, error) {
	name = strings.TrimSpace(name)
	if name == "" || len([]rune(name)) > maxTokenName {
		return "", nil, clients.FieldErrors{"name": fmt.Sprintf("must be 1 to %d characters", maxTokenName)}
	}
	scopes, err := NormalizeScopes(scopes)
	if err != nil {
		return "", nil, err
	}
	token := AdminTokenPrefix + strings.TrimPrefix(newAPIToken(), TokenPrefix)
	now := s.Now().UTC()
	t := &AdminToken{ID: db.NewID(), Name: name, Scopes: scopes, CreatedBy: createdBy, CreatedAt: now}
	err = s.Tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM admin_api_tokens`).Scan(&n); err != nil {
			return fmt.Errorf("create admin token: %w", err)
		}
		if n >= maxAdminTokens {
			return clients.FieldErrors{"name": fmt.Sprintf("an install has at most %d admin tokens; revoke one first", maxAdminTokens)}
		}
		_, err := tx.ExecContext(ctx, s.DB().Rebind(`INSERT INTO admin_api_tokens (id, name, token_hash, scopes, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`), t.ID, name, auth.HashToken(token), joinScopes(scopes), createdBy, s.DB().TimeArg(now))
		if err != nil {
			return fmt.Errorf("create admin token: %w", err)
		}
		return nil
	})
	if err != nil {
		return "", nil, err
	}
	return token, t, nil
}

// AdminTokens lists the admin tokens, oldest first.
func (s *Store) AdminTokens(ctx context.Context) ([]*AdminToken, error) {
	rows, err := s.DB().Reader.QueryContext(ctx, `SELECT id, name, scopes, created_by, created_at, last_used_at
		FROM admin_api_tokens ORDER BY created_at, id`)
	if err != nil {
		return nil, fmt.Errorf("list admin tokens: %w", err)
	}
	defer rows.Close()
	out := []*AdminToken{}
	for rows.Next() {
		var (
			t             AdminToken
			scopes        string
			created, used db.Time
		)
		if err := rows.Scan(&t.ID, &t.Name, &scopes, &t.CreatedBy, &created, &used); err != nil {
			return nil, fmt.Errorf("list admin tokens: %w", err)
		}
		t.Scopes, t.CreatedAt = splitScopes(scopes), created.Time
		if used.Valid {
			t.LastUsedAt = &used.Time
		}
		out = append(out, &t)
	}
	return out, rows.Err()
}

// RevokeAdminToken deletes admin token id (ErrNotFound when there is none).
func (s *Store) RevokeAdminToken(ctx context.Context, id string) error {
	res, err := s.DB().Writer.ExecContext(ctx, s.DB().Rebind(`DELETE FROM admin_api_tokens WHERE id = ?`), id)
	if err != nil {
		return fmt.Errorf("revoke admin token: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return clients.ErrNotFound
	}
	return nil
}

// The console's calls on admin tokens.

func (p *Portal) createAdminToken(w http.ResponseWriter, r *http.Request) {
	var in tokenInput
	if !clients.Decode(w, r, &in) {
		return
	}
	by := ""
	if s := auth.SessionFrom(r.Context()); s != nil {
		by = s.Email
	}
	token, t, err := p.store.CreateAdminToken(r.Context(), in.Name, by, in.Scopes)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("admin token created", "token_id", t.ID, "scopes", joinScopes(t.Scopes))
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusCreated, map[string]any{"id": t.ID, "token": token, "name": t.Name, "scopes": t.Scopes, "createdAt": t.CreatedAt})
}

func (p *Portal) listAdminTokens(w http.ResponseWriter, r *http.Request) {
	ts, err := p.store.AdminTokens(r.Context())
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"tokens": ts, "scopes": Scopes})
}

func (p *Portal) revokeAdminToken(w http.ResponseWriter, r *http.Request) {
	if err := p.store.RevokeAdminToken(r.Context(), r.PathValue("id")); err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("admin token revoked", "token_id", r.PathValue("id"))
	w.WriteHeader(http.StatusNoContent)
}

// MCPPath is the MCP server's endpoint (internal/mcp). Every MCP call is a
// POST, reads too, so the token guard holds a paused client's MCP calls to
// the read rule and the tools that write ask CheckWritable themselves.
const MCPPath = "/mcp"

// CheckWritable refuses a change to a client that is not working in full:
// a paused client's workspace reads but does not change (MsgPaused), a
// churned or unknown one is closed (MsgChurned).
func (s *Store) CheckWritable(ctx context.Context, clientID string) error {
	st, err := s.ClientStatus(ctx, clientID)
	if errors.Is(err, clients.ErrNotFound) {
		st = clients.StatusChurned
	} else if err != nil {
		return err
	}
	if code, msg := clients.StatusAllows(st, http.MethodPost); code != 0 {
		return clients.ConflictError(msg)
	}
	return nil
}

// ErrorMessage is err's message for the person who made the request when
// err is a refusal of theirs (a conflict such as a paused workspace), or ""
// when it is not.
func ErrorMessage(err error) string {
	var ce clients.ConflictError
	if errors.As(err, &ce) {
		return ce.Error()
	}
	return ""
}
