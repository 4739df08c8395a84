package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// Errors of the store.
var (
	// ErrNotFound means no such user or no live session.
	ErrNotFound = db.ErrNotFound
	// ErrEmailTaken refuses to create a second admin with an email.
	ErrEmailTaken = errors.New("an admin with this email already exists")
)

// User is an account of a role: an admin, or a client's user.
type User struct {
	ID           string
	Email        string
	PasswordHash string
	// ClientID is a client user's client ("" for admins).
	ClientID string
}

// Session is a live session of a role.
type Session struct {
	// TokenHash is the hex SHA-256 of the cookie token, the row's key.
	TokenHash string
	UserID    string
	Email     string
	// ClientID is the client of a client user's session ("" for admins).
	ClientID  string
	CSRFToken string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Store keeps the users and sessions of one role (admins unless ForRole
// says otherwise).
type Store struct {
	d    *db.DB
	now  func() time.Time
	role *Role
}

// NewStore returns the admins' store on d.
func NewStore(d *db.DB) *Store { return &Store{d: d, now: time.Now, role: RoleAdmin} }

// clientExpr is the SQL of a user's client ("" for admins), on the users
// table aliased u.
func (r *Role) clientExpr() string {
	if r.clientCol == "" {
		return "''"
	}
	return "u." + r.clientCol
}

// NormalizeEmail is the form in which emails are stored and compared.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// UserByEmail returns the role's user with email, or ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (*User, error) {
	var u User
	r := s.roleOrAdmin()
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT u.id, u.email, u.password_hash, `+r.clientExpr()+`
		FROM `+r.users+` u WHERE u.email = ?`),
		NormalizeEmail(email)).Scan(&u.ID, &u.Email, &u.PasswordHash, &u.ClientID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get %s user: %w", r.name, err)
	}
	return &u, nil
}

// CreateUser (admins only, whatever the store's role) adds an admin with an already hashed password. With reset, an
// existing admin's password is replaced (and its sessions ended); without,
// an existing email fails with ErrEmailTaken. It reports whether a new
// account was created.
func (s *Store) CreateUser(ctx context.Context, email, hash string, reset bool) (bool, error) {
	email, now := NormalizeEmail(email), s.d.TimeArg(s.now())
	res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`INSERT INTO admin_users (id, email, password_hash, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`), db.NewID(), email, hash, now, now)
	if err != nil {
		return false, fmt.Errorf("create admin: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, nil
	}
	if !reset {
		return false, ErrEmailTaken
	}
	tx, err := s.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return false, fmt.Errorf("reset admin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE admin_users SET password_hash = ?, updated_at = ? WHERE email = ?`),
		hash, now, email); err != nil {
		return false, fmt.Errorf("reset admin: %w", err)
	}
	if _, err := tx.ExecContext(ctx, s.d.Rebind(`DELETE FROM admin_sessions WHERE user_id = (SELECT id FROM admin_users WHERE email = ?)`),
		email); err != nil {
		return false, fmt.Errorf("reset admin: %w", err)
	}
	return false, tx.Commit()
}

// CreateSession starts a session for user lasting ttl (at most
// maxAge). It returns the session and the cookie token, which is stored
// only as its hash.
func (s *Store) CreateSession(ctx context.Context, u *User, ttl, maxAge time.Duration) (*Session, string, error) {
	token, csrf := randomToken(), randomToken()
	now := s.now().UTC()
	sess := &Session{TokenHash: hashToken(token), UserID: u.ID, Email: u.Email, ClientID: u.ClientID, CSRFToken: csrf,
		CreatedAt: now, ExpiresAt: now.Add(min(ttl, maxAge))}
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`INSERT INTO `+s.roleOrAdmin().sessions+`
		(token_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`),
		sess.TokenHash, u.ID, csrf, s.d.TimeArg(now), s.d.TimeArg(sess.ExpiresAt))
	if err != nil {
		return nil, "", fmt.Errorf("create session: %w", err)
	}
	return sess, token, nil
}

// Session returns the live session for a cookie token, or ErrNotFound.
func (s *Store) Session(ctx context.Context, token string) (*Session, error) {
	var sess Session
	var created, expires db.Time
	r := s.roleOrAdmin()
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT s.token_hash, s.user_id, u.email, `+r.clientExpr()+`, s.csrf_token, s.created_at, s.expires_at
		FROM `+r.sessions+` s JOIN `+r.users+` u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ?`), hashToken(token), s.d.TimeArg(s.now())).
		Scan(&sess.TokenHash, &sess.UserID, &sess.Email, &sess.ClientID, &sess.CSRFToken, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get session: %w", err)
	}
	sess.CreatedAt, sess.ExpiresAt = created.Time, expires.Time
	return &sess, nil
}

// Extend moves a session's expiry to at (sliding expiry).
func (s *Store) Extend(ctx context.Context, sess *Session, at time.Time) error {
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE `+s.roleOrAdmin().sessions+` SET expires_at = ? WHERE token_hash = ?`),
		s.d.TimeArg(at), sess.TokenHash)
	if err != nil {
		return fmt.Errorf("extend session: %w", err)
	}
	sess.ExpiresAt = at
	return nil
}

// DeleteSession ends a session.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`DELETE FROM `+s.roleOrAdmin().sessions+` WHERE token_hash = ?`), tokenHash)
	if err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// PurgeExpired deletes expired sessions and returns how many.
func (s *Store) PurgeExpired(ctx context.Context) (int64, error) {
	res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`DELETE FROM `+s.roleOrAdmin().sessions+` WHERE expires_at <= ?`), s.d.TimeArg(s.now()))
	if err != nil {
		return 0, fmt.Errorf("purge sessions: %w", err)
	}
	return res.RowsAffected()
}

// NewToken returns 32 random bytes, base64url: a session, CSRF or invite
// token.
func NewToken() string { return randomToken() }

// HashToken is the hex SHA-256 under which a token is stored.
func HashToken(token string) string { return hashToken(token) }

func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
