package search

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// Queue is the River queue signed-in searches (an admin's, the owner's)
// run on, and AnonymousQueue the one visitors' searches run on: each has
// its own workers and its own admission bound, so a queue full of
// visitors' searches never delays or refuses a signed-in one (issue 29).
// Give both to the runner, each with QueueConfig.
const (
	Queue          = "search"
	AnonymousQueue = "search_anonymous"
)

// queueFor is the queue of a search by owner.
func queueFor(owner string) string {
	if owner == OwnerAnonymous {
		return AnonymousQueue
	}
	return Queue
}

// Timing of the search queue. SQLite has no LISTEN/NOTIFY, so a new search
// waits for the next poll: 100 ms keeps first leads well inside the demo's
// 2 s poll, and costs one short query on the queue 10 times a second.
const (
	fetchPollInterval = 100 * time.Millisecond
	fetchCooldown     = 50 * time.Millisecond
	// maxAttempts: an interrupted search (shutdown, crash) runs again twice.
	maxAttempts = 3
	// retryAfter is the wait before a retry: someone is waiting for it.
	retryAfter = time.Second
)

// QueueConfig is the search queue's River configuration for an instance
// running workers searches at once (DefaultWorkers when 0).
func QueueConfig(workers int) river.QueueConfig {
	if workers <= 0 {
		workers = DefaultWorkers()
	}
	return river.QueueConfig{MaxWorkers: workers, FetchPollInterval: fetchPollInterval, FetchCooldown: fetchCooldown}
}

// SearchArgs is the job that runs one live search (a visitor's on
// AnonymousQueue, which Start sets when it enqueues it). The search itself (its
// ICP, owner, queries) is in search_results or search_jobs, not in the job,
// so nothing about an anonymous search outlives its result row.
type SearchArgs struct {
	// ID is the search ("webset") id.
	ID string `json:"id"`
	// Anonymous says the search is in search_results, not search_jobs.
	Anonymous bool `json:"anonymous"`
}

// Kind implements river.JobArgs.
func (SearchArgs) Kind() string { return "live_search" }

// InsertOpts puts searches on their own queue.
func (SearchArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: maxAttempts}
}

// Worker runs SearchArgs jobs through a Service.
type Worker struct {
	river.WorkerDefaults[SearchArgs]
	svc *Service
}

// NewWorker returns the worker for svc's searches; register it with
// river.AddWorker on svc's runner.
func NewWorker(svc *Service) *Worker { return &Worker{svc: svc} }

// Timeout leaves the search's own limit (JobTimeout) room to store what it
// found; River's cancelling the job means the process is stopping.
func (w *Worker) Timeout(*river.Job[SearchArgs]) time.Duration {
	return w.svc.opt.JobTimeout + 30*time.Second
}

// NextRetry retries an interrupted search soon: a visitor is polling for it.
func (w *Worker) NextRetry(*river.Job[SearchArgs]) time.Time { return time.Now().Add(retryAfter) }

// Work runs the search and stores its end. A search already finished (an
// earlier attempt stored it) or gone (expired) is done. If the job is
// cancelled mid-search (shutdown), nothing is stored and River runs it
// again, here or on another instance; a search that keeps failing is marked
// failed on its last attempt. A process that dies mid-search leaves the job
// running until River's rescuer retries it (after the worker's Timeout).
func (w *Worker) Work(ctx context.Context, j *river.Job[SearchArgs]) error {
	s := w.svc
	job, err := s.store.job(ctx, j.Args.ID, j.Args.Anonymous)
	if errors.Is(err, db.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if job.Status != StatusRunning {
		return nil
	}
	done, leads := s.run(ctx, job)
	if err := ctx.Err(); err != nil {
		// Cancelled: the runner is stopping, and River makes the job
		// available again without counting the attempt. Past River's
		// timeout: the attempt counts, and the last one gives up.
		err = fmt.Errorf("search %s interrupted: %w", job.ID, err)
		if errors.Is(err, context.DeadlineExceeded) && j.Attempt >= j.MaxAttempts {
			s.giveUp(job, err)
		}
		return err
	}
	if err := s.store.finish(ctx, &done, leads, s.opt.ResultTTL); err != nil {
		if j.Attempt >= j.MaxAttempts {
			s.giveUp(job, err)
		}
		return err
	}
	return nil
}

// giveUp marks a search failed after its last attempt, so its status stops
// saying running.
func (s *Service) giveUp(job Job, cause error) {
	s.opt.Logger.Error("search job gave up", "job", job.ID, "err", cause)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	at := s.now().UTC()
	job.Status, job.Error, job.FinishedAt = StatusFailed, "interrupted", &at
	if err := s.store.finish(ctx, &job, []engine.Lead{}, s.opt.ResultTTL); err != nil {
		s.opt.Logger.Error("mark search job failed", "job", job.ID, "err", err)
	}
}
