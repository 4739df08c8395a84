package search

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
)

// Housekeeping of stored searches.
const (
	// purgeEvery is how often expired anonymous results are deleted; they
	// stop being answered the moment they expire either way.
	purgeEvery = 5 * time.Minute
	// staleAfter is how long after it began an admin search still running
	// is taken for lost: longer than every attempt River makes (3 attempts
	// of at most 90 s, each found abandoned by River's rescuer within
	// two minutes of its start; see README "Forms, forwarding and the admin
	// console" for the rescue times).
	staleAfter = 30 * time.Minute
)

// PurgeArgs is the periodic job that deletes expired anonymous results and
// fails admin searches lost for good.
type PurgeArgs struct{}

// Kind implements river.JobArgs.
func (PurgeArgs) Kind() string { return "purge_search_results" }

// PurgeWorker runs PurgeArgs.
type PurgeWorker struct {
	river.WorkerDefaults[PurgeArgs]
	store *Store
	log   *slog.Logger
}

// NewPurgeWorker returns the worker for PurgeArgs.
func NewPurgeWorker(store *Store, log *slog.Logger) *PurgeWorker {
	if log == nil {
		log = slog.Default()
	}
	return &PurgeWorker{store: store, log: log}
}

// Work deletes expired results and fails stale admin jobs.
func (w *PurgeWorker) Work(ctx context.Context, _ *river.Job[PurgeArgs]) error {
	purged, err := w.store.PurgeResults(ctx)
	if err != nil {
		return err
	}
	failed, err := w.store.FailStaleJobs(ctx, w.store.now().Add(-staleAfter))
	if err != nil {
		return err
	}
	if purged > 0 || failed > 0 {
		w.log.Info("search housekeeping", "expired_results_deleted", purged, "lost_jobs_failed", failed)
	}
	return nil
}

// PurgePeriodicJob runs PurgeArgs every few minutes and once at start.
func PurgePeriodicJob() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(purgeEvery),
		func() (river.JobArgs, *river.InsertOpts) { return PurgeArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}
