package portal

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
)

// InviteTTL is how long an invite link stays usable.
const InviteTTL = 7 * 24 * time.Hour

// Errors of the client portal.
var (
	// ErrInviteInvalid: no such invite, or it was used or has expired.
	ErrInviteInvalid = errors.New("this invite link is invalid, already used or expired")
	// ErrUserExists: a client user with the email exists already.
	ErrUserExists = errors.New("an account with this email already exists; sign in instead")
)

// Invite is a pending invitation to a client's portal. Only the token's
// hash is stored; the token itself is in the link the admin passes on.
type Invite struct {
	ClientID  string
	Email     string // "" = the invitee chooses
	ExpiresAt time.Time
}

// CreateInvite stores a single-use invite to client clientID, optionally
// bound to email, made by the admin createdBy, and returns its token. An
// unknown client is ErrNotFound.
func (s *Store) CreateInvite(ctx context.Context, clientID, email, createdBy string) (string, *Invite, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return "", nil, err
	}
	token, now := auth.NewToken(), s.Now().UTC()
	inv := &Invite{ClientID: clientID, Email: auth.NormalizeEmail(email), ExpiresAt: now.Add(InviteTTL)}
	err := s.Tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.DB().Rebind(`INSERT INTO client_invites
			(token_hash, client_id, email, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`),
			auth.HashToken(token), clientID, inv.Email, createdBy, s.DB().TimeArg(now), s.DB().TimeArg(inv.ExpiresAt))
		if err != nil {
			return fmt.Errorf("create invite: %w", err)
		}
		return s.markContact(ctx, tx, clientID, inv.Email, ContactInvited, ContactPending)
	})
	if err != nil {
		return "", nil, err
	}
	return token, inv, nil
}

// The first user's (Client.Contact) status as the portal moves it.
const (
	ContactPending = "pending" // mapped from onboarding
	ContactInvited = "invited" // an invite bound to its email was made
	ContactJoined  = "joined"  // that email accepted an invite
)

// markContact moves the client's contact with email from one of the
// statuses from to status to; anything else is left alone.
func (s *Store) markContact(ctx context.Context, tx *sql.Tx, clientID, email string, to string, from ...string) error {
	if email == "" {
		return nil
	}
	var raw string
	err := tx.QueryRowContext(ctx, s.DB().Rebind(`SELECT contact FROM clients WHERE id = ?`+s.ForUpdate()), clientID).Scan(&raw)
	if err != nil {
		return fmt.Errorf("read contact: %w", err)
	}
	var c clients.Contact
	if json.Unmarshal([]byte(raw), &c) != nil || c.Email == "" || !strings.EqualFold(c.Email, email) || !slices.Contains(from, c.Status) {
		return nil
	}
	c.Status = to
	if _, err := tx.ExecContext(ctx, s.DB().Rebind(`UPDATE clients SET contact = ? WHERE id = ?`), clients.MustJSON(c), clientID); err != nil {
		return fmt.Errorf("update contact: %w", err)
	}
	return nil
}

// Invite returns the live (unused, unexpired) invite of token, or
// ErrInviteInvalid.
func (s *Store) Invite(ctx context.Context, token string) (*Invite, error) {
	var inv Invite
	var exp db.Time
	err := s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT client_id, email, expires_at FROM client_invites
		WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`), auth.HashToken(token), s.DB().TimeArg(s.Now())).
		Scan(&inv.ClientID, &inv.Email, &exp)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrInviteInvalid
	}
	if err != nil {
		return nil, fmt.Errorf("get invite: %w", err)
	}
	inv.ExpiresAt = exp.Time
	return &inv, nil
}

// AcceptInvite uses the invite of token once: in one transaction it marks
// the invite used and creates the client user email with the (already
// argon2id) password hash. Of parallel accepts of one invite exactly one
// succeeds; the others get ErrInviteInvalid. An email that already has an
// account is ErrUserExists and leaves the invite unused.
func (s *Store) AcceptInvite(ctx context.Context, token, email, hash string) (*auth.User, error) {
	u := &auth.User{ID: db.NewID(), Email: auth.NormalizeEmail(email), PasswordHash: hash}
	now := s.DB().TimeArg(s.Now().UTC())
	err := s.Tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, s.DB().Rebind(`UPDATE client_invites SET used_at = ?
			WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING client_id`),
			now, auth.HashToken(token), now).Scan(&u.ClientID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrInviteInvalid
		}
		if err != nil {
			return fmt.Errorf("use invite: %w", err)
		}
		res, err := tx.ExecContext(ctx, s.DB().Rebind(`INSERT INTO client_users (id, client_id, email, password_hash, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`), u.ID, u.ClientID, u.Email, hash, now, now)
		if err != nil {
			return fmt.Errorf("create client user: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrUserExists
		}
		return s.markContact(ctx, tx, u.ClientID, u.Email, ContactJoined, ContactPending, ContactInvited)
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}
