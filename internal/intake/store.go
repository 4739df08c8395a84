package intake

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// Submission kinds.
const (
	KindBooking    = "booking"
	KindOnboarding = "onboarding"
)

// Delivery states of a submission.
const (
	// StatePending: a forwarding job exists and has not succeeded yet.
	StatePending = "pending"
	// StateDelivered: a target answered 2xx; Target says which.
	StateDelivered = "delivered"
	// StateFailed: every attempt failed; an admin may retry.
	StateFailed = "failed"
	// StateStoredOnly: no forwarding target was configured.
	StateStoredOnly = "stored_only"
)

// Errors of the store.
var (
	// ErrNotFound means no submission has the id.
	ErrNotFound = db.ErrNotFound
	// ErrAlreadyDelivered refuses to forward a delivered submission again.
	ErrAlreadyDelivered = errors.New("submission already delivered")
	// ErrForwarding refuses a retry while an attempt is running.
	ErrForwarding = errors.New("a delivery attempt is running; try again shortly")
)

// Submission is a stored form submission as the admin API shows it.
type Submission struct {
	ID        string          `json:"id"`
	Kind      string          `json:"kind"`
	CreatedAt time.Time       `json:"createdAt"`
	Email     string          `json:"email"`
	Company   string          `json:"company"`
	Summary   string          `json:"summary"`
	Payload   json.RawMessage `json:"payload"`
	Delivery  Delivery        `json:"delivery"`
}

// Delivery is where forwarding of a submission stands.
type Delivery struct {
	State       string     `json:"state"`
	Target      *string    `json:"target"`
	Attempts    int        `json:"attempts"`
	LastError   *string    `json:"lastError"`
	DeliveredAt *time.Time `json:"deliveredAt"`
}

// Store keeps submissions; writes that start forwarding go through the job
// runner's transactions.
type Store struct {
	d    *db.DB
	jobs *jobs.Runner
	// maxAttempts is MaxForwardAttempts; tests lower it.
	maxAttempts int
	// onCreate, when set, runs in the transaction that stores a new
	// submission (the owner's notification jobs; see OnCreate).
	onCreate func(ctx context.Context, tx jobs.Tx, n NewSubmission) error
}

// NewSubmission is what OnCreate hooks learn of a stored submission.
type NewSubmission struct {
	ID, Kind, Email, Company, Summary string
}

// OnCreate sets fn to run in every new submission's transaction, e.g. to
// enqueue the owner's notifications with it: they exist exactly when the
// submission does, and cost the form's response one insert.
func (s *Store) OnCreate(fn func(ctx context.Context, tx jobs.Tx, n NewSubmission) error) {
	s.onCreate = fn
}

// NewStore returns the submissions store on d, enqueueing through runner.
func NewStore(d *db.DB, runner *jobs.Runner) *Store {
	return &Store{d: d, jobs: runner, maxAttempts: MaxForwardAttempts}
}

// forwardOpts are the insert options of a forwarding job (ForwardArgs'
// own InsertOpts supply the rest).
func (s *Store) forwardOpts() *river.InsertOpts {
	return &river.InsertOpts{MaxAttempts: s.maxAttempts}
}

