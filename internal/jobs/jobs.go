package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivertype"

	"github.com/signalpipe/signalpipe/internal/db"
)

// Options configure a Runner. Zero values take River's defaults.
type Options struct {
	// Workers holds every job kind the runner may insert or work.
	Workers *river.Workers
	// PeriodicJobs are inserted on their schedules by the elected leader.
	PeriodicJobs []*river.PeriodicJob
	// Logger receives River's logs; nil means slog.Default.
	Logger *slog.Logger
	// MaxWorkers bounds concurrent jobs per instance (default 10).
	MaxWorkers int
	// JobTimeout bounds one attempt of a job (River's default: 1m).
	JobTimeout time.Duration
	// RetryPolicy decides when a failed job runs again; nil keeps River's
	// default (attempt^4 seconds with jitter).
	RetryPolicy river.ClientRetryPolicy
	// PollInterval is how often idle workers look for jobs (default 1s).
	// SQLite has no LISTEN/NOTIFY, so this is its pickup latency.
	PollInterval time.Duration
	// Queues are queues besides River's default one, each with its own
	// worker count and fetch timing (e.g. the live search's short poll).
	Queues map[string]river.QueueConfig
	// RescueStuckJobsAfter is how long a job may stay running before River
	// takes it for abandoned (its process died) and retries it; zero keeps
	// River's default (1h). River applies it per job as the longer of this
	// and the worker's Timeout (JobTimeout for workers without one), so a
	// short value here and a Timeout on every long-running worker give each
	// kind its own rescue time. River's rescuer looks every 30 s. River
	// refuses a value below JobTimeout.
	RescueStuckJobsAfter time.Duration
	// QuickRescue lists kinds whose abandoned jobs are handed back within
	// seconds by every instance, instead of by River's rescuer (see
	// QuickRescue).
	QuickRescue []QuickRescue
	// Sweeps run on every instance every QuickRescueEvery with the quick
	// rescue, each returning how many abandoned items it handed back (e.g.
	// agent runs whose heartbeat stopped, with HandBack). They must be
	// safe to run on several instances at once.
	Sweeps []func(ctx context.Context) (int, error)
	// TestOnly skips River's start-up jitter; for tests.
	TestOnly bool
}

// Runner is the River client for the database's engine.
type Runner struct {
	d    *db.DB
	lite *river.Client[*sql.Tx]
	pg   *river.Client[pgx.Tx]

	log        *slog.Logger
	exec       riverdriver.Executor
	quick      []QuickRescue
	sweeps     []func(ctx context.Context) (int, error)
	stopRescue context.CancelFunc
	rescueDone chan struct{}
}

// New builds the runner for d's engine. It does not start working jobs; call
// Start. River's tables must exist (db.Migrate creates them).
func New(d *db.DB, o Options) (*Runner, error) {
	if o.Workers == nil {
		o.Workers = river.NewWorkers()
	}
	if o.MaxWorkers == 0 {
		o.MaxWorkers = 10
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	queues := map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: o.MaxWorkers}, PublicQueue: {MaxWorkers: o.MaxWorkers}}
	for name, q := range o.Queues {
		queues[name] = q
	}
	cfg := &river.Config{
		Queues:               queues,
		Workers:              o.Workers,
		PeriodicJobs:         o.PeriodicJobs,
		Logger:               o.Logger,
		JobTimeout:           o.JobTimeout,
		RetryPolicy:          o.RetryPolicy,
		FetchPollInterval:    o.PollInterval,
		RescueStuckJobsAfter: o.RescueStuckJobsAfter,
		TestOnly:             o.TestOnly,
	}
	if o.PollInterval > 0 && o.PollInterval < 100*time.Millisecond {
		cfg.FetchCooldown = o.PollInterval
	}
	r := &Runner{d: d, log: o.Logger, quick: o.QuickRescue, sweeps: o.Sweeps}
	var err error
	if d.Dialect == db.Postgres {
		drv := riverpgxv5.New(d.Pool)
		r.exec = drv.GetExecutor()
		r.pg, err = river.NewClient(drv, cfg)
	} else {
		drv := riversqlite.New(d.Writer)
		r.exec = drv.GetExecutor()
		r.lite, err = river.NewClient(drv, cfg)
	}
	if err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return r, nil
}

