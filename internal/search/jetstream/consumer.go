package jetstream

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/url"
	"os"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/querylang"
)

// Defaults of Options.
const (
	DefaultURL = "wss://jetstream2.us-east.bsky.network/subscribe"
	// defaultLeaseTTL: a holder renews every FlushEvery, so a crashed
	// holder's stream is taken over about this long after its last
	// renewal (a waiting instance looks again when the lease ends), well
	// under 15 s (issue 29); a clean stop releases it at once.
	defaultLeaseTTL = 10 * time.Second
	// minLook is the shortest pause of a waiting instance before it looks
	// at the lease again (the longest is a third of the TTL).
	minLook        = 100 * time.Millisecond
	defaultFlush   = time.Second
	defaultRefresh = time.Minute
	// defaultRewind is how far before the stored cursor a connection
	// resumes: Jetstream's README advises rewinding a few seconds for
	// gapless playback when events are processed idempotently (posts are
	// stored once by URL).
	defaultRewind     = 5 * time.Second
	defaultMinBackoff = time.Second
	defaultMaxBackoff = time.Minute
	// dialTimeout bounds connecting (DNS, TCP, TLS, the upgrade).
	dialTimeout = 10 * time.Second
	// defaultIdle ends a connection that delivers nothing for this long;
	// the whole network's posts arrive several a second.
	defaultIdle = 2 * time.Minute
	// maxMessage bounds one message; a post record is a few kilobytes.
	maxMessage = 1 << 20
	// maxBatch stores the posts found once this many are waiting.
	maxBatch = 200
	// dbTimeout bounds each database step (taking the lease, a flush).
	dbTimeout = 10 * time.Second
	// healthEvery is how often a working stream records a success in the
	// source's health (errors are recorded as they happen).
	healthEvery = time.Minute
)

// Options configure a Consumer.
type Options struct {
	// URL is Jetstream's /subscribe endpoint (DefaultURL); its query is
	// set by the consumer.
	URL string
	// DB holds stream_state; Posts is the index the posts go to; Health,
	// when set, records the stream's successes and errors.
	DB     *db.DB
	Posts  *search.Store
	Health *health.Store
	// Queries are the queries posts must match (the active agents' and
	// ingest's), asked again every Refresh.
	Queries func(ctx context.Context) ([]querylang.Query, error)
	// Detector defaults to detect.Default(): a post is kept when it finds
	// a live signal in it.
	Detector *detect.Detector
	Logger   *slog.Logger
	// Holder names this instance in the lease (host, process and a random
	// suffix by default).
	Holder string
	// The timings, each with its default when zero; Idle ends a connection
	// that delivered nothing for that long (a silent half-open one).
	LeaseTTL, FlushEvery, Refresh, Rewind, MinBackoff, MaxBackoff, Idle time.Duration
}

// Consumer reads Jetstream while it holds the lease (see the package
// documentation).
type Consumer struct {
	o      Options
	lease  *lease
	filter atomic.Pointer[Filter]
	// refreshed is when the filter was last built.
	refreshed time.Time
	now       func() time.Time
}

// New returns a consumer; Run starts it.
func New(o Options) *Consumer {
	if o.URL == "" {
		o.URL = DefaultURL
	}
	if o.Detector == nil {
		o.Detector = detect.Default()
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Holder == "" {
		host, _ := os.Hostname()
		o.Holder = fmt.Sprintf("%s:%d:%08x", host, os.Getpid(), rand.Uint32())
	}
	for _, d := range []struct {
		v   *time.Duration
		def time.Duration
	}{{&o.LeaseTTL, defaultLeaseTTL}, {&o.FlushEvery, defaultFlush}, {&o.Refresh, defaultRefresh},
		{&o.Rewind, defaultRewind}, {&o.MinBackoff, defaultMinBackoff}, {&o.MaxBackoff, defaultMaxBackoff}, {&o.Idle, defaultIdle}} {
		if *d.v <= 0 {
			*d.v = d.def
		}
	}
	c := &Consumer{o: o, now: time.Now}
	c.lease = &lease{d: o.DB, source: Name, holder: o.Holder, ttl: o.LeaseTTL, now: func() time.Time { return c.now() }}
	c.filter.Store(NewFilter(nil))
	return c
}

// Run consumes until ctx ends: it waits for the lease, connects from the
// stored cursor (rewound by Rewind), stores what passes, and after a
// dropped connection or an error connects again after a growing pause
// (MinBackoff doubling up to MaxBackoff, reset by a connection that
// delivered events). On return the lease is released.
func (c *Consumer) Run(ctx context.Context) {
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := c.lease.release(rctx); err != nil {
			c.o.Logger.Warn("jetstream: release lease", "err", err)
		}
	}()
	backoff := c.o.MinBackoff
	for ctx.Err() == nil {
		actx, cancel := context.WithTimeout(ctx, dbTimeout)
		cursor, ok, err := c.lease.acquire(actx)
		cancel()
		if err != nil {
			c.o.Logger.Warn("jetstream: lease", "err", err)
			sleep(ctx, backoff)
			continue
		}
		if !ok {
			// Another instance consumes; look again when its lease ends.
			sleep(ctx, c.untilFree(ctx))
			continue
		}
		delivered, err := c.session(ctx, cursor)
		if ctx.Err() != nil {
			return
		}
		if errors.Is(err, errLeaseLost) {
			c.o.Logger.Info("jetstream: another instance took the stream over")
			continue
		}
		if delivered {
			backoff = c.o.MinBackoff
		}
		c.o.Logger.Warn("jetstream: connection ended; reconnecting", "err", err, "in", backoff.String())
		c.recordHealth(ctx, 0, err)
		sleep(ctx, jitter(backoff))
		backoff = min(2*backoff, c.o.MaxBackoff)
	}
}