// Create stores a validated submission and, when forward is set, its
// forwarding job, atomically. It returns the new id.
func (s *Store) Create(ctx context.Context, sub submission, forward bool) (string, error) {
	payload, err := json.Marshal(sub.payload)
	if err != nil {
		return "", fmt.Errorf("encode payload: %w", err)
	}
	id, state := db.NewID(), StateStoredOnly
	if forward {
		state = StatePending
	}
	err = s.jobs.InTx(ctx, func(tx jobs.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO submissions
			(id, kind, created_at, email, company, summary, payload, delivery_state)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			id, sub.kind, s.d.TimeArg(time.Now()), sub.email, sub.company, sub.summary, string(payload), state)
		if err != nil {
			return fmt.Errorf("insert submission: %w", err)
		}
		if s.onCreate != nil {
			if err := s.onCreate(ctx, tx, NewSubmission{ID: id, Kind: sub.kind, Email: sub.email, Company: sub.company, Summary: sub.summary}); err != nil {
				return err
			}
		}
		if !forward {
			return nil
		}
		if _, err := tx.Enqueue(ctx, ForwardArgs{SubmissionID: id}, s.forwardOpts()); err != nil {
			return fmt.Errorf("enqueue forward: %w", err)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

const selectSubmission = `SELECT id, kind, created_at, email, company, summary, payload,
	delivery_state, delivery_target, delivery_attempts, last_error, delivered_at FROM submissions`

type rowScanner interface{ Scan(dest ...any) error }

func scanSubmission(r rowScanner) (*Submission, error) {
	var (
		sub         Submission
		created     db.Time
		delivered   db.Time
		payload     string
		target, msg sql.NullString
	)
	err := r.Scan(&sub.ID, &sub.Kind, &created, &sub.Email, &sub.Company, &sub.Summary, &payload,
		&sub.Delivery.State, &target, &sub.Delivery.Attempts, &msg, &delivered)
	if err != nil {
		return nil, err
	}
	sub.CreatedAt = created.Time
	sub.Payload = json.RawMessage(payload)
	sub.Delivery.DeliveredAt = delivered.Ptr()
	if target.Valid {
		sub.Delivery.Target = &target.String
	}
	if msg.Valid {
		sub.Delivery.LastError = &msg.String
	}
	return &sub, nil
}

// Get returns one submission, or ErrNotFound.
func (s *Store) Get(ctx context.Context, id string) (*Submission, error) {
	row := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(selectSubmission+` WHERE id = ?`), id)
	sub, err := scanSubmission(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get submission %q: %w", id, err)
	}
	return sub, nil
}

// List returns one page (1-based) of a kind's submissions, newest first,
// and the kind's total.
func (s *Store) List(ctx context.Context, kind string, page, pageSize int) ([]*Submission, int, error) {
	var total int
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT COUNT(*) FROM submissions WHERE kind = ?`), kind).Scan(&total)
	if err != nil {
		return nil, 0, fmt.Errorf("count submissions: %w", err)
	}
	items, err := s.query(ctx, selectSubmission+` WHERE kind = ? ORDER BY id DESC LIMIT ? OFFSET ?`,
		kind, pageSize, (page-1)*pageSize)
	return items, total, err
}

// All returns every submission of a kind, newest first, for export.
func (s *Store) All(ctx context.Context, kind string) ([]*Submission, error) {
	return s.query(ctx, selectSubmission+` WHERE kind = ? ORDER BY id DESC`, kind)
}

func (s *Store) query(ctx context.Context, q string, args ...any) ([]*Submission, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(q), args...)
	if err != nil {
		return nil, fmt.Errorf("list submissions: %w", err)
	}
	defer rows.Close()
	items := []*Submission{}
	for rows.Next() {
		sub, err := scanSubmission(rows)
		if err != nil {
			return nil, fmt.Errorf("list submissions: %w", err)
		}
		items = append(items, sub)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list submissions: %w", err)
	}
	return items, nil
}

// MarkDelivered records a successful delivery to target. It reports false
// when the submission was already delivered (nothing changes then).
func (s *Store) MarkDelivered(ctx context.Context, id, target string, at time.Time) (bool, error) {
	res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE submissions
		SET delivery_state = 'delivered', delivery_target = ?, delivered_at = ?,
		    delivery_attempts = delivery_attempts + 1
		WHERE id = ? AND delivery_state <> 'delivered'`), target, s.d.TimeArg(at), id)
	if err != nil {
		return false, fmt.Errorf("mark %q delivered: %w", id, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// MarkAttemptFailed records a failed forwarding attempt; final marks the
// submission failed (no attempts left), otherwise it stays pending.
func (s *Store) MarkAttemptFailed(ctx context.Context, id, lastErr string, final bool) error {
	state := StatePending
	if final {
		state = StateFailed
	}
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE submissions
		SET delivery_state = ?, delivery_attempts = delivery_attempts + 1, last_error = ?
		WHERE id = ? AND delivery_state <> 'delivered'`), state, truncate(lastErr, 1000), id)
	if err != nil {
		return fmt.Errorf("mark %q attempt failed: %w", id, err)
	}
	return nil
}

// MarkStoredOnly records that there was nowhere to forward a submission.
func (s *Store) MarkStoredOnly(ctx context.Context, id string) error {
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE submissions SET delivery_state = 'stored_only'
		WHERE id = ? AND delivery_state <> 'delivered'`), id)
	if err != nil {
		return fmt.Errorf("mark %q stored only: %w", id, err)
	}
	return nil
}

// Retry queues forwarding again: the state goes back to pending and a job is
// enqueued (or an existing waiting one is made to run now). Without
// forwarding targets the state becomes stored_only instead. It returns the
// submission as the retry left it, and fails with ErrNotFound or
// ErrAlreadyDelivered.
func (s *Store) Retry(ctx context.Context, id string, forward bool) (*Submission, error) {
	before, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	state := StateStoredOnly
	if forward {
		state = StatePending
	}
	err = s.jobs.InTx(ctx, func(tx jobs.Tx) error {
		n, err := tx.Exec(ctx, `UPDATE submissions SET delivery_state = ?
			WHERE id = ? AND delivery_state <> 'delivered'`, state, id)
		if err != nil {
			return fmt.Errorf("retry %q: %w", id, err)
		}
		if n == 0 {
			return errNoRowUpdated
		}
		if !forward {
			return nil
		}
		ins, err := tx.Enqueue(ctx, ForwardArgs{SubmissionID: id}, s.forwardOpts())
		if err != nil {
			return fmt.Errorf("retry %q: enqueue: %w", id, err)
		}
		switch {
		case !ins.Duplicate:
			return nil
		case ins.State == rivertype.JobStateRetryable || ins.State == rivertype.JobStateScheduled:
			return tx.RetryNow(ctx, ins.JobID)
		case ins.State == rivertype.JobStateRunning:
			// It may be the last attempt, about to give up; a new job could
			// not be queued behind it, so let the admin try again.
			return ErrForwarding
		}
		return nil
	})
	if errors.Is(err, errNoRowUpdated) {
		if _, gerr := s.Get(ctx, id); gerr != nil {
			return nil, gerr
		}
		return nil, ErrAlreadyDelivered
	}
	if err != nil {
		return nil, err
	}
	// The submission as the retry left it. Reading it again after the
	// commit could show a later state: the job may already have run (a
	// fast target answers before this read), and the answer is about the
	// retry, not the attempt after it.
	sub, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if sub.Delivery.State != state {
		before.Delivery.State = state
		return before, nil
	}
	return sub, nil
}

// errNoRowUpdated ends Retry's transaction when the row is missing or
// already delivered.
var errNoRowUpdated = errors.New("no row updated")
