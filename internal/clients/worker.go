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
	store := w.svc.store
	if err := store.beginAttempt(ctx, j.Args.RunID, j.Attempt); err != nil {
		return err
	}
	// Heartbeat while the run works (runs.go, "Heartbeats"); a beat that
	// finds the run taken back stops this attempt.
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	beats := make(chan struct{})
	go func() {
		defer close(beats)
		t := time.NewTicker(w.svc.heartbeatEvery())
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			bctx, bcancel := context.WithTimeout(ctx, w.svc.heartbeatEvery())
			alive, err := store.heartbeat(bctx, j.Args.RunID, j.Attempt)
			bcancel()
			if err != nil {
				w.svc.opt.Logger.Warn("agent run heartbeat", "run", j.Args.RunID, "err", err)
			}
			if !alive {
				cancel(errTakenBack)
				return
			}
		}
	}()
	err := w.svc.Execute(ctx, j.Args.RunID)
	cancel(nil)
	<-beats
	if errors.Is(context.Cause(ctx), errTakenBack) {
		// Another instance found this attempt dead and retried the run:
		// nothing of this attempt was kept (Execute stored nothing, and
		// finishRun refuses an attempt that is not the run's).
		w.svc.opt.Logger.Warn("agent run attempt stopped: it was taken back and retried", "run", j.Args.RunID, "attempt", j.Attempt)
		return errTakenBack
	}
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

// heartbeatEvery is how often a working run beats.
func (s *Service) heartbeatEvery() time.Duration { return HeartbeatEvery }

// errTakenBack stops an attempt whose run was found interrupted and
// handed to a retry (its heartbeats were late).
var errTakenBack = errors.New("agent run taken back: its heartbeats stopped and it was retried")

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
	// their next attempt, which may be hours away (the delivery's
	// PauseFailing, set by NewDelivery: OnSchedule).
	var p int
	var perr error
	if w.store.pauseFailing != nil {
		p, perr = w.store.pauseFailing(ctx)
	}
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
