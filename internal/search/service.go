package search

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"time"

	"github.com/riverqueue/river"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/draft"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/enrich"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/engine/speaker"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// Source is a live connector: it finds posts for a query on a remote
// service. A Source's failure marks it failed in the job and never fails
// the search.
type Source interface {
	// Name identifies the source in a job's per-source status.
	Name() string
	// Find returns up to limit posts matching q.
	Find(ctx context.Context, q Query, limit int) ([]engine.Post, error)
}

// StoredNotifier is a Source that must know which of its posts ingest
// stored (the job boards announce an opening only once its post is
// stored): ingest calls Stored after the posts are in the index, never
// before nor after a failed store.
type StoredNotifier interface {
	Stored(ctx context.Context, posts []engine.Post) error
}

// QueryModel writes search queries for an ICP (an OpenAI-compatible model,
// see package llm). It is asked only when the ICP sets useAIQueries.
type QueryModel interface {
	Queries(ctx context.Context, p engine.ICP) ([]string, error)
}

// IndexSource is the name of the stored-posts index in a job's sources.
const IndexSource = "index"

// ErrBusy means the search queue is full; the caller should retry later.
var ErrBusy = errors.New("too many searches in progress")

// errNoRunner is Start without a job runner (the CLI runs searches in place).
var errNoRunner = errors.New("search: no job runner to start searches on")

// Options configure a Service. Zero values take the defaults shown.
type Options struct {
	// Runner enqueues searches as River jobs (queue Queue); the Worker that
	// runs them is registered on the same runner. Nil leaves only Search.
	Runner *jobs.Runner
	// Sources are live connectors searched besides the index.
	Sources []Source
	// Live, when set, replaces Sources: asked at each search's start, so
	// sources switched in the console apply without a restart
	// (search/sources.Registry).
	Live func(context.Context) []Source
	// Model writes queries for ICPs with useAIQueries; nil: rule-based only.
	Model QueryModel
	// RelevanceModel judges relevance (package icp); nil: the shipped
	// model. Leave-one-category-out evaluation sets its own.
	RelevanceModel *icp.Model
	// Speaker reads who speaks in place of the shipped speaker model
	// (EvalLOCO: a model fitted without the category left out); nil: the
	// shipped one.
	Speaker func(title, text string) speaker.Reading
	// ReadLive reads a post in place of the shipped detector, for the
	// same measurement (pipeline.Options.ReadLive); nil: the detector.
	ReadLive func(engine.Post) detect.LiveReading
	// Reviewer re-reads the posts behind each search's best ReviewTop
	// leads (a model, see package llm); nil: the detector's word stands.
	Reviewer pipeline.Reviewer
	// ReviewTop is how many of a search's best leads Reviewer re-reads.
	ReviewTop int
	// Writer has a model write the best leads' drafts (pipeline.Options);
	// nil: the templates'.
	Writer draft.Writer
	// Verifier, when set, verifies lead emails (DNS); nil keeps them unchecked.
	Verifier *enrich.Verifier
	// Candidates caps the posts one search reads from the index (3000).
	Candidates int
	// SourceLimit caps the posts one search asks each live source for (100).
	SourceLimit int
	// SourceTimeout bounds each live source's answer (30s, see Ask).
	SourceTimeout time.Duration
	// MaxLeads caps the leads one search returns (50).
	MaxLeads int
	// Workers is the number of visitors' (anonymous) searches one instance
	// runs at once (DefaultWorkers); give the same number to QueueConfig
	// for AnonymousQueue.
	Workers int
	// Queue is the number of visitors' searches that may wait for a worker
	// (8 per worker), counted across instances: deeper, a queued search
	// would finish after the demo stopped polling; research-leads answers
	// 503 instead.
	Queue int
	// SignedInWorkers and SignedInQueue are the same for signed-in
	// searches (1 and 8), which have an admission and workers of their own
	// (queue Queue): visitors can never starve them.
	SignedInWorkers int
	SignedInQueue   int
	// ResultTTL is how long an anonymous search's result is kept after it
	// finished (30m).
	ResultTTL time.Duration
	// JobTimeout bounds one search (60s).
	JobTimeout time.Duration
	// MaxAge drops posts published longer ago (LEAD_MAX_AGE); 0 keeps all.
	MaxAge time.Duration
	// Logger defaults to slog.Default.
	Logger *slog.Logger
}

