package clients

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
)

// What a client's status allows its people and its systems
// (docs/clients.md "Paused and churned clients"): onboarding and active
// clients work in full; a paused client's portal and REST API read but do
// not write, its agents do not run on their schedule and its deliveries
// are held until it is active again; a churned client's people cannot sign
// in, its sessions are revoked, its API tokens answer 401 and its pending
// deliveries are cancelled.
const (
	MsgChurned = "This workspace is closed. Ask your account manager to reopen it."
	MsgPaused  = "This workspace is paused: you can read it, but changes are off until it is active again."
	// HeldFor is how long a paused client's delivery waits before it looks
	// at the client's status again.
	HeldFor = time.Hour
)

// clientStatus is the client's status, or ErrNotFound.
func (s *Store) clientStatus(ctx context.Context, id string) (string, error) {
	var st string
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT status FROM clients WHERE id = ?`), id).Scan(&st)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("client status: %w", err)
	}
	return st, nil
}

// Admit is the client portal's sign-in check (auth.Service.WithAdmission):
// a churned client's user is refused with MsgChurned.
func (s *Store) Admit(ctx context.Context, u *auth.User) error {
	st, err := s.clientStatus(ctx, u.ClientID)
	if errors.Is(err, ErrNotFound) || st == StatusChurned {
		return &auth.Refusal{Msg: MsgChurned}
	}
	return err
}

// revokeSessions ends every portal session of the client's users.
func (s *Store) revokeSessions(ctx context.Context, tx *sql.Tx, clientID string) error {
	_, err := tx.ExecContext(ctx, s.d.Rebind(`DELETE FROM client_sessions WHERE user_id IN
		(SELECT id FROM client_users WHERE client_id = ?)`), clientID)
	if err != nil {
		return fmt.Errorf("revoke client sessions: %w", err)
	}
	return nil
}

// revokeFeed deletes the client's feed token: churn revokes the feed as
// it does sessions, and making the client active again does not restore
// it (a new feed URL is made).
func (s *Store) revokeFeed(ctx context.Context, tx *sql.Tx, clientID string) error {
	if _, err := tx.ExecContext(ctx, s.d.Rebind(`DELETE FROM client_feeds WHERE client_id = ?`), clientID); err != nil {
		return fmt.Errorf("revoke client feed: %w", err)
	}
	return nil
}

// statusAllows answers a request of a client in status st: "" lets it
// through; otherwise the status code and message to answer.
func statusAllows(st, method string) (int, string) {
	switch {
	case st == StatusChurned:
		return http.StatusUnauthorized, MsgChurned
	case st == StatusPaused && method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions:
		return http.StatusForbidden, MsgPaused
	}
	return 0, ""
}
