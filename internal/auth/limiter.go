package auth

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// Sign-in limits (see README.md, "Forms, forwarding and the admin console"):
// attempts allowed per window for one client address and email together,
// for one address across all emails, and for one email across all
// addresses. An attempt counts from before its password is hashed; one that
// succeeds is given back.
const (
	loginWindow           = 15 * time.Minute
	maxFailuresPerEmail   = 5
	maxFailuresPerIP      = 20
	maxFailuresPerAccount = 20
)

// Password hashes verified at once per instance. Each argon2id verification
// holds 19 MiB, so this bounds sign-in's memory (4 x 19 MiB) however many
// requests arrive; more wait up to hashQueueWait for a slot, then get 503.
const (
	maxConcurrentHashes = 4
	hashQueueWait       = 2 * time.Second
)

// loginLimiter counts sign-in attempts in the login_limits table, so that
// every instance sharing the database counts together and a restart keeps a
// lockout. Each key is a fixed window that starts with its first attempt.
type loginLimiter struct {
	d   *db.DB
	now func() time.Time
	// prefix keeps a role's per-email counters apart (Role.limitPrefix).
	prefix string
}

func newLoginLimiter(store *Store) *loginLimiter {
	return &loginLimiter{d: store.d, now: func() time.Time { return store.now() }, prefix: store.roleOrAdmin().limitPrefix}
}

type limitKey struct {
	key   string
	limit int
}

// limitKeys are the counters an attempt by ip on email touches, sorted so
// that concurrent transactions lock rows in one order (no deadlock).
func (l *loginLimiter) limitKeys(ip, email string) []limitKey {
	keys := []limitKey{
		{hashKey(l.prefix+"ip+email", ip+"\x00"+email), maxFailuresPerEmail},
		{hashKey("ip", ip), maxFailuresPerIP},
		{hashKey(l.prefix+"email", email), maxFailuresPerAccount},
	}
	slices.SortFunc(keys, func(a, b limitKey) int { return cmp.Compare(a.key, b.key) })
	return keys
}

// hashKey keeps typed emails and addresses out of the table (and NUL bytes,
// which PostgreSQL text refuses).
func hashKey(kind, value string) string {
	sum := sha256.Sum256([]byte(kind + "\x00" + value))
	return kind + ":" + hex.EncodeToString(sum[:16])
}

// reserve records an attempt by ip on email before its password is checked.
// When any of its counters is already at its limit nothing is recorded and
// it returns how long until that counter's window ends. The three counters
// change in one transaction whose row locks serialise concurrent attempts,
// so N parallel requests get exactly the allowed number through.
func (l *loginLimiter) reserve(ctx context.Context, ip, email string) (time.Duration, error) {
	now := l.now().UTC()
	tx, err := l.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("login limit: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	q := l.d.Rebind(`INSERT INTO login_limits (key, attempts, window_start) VALUES (?, 1, ?)
		ON CONFLICT (key) DO UPDATE SET
			attempts = CASE WHEN login_limits.window_start <= ? THEN 1 ELSE login_limits.attempts + 1 END,
			window_start = CASE WHEN login_limits.window_start <= ? THEN ? ELSE login_limits.window_start END
		RETURNING attempts, window_start`)
	start, expired := l.d.TimeArg(now), l.d.TimeArg(now.Add(-loginWindow))
	var wait time.Duration
	for _, k := range l.limitKeys(ip, email) {
		var attempts int
		var since db.Time
		if err := tx.QueryRowContext(ctx, q, k.key, start, expired, expired, start).Scan(&attempts, &since); err != nil {
			return 0, fmt.Errorf("login limit: %w", err)
		}
		if attempts > k.limit {
			wait = max(wait, since.Time.Add(loginWindow).Sub(now), time.Second)
		}
	}
	if wait > 0 {
		return wait, nil // the rollback leaves the counters as they were
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("login limit: %w", err)
	}
	return 0, nil
}

// giveBack returns a reserved attempt that did not fail: the password was
// right (then the address and email pair starts afresh), or it was never
// checked because the server was busy.
func (l *loginLimiter) giveBack(ctx context.Context, ip, email string, succeeded bool) error {
	keys := []string{hashKey("ip", ip), hashKey(l.prefix+"email", email)}
	pair := hashKey(l.prefix+"ip+email", ip+"\x00"+email)
	if succeeded {
		if _, err := l.d.Writer.ExecContext(ctx, l.d.Rebind(`DELETE FROM login_limits WHERE key = ?`), pair); err != nil {
			return fmt.Errorf("login limit: %w", err)
		}
	} else {
		keys = append(keys, pair)
	}
	for _, k := range keys {
		if _, err := l.d.Writer.ExecContext(ctx, l.d.Rebind(`UPDATE login_limits SET attempts = attempts - 1
			WHERE key = ? AND attempts > 0`), k); err != nil {
			return fmt.Errorf("login limit: %w", err)
		}
	}
	return nil
}

// purge deletes the counters whose window has ended.
func (l *loginLimiter) purge(ctx context.Context) (int64, error) {
	res, err := l.d.Writer.ExecContext(ctx, l.d.Rebind(`DELETE FROM login_limits WHERE window_start <= ?`),
		l.d.TimeArg(l.now().Add(-loginWindow)))
	if err != nil {
		return 0, fmt.Errorf("purge login limits: %w", err)
	}
	return res.RowsAffected()
}
