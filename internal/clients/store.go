package clients

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// maxName bounds a client's and an agent's name.
const maxName = 200

// ErrDuplicate means the submission already has a client; the error's
// ExistingID says which.
type ErrDuplicate struct{ ExistingID string }

func (e *ErrDuplicate) Error() string { return "the submission already has a client: " + e.ExistingID }

// Store keeps clients, agents, runs and client leads.
type Store struct {
	d    *db.DB
	jobs *jobs.Runner
	now  func() time.Time
	// alertAfter is how long a channel fails before the owner is told
	// (CHANNEL_ALERT_AFTER; WithAlertAfter).
	alertAfter time.Duration
	// pauseFailing pauses the channels failing for too long; the
	// scheduler calls it every minute (OnSchedule).
	pauseFailing func(context.Context) (int, error)
}

// OnSchedule has the scheduler's every run call pause (the delivery's
// PauseFailing: the model does not import the delivery), and returns s.
func (s *Store) OnSchedule(pause func(context.Context) (int, error)) *Store {
	s.pauseFailing = pause
	return s
}

// NewStore returns the store on d; runner enqueues agent runs (nil leaves
// StartRun and the scheduler unusable, as in the CLI).
func NewStore(d *db.DB, runner *jobs.Runner) *Store {
	return &Store{d: d, jobs: runner, now: time.Now, alertAfter: DefaultAlertAfter}
}

// WithAlertAfter sets how long a channel fails, with no 2xx, before the
// owner is told (CHANNEL_ALERT_AFTER; DefaultAlertAfter when not positive),
// and returns s.
func (s *Store) WithAlertAfter(d time.Duration) *Store {
	if d > 0 {
		s.alertAfter = d
	}
	return s
}

// tx runs fn in a write transaction.
func (s *Store) tx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// forUpdate locks the rows a read-modify-write reads. SQLite needs no lock:
// its one writer connection serialises write transactions.
func (s *Store) forUpdate() string {
	if s.d.Dialect == db.Postgres {
		return " FOR UPDATE"
	}
	return ""
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("clients: encode %T: %v", v, err)) // only plain structs are encoded
	}
	return string(b)
}

type scanner interface{ Scan(dest ...any) error }

const clientColumns = `id, name, status, icp, settings, contact, submission_id, created_at, updated_at`

// scanClient reads clientColumns, then into extra the columns after them.
func scanClient(r scanner, extra ...any) (*Client, error) {
	var (
		c                     Client
		icp, settings, person string
		sub                   sql.NullString
		created, updated      db.Time
	)
	if err := r.Scan(append([]any{&c.ID, &c.Name, &c.Status, &icp, &settings, &person, &sub, &created, &updated}, extra...)...); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(icp), &c.ICP); err != nil {
		return nil, fmt.Errorf("client %s icp: %w", c.ID, err)
	}
	if err := json.Unmarshal([]byte(settings), &c.Settings); err != nil {
		return nil, fmt.Errorf("client %s settings: %w", c.ID, err)
	}
	var ct Contact
	if err := json.Unmarshal([]byte(person), &ct); err == nil && ct.Email != "" {
		c.Contact = &ct
	}
	if sub.Valid {
		c.SubmissionID = &sub.String
	}
	c.CreatedAt, c.UpdatedAt = created.Time, updated.Time
	c.Settings.normalize()
	return &c, nil
}

// normalize turns nil lists into empty ones for JSON answers, and gives
// settings saved before digests existed (no time zone) the default digest
// time.
func (st *Settings) normalize() {
	st.Delivery, st.SignalTypes, st.Queries = orEmpty(st.Delivery), orEmpty(st.SignalTypes), orEmpty(st.Queries)
	if st.TimeZone == "" {
		st.TimeZone, st.DigestHour = DefaultTimeZone, DefaultDigestHour
	}
	if st.DigestWeekday == "" {
		st.DigestWeekday = DefaultDigestWeekday
	}
	if st.DeliveryMode == "" { // stored before review existed: they keep delivering
		st.DeliveryMode, st.AutoApproveAt = ModeAuto, 1
	}
	if st.DeliveryMode == ModeAuto && st.AutoApproveAt == 0 {
		st.AutoApproveAt = 1
	}
	if st.AccountThreshold == 0 {
		st.AccountThreshold = DefaultAccountThreshold
	}
}

// CreateClient stores c, setting its id and times. A client for a
// submission that already has one is not stored: *ErrDuplicate names it.
func (s *Store) CreateClient(ctx context.Context, c *Client) error {
	_, err := s.CreateClientWithChannels(ctx, c, nil)
	return err
}

