package search

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/enrich"
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

// IndexSource is the name of the stored-posts index in a job's sources.
const IndexSource = "index"

// ErrBusy means the search queue is full; the caller should retry later.
var ErrBusy = errors.New("too many searches in progress")

// Options configure a Service. Zero values take the defaults shown.
type Options struct {
	// Sources are live connectors searched besides the index.
	Sources []Source
	// Verifier, when set, verifies lead emails (DNS); nil keeps them unchecked.
	Verifier *enrich.Verifier
	// Candidates caps the posts one search reads from the index (3000).
	Candidates int
	// SourceLimit caps the posts one search asks each live source for (100).
	SourceLimit int
	// MaxLeads caps the leads one search returns (50).
	MaxLeads int
	// Workers is the number of searches run at once (half the CPUs, at
	// least 1): searches are CPU-bound, and the rest is left to answering
	// requests, research-leads' own 50 ms budget included.
	Workers int
	// Queue is the number of searches that may wait for a worker (8 per
	// worker): deeper, a queued search would finish after the demo stopped
	// polling; research-leads answers 503 instead.
	Queue int
	// CacheSize bounds the searches kept in memory (1000); the oldest
	// finished ones are dropped first.
	CacheSize int
	// CacheTTL is how long a finished search's result stays in memory (30m).
	CacheTTL time.Duration
	// JobTimeout bounds one search (60s).
	JobTimeout time.Duration
	// Logger defaults to slog.Default.
	Logger *slog.Logger
}

func (o *Options) defaults() {
	setDefault(&o.Candidates, 3000)
	setDefault(&o.SourceLimit, 100)
	setDefault(&o.MaxLeads, 50)
	setDefault(&o.Workers, max(1, runtime.NumCPU()/2))
	setDefault(&o.Queue, 8*o.Workers)
	setDefault(&o.CacheSize, 1000)
	setDefault(&o.CacheTTL, 30*time.Minute)
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

// Service runs searches in the background and answers their status.
type Service struct {
	store *Store
	opt   Options
	now   func() time.Time

	queue chan *entry
	stop  context.CancelFunc
	ctx   context.Context
	wg    sync.WaitGroup

	mu    sync.Mutex
	cache map[string]*entry
}

// entry is a search in memory: running, or finished and kept until expiry.
type entry struct {
	job     Job
	leads   []engine.Lead
	expires time.Time // zero while running
}

// NewService starts the workers; Close stops them.
func NewService(store *Store, o Options) *Service {
	o.defaults()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Service{store: store, opt: o, now: time.Now, queue: make(chan *entry, o.Queue),
		ctx: ctx, stop: cancel, cache: map[string]*entry{}}
	for range o.Workers {
		s.wg.Go(s.work)
	}
	return s
}

// Close cancels running searches and waits for the workers to end.
func (s *Service) Close() {
	s.stop()
	s.wg.Wait()
}

// Start queues a search for p and returns its id at once. owner is
// OwnerAnonymous (the result stays in memory only) or an admin's email
// (the job, its leads and signals are stored).
func (s *Service) Start(ctx context.Context, p engine.ICP, owner string) (string, error) {
	e := &entry{job: Job{ID: newJobID(), Status: StatusRunning, Owner: owner, ICP: p,
		Queries: QueryFor(p).Terms, Sources: s.sourceStatus(), CreatedAt: s.now().UTC()}}
	if e.job.Queries == nil {
		e.job.Queries = []string{}
	}
	if !s.admit(e) {
		return "", ErrBusy
	}
	if owner != OwnerAnonymous {
		if err := s.store.CreateJob(ctx, &e.job); err != nil {
			s.forget(e.job.ID)
			return "", err
		}
	}
	select {
	case s.queue <- e:
		return e.job.ID, nil
	default:
		s.fail(e, "queue full")
		return "", ErrBusy
	}
}

func (s *Service) sourceStatus() map[string]string {
	m := map[string]string{IndexSource: StatusRunning}
	for _, src := range s.opt.Sources {
		m[src.Name()] = StatusRunning
	}
	return m
}

func newJobID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return "ws_" + hex.EncodeToString(b)
}

// admit adds e to the cache, first dropping expired entries and, if still
// full, the finished entry that expires first. It refuses when every slot
// holds a running search.
func (s *Service) admit(e *entry) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	if len(s.cache) >= s.opt.CacheSize {
		var oldest *entry
		for id, c := range s.cache {
			if c.expires.IsZero() {
				continue
			}
			if now.After(c.expires) {
				delete(s.cache, id)
			} else if oldest == nil || c.expires.Before(oldest.expires) {
				oldest = c
			}
		}
		if len(s.cache) >= s.opt.CacheSize {
			if oldest == nil {
				return false
			}
			delete(s.cache, oldest.job.ID)
		}
	}
	s.cache[e.job.ID] = e
	return true
}

func (s *Service) forget(id string) {
	s.mu.Lock()
	delete(s.cache, id)
	s.mu.Unlock()
}

// lookup returns a copy of the cached search id, if any and not expired.
func (s *Service) lookup(id string) (Job, []engine.Lead, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.cache[id]
	if !ok {
		return Job{}, nil, false
	}
	if !e.expires.IsZero() && s.now().After(e.expires) {
		delete(s.cache, id)
		return Job{}, nil, false
	}
	return e.job, e.leads, true
}
