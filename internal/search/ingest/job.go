package ingest

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/search"
)

// Args is the periodic ingest job. It carries nothing: the sources and
// queries come from the configuration of the instance that works it.
type Args struct{}

// Kind implements river.JobArgs.
func (Args) Kind() string { return "search_ingest" }

// JobTimeout bounds one run. River rescues a job running longer than its
// worker's Timeout, which is JobTimeout plus a margin (rescueMargin), so a
// run still storing its last posts at the limit is never taken for
// abandoned and started twice; posts are stored query by query, and the
// next period picks up the rest.
const JobTimeout = 4 * time.Minute

// rescueMargin is how long past JobTimeout a run may still be finishing.
const rescueMargin = 30 * time.Second

// Worker runs ingest as a River job.
type Worker struct {
	river.WorkerDefaults[Args]
	store *search.Store
	opt   Options
	log   *slog.Logger
}

// NewWorker returns the worker; register it with river.AddWorker.
func NewWorker(store *search.Store, o Options) *Worker {
	log := o.Logger
	if log == nil {
		log = slog.Default()
	}
	return &Worker{store: store, opt: o, log: log}
}

// Timeout implements river.Worker: River's limit and rescue time for the
// job. Work bounds the run itself to JobTimeout, inside it.
func (w *Worker) Timeout(*river.Job[Args]) time.Duration { return JobTimeout + rescueMargin }

// Work implements river.Worker. Every source's result is recorded as the
// job's output. Only a run where every source failed is an error (River
// retries it once); one source failing is logged and recorded, not fatal.
func (w *Worker) Work(ctx context.Context, job *river.Job[Args]) error {
	o := w.opt
	// Attempts of one job share its key, so a retry reuses its websets.
	o.RunKey = fmt.Sprintf("ingest:%d", job.ID)
	if o.Live != nil {
		o.Sources = o.Live(ctx)
	}
	ctx, cancel := context.WithTimeout(ctx, JobTimeout)
	defer cancel()
	report := Run(ctx, w.store, o)
	if err := river.RecordOutput(ctx, report); err != nil {
		w.log.Warn("record ingest output", "err", err)
	}
	if report.AllFailed() {
		return errors.New("ingest: every source failed")
	}
	return nil
}

// PeriodicJob runs ingest every interval. Its jobs are unique per period,
// so several instances (each electing a leader, or a leader changing hands
// mid-period) never ingest twice in one period.
func PeriodicJob(interval time.Duration) *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(interval),
		func() (river.JobArgs, *river.InsertOpts) { return Args{}, InsertOpts(interval) },
		&river.PeriodicJobOpts{ID: "search_ingest", RunOnStart: true})
}

// InsertOpts are the options of an ingest job for a given interval.
func InsertOpts(interval time.Duration) *river.InsertOpts {
	return &river.InsertOpts{MaxAttempts: 2, UniqueOpts: river.UniqueOpts{ByPeriod: interval}}
}