// Start begins working jobs until Stop or ctx's end, and the quick rescue
// of the QuickRescue kinds.
func (r *Runner) Start(ctx context.Context) error {
	var err error
	if r.pg != nil {
		err = r.pg.Start(ctx)
	} else {
		err = r.lite.Start(ctx)
	}
	if err != nil || len(r.quick)+len(r.sweeps) == 0 || r.stopRescue != nil {
		return err
	}
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	r.stopRescue, r.rescueDone = cancel, make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			cancel()
		case <-rctx.Done():
		}
	}()
	go r.rescueLoop(rctx, r.log)
	return nil
}

// Stop lets running jobs finish until ctx ends, then cancels them. Jobs that
// did not finish are retried later (River rescues them).
func (r *Runner) Stop(ctx context.Context) error {
	if r.stopRescue != nil {
		r.stopRescue()
		<-r.rescueDone
	}
	var soft, hard func(context.Context) error
	if r.pg != nil {
		soft, hard = r.pg.Stop, r.pg.StopAndCancel
	} else {
		soft, hard = r.lite.Stop, r.lite.StopAndCancel
	}
	err := soft(ctx)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return hard(cctx)
	}
	return err
}

// Tx is a database transaction that may also enqueue jobs.
type Tx interface {
	// Exec runs a statement written with ? placeholders (rebound for the
	// dialect) and returns the number of rows it affected.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	// Enqueue inserts a job that becomes visible when the transaction commits
	// and disappears if it rolls back. A unique job that already exists is
	// not inserted again; the result describes the existing one.
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (Inserted, error)
	// RetryNow makes a scheduled or retryable job available at once.
	RetryNow(ctx context.Context, jobID int64) error
}

// Inserted describes the job Enqueue inserted or found.
type Inserted struct {
	// JobID identifies the job.
	JobID int64
	// Duplicate is true when a unique job already existed.
	Duplicate bool
	// State is the job's state.
	State rivertype.JobState
}

func inserted(res *rivertype.JobInsertResult, err error) (Inserted, error) {
	if err != nil {
		return Inserted{}, err
	}
	return Inserted{JobID: res.Job.ID, Duplicate: res.UniqueSkippedAsDuplicate, State: res.Job.State}, nil
}

// InTx runs fn in a transaction and commits it if fn returns nil; otherwise
// it rolls back and nothing fn wrote, rows or jobs, is kept.
func (r *Runner) InTx(ctx context.Context, fn func(tx Tx) error) error {
	if r.pg != nil {
		return r.inPgxTx(ctx, fn)
	}
	return r.inSQLTx(ctx, fn)
}

func (r *Runner) inSQLTx(ctx context.Context, fn func(tx Tx) error) error {
	tx, err := r.d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	if err := fn(sqlTx{r: r, tx: tx}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

func (r *Runner) inPgxTx(ctx context.Context, fn func(tx Tx) error) error {
	tx, err := r.d.Pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // no-op after Commit
	if err := fn(pgxTx{r: r, tx: tx}); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

type sqlTx struct {
	r  *Runner
	tx *sql.Tx
}

func (t sqlTx) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := t.tx.ExecContext(ctx, t.r.d.Rebind(query), args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (t sqlTx) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (Inserted, error) {
	return inserted(t.r.lite.InsertTx(ctx, t.tx, args, opts))
}

func (t sqlTx) RetryNow(ctx context.Context, jobID int64) error {
	_, err := t.r.lite.JobRetryTx(ctx, t.tx, jobID)
	return err
}

type pgxTx struct {
	r  *Runner
	tx pgx.Tx
}

func (t pgxTx) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := t.tx.Exec(ctx, t.r.d.Rebind(query), args...)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

func (t pgxTx) Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) (Inserted, error) {
	return inserted(t.r.pg.InsertTx(ctx, t.tx, args, opts))
}

func (t pgxTx) RetryNow(ctx context.Context, jobID int64) error {
	_, err := t.r.pg.JobRetryTx(ctx, t.tx, jobID)
	return err
}
