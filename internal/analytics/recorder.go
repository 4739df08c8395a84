package analytics

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// Recorder options.
const (
	defaultBuffer     = 8192
	defaultBatch      = 500
	defaultFlushEvery = time.Second
)

// Recorder is a buffered writer: the beacon hands views over without
// waiting for the database, and one goroutine stores them in batches (one
// transaction each), which keeps SQLite's single writer far from being the
// bottleneck. A view is written as soon as the writer is free (group
// commit: the views that arrive during one write go together in the next),
// so a crash (SIGKILL, power loss) loses only the views of the write in
// progress and those queued behind it, milliseconds' worth; a clean
// shutdown writes everything (Stop). When the buffer is full a view is
// dropped and counted rather than slowing the site down.
type Recorder struct {
	store      *Store
	log        *slog.Logger
	views      chan View
	batch      int
	flushEvery time.Duration
	flushReq   chan chan struct{}
	dropped    atomic.Int64

	startOnce sync.Once
	stopOnce  sync.Once
	done      chan struct{}
	stopped   chan struct{}
}

// NewRecorder buffers views for store; call Start, and Stop when shutting
// down so buffered views are written.
func NewRecorder(store *Store, log *slog.Logger) *Recorder {
	if log == nil {
		log = slog.Default()
	}
	return &Recorder{store: store, log: log, views: make(chan View, defaultBuffer), batch: defaultBatch,
		flushEvery: defaultFlushEvery, flushReq: make(chan chan struct{}), done: make(chan struct{}),
		stopped: make(chan struct{})}
}

// Add queues v; it never blocks. It reports false when the buffer is full
// and v was dropped.
func (r *Recorder) Add(v View) bool {
	select {
	case r.views <- v:
		return true
	default:
		r.dropped.Add(1)
		return false
	}
}

// Dropped is how many views a full buffer has refused.
func (r *Recorder) Dropped() int64 { return r.dropped.Load() }

// Start runs the writer until Stop.
func (r *Recorder) Start() {
	r.startOnce.Do(func() { go r.run() })
}

// Flush writes everything queued so far and returns when it is stored.
func (r *Recorder) Flush() {
	ack := make(chan struct{})
	select {
	case r.flushReq <- ack:
		<-ack
	case <-r.stopped:
	}
}

// Stop writes what is buffered, then ends the writer, waiting at most
// until ctx ends.
func (r *Recorder) Stop(ctx context.Context) {
	r.Start() // a recorder never started still has to drain
	r.stopOnce.Do(func() { close(r.done) })
	select {
	case <-r.stopped:
	case <-ctx.Done():
		r.log.Warn("analytics: buffered page views not written before shutdown", "queued", len(r.views))
	}
}

// prune deletes views older than Retention.
func (r *Recorder) prune(now time.Time) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := r.store.Prune(ctx, now.Add(-Retention)); err != nil {
		r.log.Error("analytics: prune old page views", "err", err)
	}
}

func (r *Recorder) run() {
	defer close(r.stopped)
	tick := time.NewTicker(r.flushEvery)
	defer tick.Stop()
	pending := make([]View, 0, r.batch)
	write := func() {
		if len(pending) == 0 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if err := r.store.Insert(ctx, pending); err != nil {
			r.log.Error("analytics: store page views", "views", len(pending), "err", err)
		}
		cancel()
		pending = pending[:0]
	}
	drain := func() {
		for {
			select {
			case v := <-r.views:
				pending = append(pending, v)
				if len(pending) >= r.batch {
					write()
				}
			default:
				write()
				return
			}
		}
	}
	prune := time.Now() // views past Retention are deleted about once an hour
	for {
		select {
		case v := <-r.views:
			pending = append(pending, v)
			drain() // with whatever else is queued, at once
		case now := <-tick.C:
			write()
			if now.After(prune) {
				r.prune(now)
				prune = now.Add(time.Hour)
			}
		case ack := <-r.flushReq:
			drain()
			close(ack)
		case <-r.done:
			drain()
			return
		}
	}
}
