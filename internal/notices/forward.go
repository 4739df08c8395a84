package notices

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/jobs"
)

// KindSourceFailing: a source has been failing for an hour (source health).
const KindSourceFailing = "source_failing"

// ForwardEvery is how often the notices not yet handed to the owner's
// channels are handed on.
const ForwardEvery = time.Minute

// forwardBatch bounds the notices one pass hands on.
const forwardBatch = 100

// Notify hands one notice to the owner's channels inside tx (the owner
// notification jobs commit with the notice's forwarded mark, so a notice is
// handed on exactly once across instances). notify.Owner.NotifyTx fits.
type Notify func(ctx context.Context, tx jobs.Tx, subject, text, link string) error

// ForwardArgs is the periodic job that hands new notices to the owner's
// channels (OWNER_NOTIFY_EMAIL, OWNER_SLACK_WEBHOOK_URL).
type ForwardArgs struct{}

// Kind implements river.JobArgs.
func (ForwardArgs) Kind() string { return "forward_notices" }

// InsertOpts: one attempt; the next minute's job picks up what is left.
func (ForwardArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1} }

// Forwarder performs ForwardArgs jobs.
type Forwarder struct {
	river.WorkerDefaults[ForwardArgs]
	store  *Store
	runner *jobs.Runner
	notify Notify
	log    *slog.Logger
}

// NewForwarder hands store's new notices on through notify, enqueueing on
// runner; nil notify (no owner channel configured) only marks them.
func NewForwarder(store *Store, runner *jobs.Runner, notify Notify, log *slog.Logger) *Forwarder {
	if log == nil {
		log = slog.Default()
	}
	return &Forwarder{store: store, runner: runner, notify: notify, log: log}
}

// Work hands on every notice not yet handed on, oldest first.
func (f *Forwarder) Work(ctx context.Context, _ *river.Job[ForwardArgs]) error {
	n, err := f.Forward(ctx)
	if n > 0 {
		f.log.Info("notices handed to the owner's channels", "notices", n)
	}
	return err
}

// Forward hands on up to forwardBatch notices and returns how many this
// call handed on. Each notice is claimed (forwarded_at set where it was
// NULL) in the transaction that enqueues its notifications, so two
// instances never both send one.
func (f *Forwarder) Forward(ctx context.Context) (int, error) {
	rows, err := f.store.d.Reader.QueryContext(ctx, f.store.d.Rebind(`SELECT id, kind, text, link FROM admin_notices
		WHERE forwarded_at IS NULL ORDER BY created_at, id LIMIT ?`), forwardBatch)
	if err != nil {
		return 0, fmt.Errorf("notices to forward: %w", err)
	}
	var todo []Notice
	for rows.Next() {
		var n Notice
		if err := rows.Scan(&n.ID, &n.Kind, &n.Text, &n.Link); err != nil {
			rows.Close()
			return 0, fmt.Errorf("notices to forward: %w", err)
		}
		todo = append(todo, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("notices to forward: %w", err)
	}
	done := 0
	for _, n := range todo {
		handed := false
		err := f.runner.InTx(ctx, func(tx jobs.Tx) error {
			claimed, err := tx.Exec(ctx, `UPDATE admin_notices SET forwarded_at = ? WHERE id = ? AND forwarded_at IS NULL`,
				f.store.d.TimeArg(f.store.now().UTC()), n.ID)
			if err != nil || claimed == 0 || f.notify == nil {
				return err
			}
			handed = true
			return f.notify(ctx, tx, subjectOf(n), n.Text, n.Link)
		})
		if err != nil {
			return done, fmt.Errorf("forward notice %s: %w", n.ID, err)
		}
		if handed {
			done++
		}
	}
	return done, nil
}

// subjectOf is a notice's one-line subject for email and Slack.
func subjectOf(n Notice) string {
	switch n.Kind {
	case KindChannelDisabled:
		return "A client's delivery channel was disabled"
	case KindChannelPaused:
		return "A client's delivery channel was paused"
	case KindSourceFailing:
		return "A source has been failing for an hour"
	case KindChannelFailing:
		return "A client's delivery channel is failing"
	case KindChannelRecovered:
		return "A client's delivery channel works again"
	}
	return "Signalpipe notice"
}

// ForwardPeriodicJob is the forwarder, inserted every minute by River's
// elected leader.
func ForwardPeriodicJob() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(ForwardEvery),
		func() (river.JobArgs, *river.InsertOpts) { return ForwardArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}