// untilFree is how long to wait before looking at a held lease again: until
// it ends (plus a moment, so the holder's renewal on time wins), at least
// minLook, at most a third of the TTL (a lease can be released early).
func (c *Consumer) untilFree(ctx context.Context) time.Duration {
	qctx, cancel := context.WithTimeout(ctx, dbTimeout)
	defer cancel()
	d, err := c.lease.expiresIn(qctx)
	if err != nil {
		return c.o.LeaseTTL / 3
	}
	return min(max(d+minLook/2+time.Duration(rand.Int64N(int64(minLook/2))), minLook), c.o.LeaseTTL/3)
}

// jitter spreads reconnects over d's last quarter.
func jitter(d time.Duration) time.Duration {
	return d - time.Duration(rand.Int64N(int64(d)/4+1))
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// subscribeURL is the endpoint asked for posts from cursor (0: live).
func (c *Consumer) subscribeURL(cursor int64) (string, error) {
	u, err := url.Parse(c.o.URL)
	if err != nil {
		return "", fmt.Errorf("jetstream url: %w", err)
	}
	q := url.Values{"wantedCollections": {Collection}}
	if cursor > 0 {
		q.Set("cursor", strconv.FormatInt(max(cursor-c.o.Rewind.Microseconds(), 1), 10))
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// batch is a session's work since its last flush.
type batch struct {
	posts  []engine.Post
	counts counts
	// cursor is the time_us of the last well-formed event read.
	cursor int64
}

// session is one connection: it reads until the connection fails, the
// lease is lost or ctx ends, flushing every FlushEvery and every maxBatch
// posts. delivered says whether any event arrived.
func (c *Consumer) session(ctx context.Context, cursor int64) (delivered bool, err error) {
	c.refresh(ctx, true)
	addr, err := c.subscribeURL(cursor)
	if err != nil {
		return false, err
	}
	dctx, cancel := context.WithTimeout(ctx, dialTimeout)
	conn, _, err := websocket.Dial(dctx, addr, nil)
	cancel()
	if err != nil {
		return false, fmt.Errorf("connect: %w", err)
	}
	defer conn.CloseNow()
	// Dialling can take up to dialTimeout: renew before reading, so a
	// lease lost meanwhile stops the session now.
	rnctx, cancel := context.WithTimeout(ctx, dbTimeout)
	err = c.lease.renew(rnctx)
	cancel()
	if err != nil {
		return false, err
	}
	conn.SetReadLimit(maxMessage)
	c.o.Logger.Info("jetstream: connected", "cursor", cursor)
	c.recordHealth(ctx, 0, nil)

	rctx, stop := context.WithCancel(ctx)
	defer stop()
	msgs := make(chan []byte, 256)
	readErr := make(chan error, 1)
	go func() {
		for {
			ictx, cancel := context.WithTimeout(rctx, c.o.Idle)
			_, b, err := conn.Read(ictx)
			cancel()
			if err != nil {
				readErr <- err
				return
			}
			select {
			case msgs <- b:
			case <-rctx.Done():
				return
			}
		}
	}()

	b := &batch{cursor: cursor}
	tick := time.NewTicker(c.o.FlushEvery)
	defer tick.Stop()
	lastHealth, stored := c.now(), int64(0)
	// A flush stores the posts, then adds their counts and moves the cursor
	// (c.flush), so a shutdown must not cancel it halfway: the posts would
	// be kept but their counts and the cursor lost, and the failed flush
	// would end the session without the last one. Every flush below runs
	// detached from ctx (bounded by dbTimeout, the last ones by 5 s); the
	// shutdown is seen after it.
	detached := context.WithoutCancel(ctx)
	flush := func(ctx context.Context) error {
		n, err := c.flush(ctx, b)
		stored += n
		if err == nil && c.now().Sub(lastHealth) >= healthEvery {
			c.recordHealth(ctx, int(stored), nil)
			lastHealth, stored = c.now(), 0
		}
		return err
	}
	for {
		select {
		case m := <-msgs:
			delivered = true
			c.handle(m, b)
			if len(b.posts) >= maxBatch {
				if err := flush(detached); err != nil {
					return delivered, err
				}
			}
		case <-tick.C:
			if err := flush(detached); err != nil {
				return delivered, err
			}
			c.refresh(ctx, false)
		case err := <-readErr:
			// What was read before the connection dropped is kept; the next
			// connection resumes after it.
		drain:
			for {
				select {
				case m := <-msgs:
					delivered = true
					c.handle(m, b)
				default:
					break drain
				}
			}
			fctx, cancel := context.WithTimeout(detached, 5*time.Second)
			ferr := flush(fctx)
			cancel()
			if ctx.Err() != nil || ferr != nil {
				return delivered, errors.Join(ctx.Err(), ferr)
			}
			return delivered, fmt.Errorf("read: %w", err)
		case <-ctx.Done():
			fctx, cancel := context.WithTimeout(detached, 5*time.Second)
			err := flush(fctx)
			cancel()
			conn.Close(websocket.StatusNormalClosure, "shutting down") //nolint:errcheck // best effort
			return delivered, err
		}
	}
}

// handle reads one message into the batch: counted, and kept when it is
// a post passing the filter and the detector.
func (c *Consumer) handle(m []byte, b *batch) {
	var ev event
	o := decode(m, &ev)
	b.counts.add(o)
	if o != malformed && ev.TimeUS > b.cursor {
		b.cursor = ev.TimeUS
	}
	if o != isPost {
		return
	}
	if p, ok := c.keep(&ev); ok {
		b.counts.prefiltered++
		if p != nil {
			b.counts.matched++
			b.posts = append(b.posts, *p)
		}
	}
}

// keep runs the filter (passed) and then the detector (p non-nil when it
// finds a live signal).
func (c *Consumer) keep(ev *event) (p *engine.Post, passed bool) {
	text := ev.Commit.Record.Text
	if !c.filter.Load().Pass(text) {
		return nil, false
	}
	post := post(ev)
	if !c.o.Detector.DetectLive(post).Intent {
		return nil, true
	}
	return &post, true
}

// flush stores the batch's posts, then moves the cursor and adds the
// counts under the lease; the batch is emptied only when both succeeded
// (a failure leaves the cursor where it was, so the next connection reads
// those events again). It returns how many posts were new.
func (c *Consumer) flush(ctx context.Context, b *batch) (int64, error) {
	ctx, cancel := context.WithTimeout(ctx, dbTimeout)
	defer cancel()
	// Past its lease by its own clock (paused, or the database slow), the
	// holder stores nothing until it renewed: another may hold it now.
	if !c.lease.valid() {
		if err := c.lease.renew(ctx); err != nil {
			return 0, err
		}
	}
	var n int
	if len(b.posts) > 0 {
		var err error
		if n, err = c.o.Posts.AddPosts(ctx, b.posts); err != nil {
			return 0, fmt.Errorf("store posts: %w", err)
		}
	}
	b.counts.stored = int64(n)
	if err := c.lease.flush(ctx, b.cursor, b.counts); err != nil {
		return 0, err
	}
	b.posts, b.counts = b.posts[:0], counts{}
	return int64(n), nil
}

// refresh rebuilds the filter from the queries every Refresh (now, when
// force). A failure keeps the filter it had.
func (c *Consumer) refresh(ctx context.Context, force bool) {
	if c.o.Queries == nil || (!force && c.now().Sub(c.refreshed) < c.o.Refresh) {
		return
	}
	qctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	qs, err := c.o.Queries(qctx)
	if err != nil {
		c.o.Logger.Warn("jetstream: read the queries; keeping the last ones", "err", err)
		return
	}
	c.filter.Store(NewFilter(qs))
	c.refreshed = c.now()
}

// recordHealth writes the stream's outcome to the source's health.
func (c *Consumer) recordHealth(ctx context.Context, posts int, err error) {
	if c.o.Health == nil {
		return
	}
	hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if rerr := c.o.Health.Record(hctx, health.Outcome{Source: Name, Posts: posts, Err: err}); rerr != nil {
		c.o.Logger.Warn("jetstream: record health", "err", rerr)
	}
}