// CreateClientWithChannels is CreateClient that also makes the client's
// first channels (from its onboarding answers, PlanChannels) in the same
// transaction: the client and its channels, or neither.
func (s *Store) CreateClientWithChannels(ctx context.Context, c *Client, plans []PlannedChannel) ([]*Channel, error) {
	now := s.now().UTC()
	c.ID, c.CreatedAt, c.UpdatedAt = db.NewID(), now, now
	c.Settings.normalize()
	contact := "{}"
	if c.Contact != nil {
		contact = mustJSON(c.Contact)
	}
	var made []*Channel
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO clients (`+clientColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (submission_id) WHERE submission_id IS NOT NULL DO NOTHING`),
			c.ID, c.Name, c.Status, mustJSON(c.ICP), mustJSON(c.Settings), contact, c.SubmissionID,
			s.d.TimeArg(now), s.d.TimeArg(now))
		if err != nil {
			return fmt.Errorf("insert client: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 && c.SubmissionID != nil {
			var id string
			err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT id FROM clients WHERE submission_id = ?`), *c.SubmissionID).Scan(&id)
			if err != nil {
				return fmt.Errorf("find client of submission: %w", err)
			}
			return &ErrDuplicate{ExistingID: id}
		}
		for _, p := range plans {
			ch := &Channel{ID: db.NewID(), ClientID: c.ID, Kind: p.Kind, Target: p.Target, Cadence: p.Cadence, Status: ChannelActive, CreatedAt: now}
			if c.Settings.DeliveryMode == ModeReview { // nothing goes out before the owner's first approval
				ch.Status, ch.DisabledReason = ChannelPaused, FirstBatchReason
			}
			if err := s.insertChannel(ctx, tx, ch); err != nil {
				return err
			}
			made = append(made, ch)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return made, nil
}

// Client returns one client, or ErrNotFound.
func (s *Store) Client(ctx context.Context, id string) (*Client, error) {
	c, err := scanClient(s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT `+clientColumns+` FROM clients WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load client %s: %w", id, err)
	}
	return c, nil
}

// Clients lists up to limit clients, newest first.
func (s *Store) Clients(ctx context.Context, limit int) ([]*Client, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT `+clientColumns+` FROM clients
		ORDER BY created_at DESC, id DESC LIMIT ?`), limit)
	if err != nil {
		return nil, fmt.Errorf("list clients: %w", err)
	}
	defer rows.Close()
	out := []*Client{}
	for rows.Next() {
		c, err := scanClient(rows)
		if err != nil {
			return nil, fmt.Errorf("list clients: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// UpdateClient applies edit to the stored client under a row lock, so
// parallel edits of different fields never undo each other, and stores
// the result. edit's error is returned as is, storing nothing.
func (s *Store) UpdateClient(ctx context.Context, id string, edit func(c *Client) error) (*Client, error) {
	var out *Client
	err := s.tx(ctx, func(tx *sql.Tx) error {
		c, err := scanClient(tx.QueryRowContext(ctx, s.d.Rebind(`SELECT `+clientColumns+` FROM clients WHERE id = ?`+s.forUpdate()), id))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("load client %s: %w", id, err)
		}
		if err := edit(c); err != nil {
			return err
		}
		c.UpdatedAt = s.now().UTC()
		c.Settings.normalize()
		_, err = tx.ExecContext(ctx, s.d.Rebind(`UPDATE clients SET name = ?, status = ?, icp = ?, settings = ?, updated_at = ?
			WHERE id = ?`), c.Name, c.Status, mustJSON(c.ICP), mustJSON(c.Settings), s.d.TimeArg(c.UpdatedAt), id)
		if err != nil {
			return fmt.Errorf("update client %s: %w", id, err)
		}
		if c.Status == StatusChurned { // its people are signed out and its feed revoked (policy.go)
			if err := s.revokeSessions(ctx, tx, id); err != nil {
				return err
			}
			if err := s.revokeFeed(ctx, tx, id); err != nil {
				return err
			}
		}
		out = c
		return nil
	})
	return out, err
}

// prefixed qualifies each column of a column list with p ("a.").
func prefixed(p, cols string) string {
	parts := strings.Split(cols, ",")
	for i, c := range parts {
		parts[i] = p + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ")
}

// countLocked locks client clientID's row, so that parallel creates keep a
// per-client bound, and counts its rows in table (a client_* table with a
// client_id column, named by the caller, never by input). An unknown client
// is ErrNotFound.
func (s *Store) countLocked(ctx context.Context, tx *sql.Tx, clientID, table string) (int, error) {
	var id string
	err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT id FROM clients WHERE id = ?`+s.forUpdate()), clientID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, err
	}
	var n int
	err = tx.QueryRowContext(ctx, s.d.Rebind(`SELECT COUNT(*) FROM `+table+` WHERE client_id = ?`), clientID).Scan(&n)
	return n, err
}