// DefaultWorkers is half the CPUs, at least 1: searches are CPU-bound, and
// the rest is left to answering requests, research-leads' own 50 ms budget
// included.
func DefaultWorkers() int { return max(1, runtime.NumCPU()/2) }

func (o *Options) defaults() {
	setDefault(&o.Candidates, 3000)
	setDefault(&o.SourceLimit, 100)
	setDefault(&o.MaxLeads, 50)
	setDefault(&o.Workers, DefaultWorkers())
	setDefault(&o.Queue, 8*o.Workers)
	setDefault(&o.SignedInWorkers, 1)
	setDefault(&o.SignedInQueue, 8*o.SignedInWorkers)
	setDefault(&o.ResultTTL, 30*time.Minute)
	setDefault(&o.JobTimeout, 60*time.Second)
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
}

func setDefault[T int | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}

// Service starts searches as durable jobs and answers their status from
// the database, so any instance can answer for any search.
type Service struct {
	store *Store
	opt   Options
	now   func() time.Time
}

// NewService returns the service over store.
func NewService(store *Store, o Options) *Service {
	o.defaults()
	return &Service{store: store, opt: o, now: time.Now}
}

// Start records a search for p and enqueues its job in one transaction, and
// returns its id at once. owner is OwnerAnonymous (the search and its
// result live in search_results until they expire) or an admin's email (the
// job, its leads and signals are stored). ErrBusy means too many searches
// are waiting: admission is decided inside the transaction, serialised
// across instances (see Store.admit), so parallel starts never overshoot
// the bound. Anonymous and signed-in searches are admitted against
// separate bounds and run on separate queues.
func (s *Service) Start(ctx context.Context, p engine.ICP, owner string) (string, error) {
	if s.opt.Runner == nil {
		return "", errNoRunner
	}
	job := s.newJob(p, owner)
	err := s.opt.Runner.InTx(ctx, func(tx jobs.Tx) error {
		if err := s.store.lockAdmission(ctx, tx); err != nil {
			return err
		}
		var err error
		if owner == OwnerAnonymous {
			err = s.store.insertResult(ctx, tx, &job, job.CreatedAt.Add(s.opt.ResultTTL))
		} else {
			err = s.store.insertJob(ctx, tx, &job)
		}
		if err != nil {
			return err
		}
		queue, bound := Queue, s.opt.SignedInWorkers+s.opt.SignedInQueue
		if owner == OwnerAnonymous {
			queue, bound = AnonymousQueue, s.opt.Workers+s.opt.Queue
		}
		if _, err := tx.Enqueue(ctx, SearchArgs{ID: job.ID, Anonymous: owner == OwnerAnonymous},
			&river.InsertOpts{Queue: queue}); err != nil {
			return fmt.Errorf("enqueue search %s: %w", job.ID, err)
		}
		return s.store.admit(ctx, tx, &job, queue, bound)
	})
	if err != nil {
		return "", err
	}
	return job.ID, nil
}

// newJob is a running search for p with the rule-based queries; the worker
// may replace them with a model's.
func (s *Service) newJob(p engine.ICP, owner string) Job {
	job := Job{ID: newJobID(), Status: StatusRunning, Owner: owner, ICP: p, Queries: QueryFor(p).Terms,
		Sources: s.sourceStatus(), Notes: []string{}, CreatedAt: s.now().UTC()}
	if job.Queries == nil {
		job.Queries = []string{}
	}
	return job
}

func (s *Service) sourceStatus() map[string]string {
	m := map[string]string{IndexSource: StatusRunning}
	for _, src := range s.sources(context.Background()) {
		m[src.Name()] = StatusRunning
	}
	return m
}

// sources are the live sources a search starting now asks.
func (s *Service) sources(ctx context.Context) []Source {
	if s.opt.Live != nil {
		return s.opt.Live(ctx)
	}
	return s.opt.Sources
}

func newJobID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return "ws_" + hex.EncodeToString(b)
}

// Search runs one search now, in the caller's goroutine, and stores
// nothing (the CLI's `signalpipe search`).
func (s *Service) Search(ctx context.Context, p engine.ICP) (Job, []engine.Lead) {
	return s.run(ctx, s.newJob(p, OwnerAnonymous))
}
