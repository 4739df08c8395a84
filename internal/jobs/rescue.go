package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivertype"
)

// QuickRescue names a job kind whose abandoned jobs are handed back sooner
// than River's own rescuer does it.
//
// River's rescuer runs every 30 s, only on the elected leader, and makes a
// rescued job wait for the leader's scheduler (5 s) as well; when the
// instance that died was the leader, its lease must expire first. For a
// form submission whose instance died mid-delivery that adds up to more
// than a minute. The quick rescue runs on every instance every
// QuickRescueEvery with River's own driver queries (the update only touches
// a job still running since before the horizon, so instances never rescue
// one twice), and makes the job available at once.
type QuickRescue struct {
	// Kind is the job kind (river.JobArgs Kind()).
	Kind string
	// After is how long a job of Kind may run before it is taken for
	// abandoned. It must exceed the worker's Timeout, so an attempt still
	// working is never started a second time.
	After time.Duration
}

// QuickRescueEvery is how often each instance looks for abandoned jobs of
// the QuickRescue kinds.
const QuickRescueEvery = 5 * time.Second

// quickRescueBatch bounds one query for stuck jobs.
const quickRescueBatch = 100

// rescueLoop runs quick rescues until ctx ends.
func (r *Runner) rescueLoop(ctx context.Context, log *slog.Logger) {
	defer close(r.rescueDone)
	t := time.NewTicker(QuickRescueEvery)
	defer t.Stop()
	for {
		if n, err := r.rescueOnce(ctx, time.Now()); err != nil && ctx.Err() == nil {
			log.Warn("quick rescue of abandoned jobs failed", "err", err)
		} else if n > 0 {
			log.Info("abandoned jobs handed back", "jobs", n)
		}
		for _, sweep := range r.sweeps {
			if n, err := sweep(ctx); err != nil && ctx.Err() == nil {
				log.Warn("sweep of abandoned work failed", "err", err)
			} else if n > 0 {
				log.Info("abandoned work handed back", "items", n)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// rescueOnce hands back every job of a QuickRescue kind still running past
// its After, and returns how many it updated.
func (r *Runner) rescueOnce(ctx context.Context, now time.Time) (int, error) {
	total := 0
	for _, q := range r.quick {
		horizon := now.Add(-q.After)
		params := &riverdriver.JobRescueManyParams{StuckHorizon: horizon}
		var after int64
		for {
			stuck, err := r.exec.JobGetStuck(ctx, &riverdriver.JobGetStuckParams{
				AfterID: after, Max: quickRescueBatch, StuckHorizon: horizon})
			if err != nil {
				return total, fmt.Errorf("stuck jobs: %w", err)
			}
			for _, j := range stuck {
				after = j.ID
				if j.Kind != q.Kind {
					continue
				}
				state, finalized := rivertype.JobStateAvailable, (*time.Time)(nil)
				if j.Attempt >= j.MaxAttempts {
					state, finalized = rivertype.JobStateDiscarded, &now
				}
				msg, _ := json.Marshal(rivertype.AttemptError{At: now, Attempt: max(j.Attempt, 0),
					Error: fmt.Sprintf("abandoned: still running after %s (its instance died); handed back", q.After)})
				params.ID = append(params.ID, j.ID)
				params.Error = append(params.Error, msg)
				params.FinalizedAt = append(params.FinalizedAt, finalized)
				params.ScheduledAt = append(params.ScheduledAt, now)
				params.State = append(params.State, string(state))
			}
			if len(stuck) < quickRescueBatch {
				break
			}
		}
		if len(params.ID) == 0 {
			continue
		}
		if _, err := r.exec.JobRescueMany(ctx, params); err != nil {
			return total, fmt.Errorf("rescue %s jobs: %w", q.Kind, err)
		}
		total += len(params.ID)
	}
	return total, nil
}

// HandBack makes the running jobs of kind that pick chooses (by their
// encoded arguments) available again at once, or discards them on their
// last attempt, recording reason as the attempt's error; it returns how
// many it updated. It is for work that proves its life otherwise (a
// heartbeat): unlike QuickRescue it does not wait for the worker's
// Timeout, so the caller must know the attempt is dead. A job another
// instance handed back meanwhile is not running any more and is left alone.
func (r *Runner) HandBack(ctx context.Context, kind string, pick func(args []byte) bool, reason string) (int, error) {
	now := time.Now()
	params := &riverdriver.JobRescueManyParams{StuckHorizon: now}
	var after int64
	for {
		stuck, err := r.exec.JobGetStuck(ctx, &riverdriver.JobGetStuckParams{
			AfterID: after, Max: quickRescueBatch, StuckHorizon: now.Add(time.Millisecond)})
		if err != nil {
			return 0, fmt.Errorf("running jobs: %w", err)
		}
		for _, j := range stuck {
			after = j.ID
			if j.Kind != kind || !pick(j.EncodedArgs) {
				continue
			}
			state, finalized := rivertype.JobStateAvailable, (*time.Time)(nil)
			if j.Attempt >= j.MaxAttempts {
				state, finalized = rivertype.JobStateDiscarded, &now
			}
			msg, _ := json.Marshal(rivertype.AttemptError{At: now, Attempt: max(j.Attempt, 0), Error: reason})
			params.ID = append(params.ID, j.ID)
			params.Error = append(params.Error, msg)
			params.FinalizedAt = append(params.FinalizedAt, finalized)
			params.ScheduledAt = append(params.ScheduledAt, now)
			params.State = append(params.State, string(state))
		}
		if len(stuck) < quickRescueBatch {
			break
		}
	}
	if len(params.ID) == 0 {
		return 0, nil
	}
	if _, err := r.exec.JobRescueMany(ctx, params); err != nil {
		return 0, fmt.Errorf("hand back %s jobs: %w", kind, err)
	}
	return len(params.ID), nil
}

// AddSweep adds a sweep (Options.Sweeps) to a runner not started yet: a
// feature built after the runner (its store needs the runner) registers
// its own.
func (r *Runner) AddSweep(sweep func(ctx context.Context) (int, error)) {
	r.sweeps = append(r.sweeps, sweep)
}
