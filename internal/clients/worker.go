package clients

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
)

// RunWorker performs RunArgs jobs.
type RunWorker struct {
	river.WorkerDefaults[RunArgs]
	svc *Service
}

// NewRunWorker returns the worker of agent runs.
func NewRunWorker(svc *Service) *RunWorker { return &RunWorker{svc: svc} }

// Timeout leaves the run its own deadline and a little to record itself.
func (w *RunWorker) Timeout(*river.Job[RunArgs]) time.Duration {
	return w.svc.opt.Timeout + 30*time.Second
}

// Work performs the run; on its last attempt a run that still fails is
// recorded as failed, so no run stays "running" for ever.
func (w *RunWorker) Work(ctx context.Context, j *river.Job[RunArgs]) error {
	err := w.svc.Execute(ctx, j.Args.RunID)
	if errors.Is(err, ErrNotFound) {
		return river.JobCancel(err) // the agent or client was deleted
	}
	if err != nil && j.Attempt >= j.MaxAttempts {
		if ferr := w.svc.store.failRun(context.WithoutCancel(ctx), j.Args.RunID, "the run could not finish"); ferr != nil {
			w.svc.opt.Logger.Error("record failed run", "run", j.Args.RunID, "err", ferr)
		}
	}
	return err
}

// ScheduleArgs is the periodic job that enqueues the due agents' runs.
type ScheduleArgs struct{}

// Kind implements river.JobArgs.
func (ScheduleArgs) Kind() string { return "schedule_agents" }

// InsertOpts: one attempt; the next minute's job tries again.
func (ScheduleArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1} }

// ScheduleWorker performs ScheduleArgs jobs.
type ScheduleWorker struct {
	river.WorkerDefaults[ScheduleArgs]
	store *Store
	log   *slog.Logger
}

// NewScheduleWorker returns the scheduler's worker.
func NewScheduleWorker(store *Store, log *slog.Logger) *ScheduleWorker {
	if log == nil {
		log = slog.Default()
	}
	return &ScheduleWorker{store: store, log: log}
}

// Work enqueues the due runs.
func (w *ScheduleWorker) Work(ctx context.Context, _ *river.Job[ScheduleArgs]) error {
	n, err := w.store.ScheduleDue(ctx)
	if n > 0 {
		w.log.Info("agent runs scheduled", "runs", n)
	}
	// Channels failing for PauseAfter are paused here too, not only at
	// their next attempt, which may be hours away.
	p, perr := w.store.PauseFailing(ctx)
	if p > 0 {
		w.log.Warn("failing delivery channels paused", "channels", p)
	}
	return errors.Join(err, perr)
}

// ScheduleEvery is how often the scheduler looks for due agents.
const ScheduleEvery = time.Minute

// SchedulePeriodicJob is the scheduler, inserted every minute by River's
// elected leader.
func SchedulePeriodicJob() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(ScheduleEvery),
		func() (river.JobArgs, *river.InsertOpts) { return ScheduleArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}
