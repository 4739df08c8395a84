package jetstream

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/querylang"
)

// The payloads follow the events Jetstream's README documents
// (github.com/bluesky-social/jetstream; its original README, with the
// public instances, the /subscribe parameters wantedCollections and cursor,
// and example events): a commit event is {"did","time_us","kind":"commit",
// "commit":{"rev","operation","collection","rkey","record":{...},"cid"}};
// identity and account events carry "identity" / "account" objects
// instead; a delete has no record. The same README advises rewinding the
// cursor a few seconds when reconnecting, for gapless playback.

const t0 = int64(1_764_230_400_000_000) // 2025-11-27T08:00:00Z in µs

func postEvent(did, rkey string, timeUS int64, text string, langs ...string) string {
	if langs == nil {
		langs = []string{"en"}
	}
	rec := map[string]any{"$type": "app.bsky.feed.post", "createdAt": time.UnixMicro(timeUS).UTC().Format(time.RFC3339Nano),
		"langs": langs, "text": text}
	b, _ := json.Marshal(map[string]any{"did": did, "time_us": timeUS, "kind": "commit",
		"commit": map[string]any{"rev": "3l3qo2vutsw2b", "operation": "create", "collection": Collection, "rkey": rkey,
			"record": rec, "cid": "bafyreidwaivazkwu67xztlmuobx35hs2lnfh3kolmgfmucldvhd3sgzcqi"}})
	return string(b)
}

func deleteEvent(did, rkey string, timeUS int64) string {
	return fmt.Sprintf(`{"did":%q,"time_us":%d,"kind":"commit","commit":{"rev":"3l3f6nzl3cv2s","operation":"delete","collection":%q,"rkey":%q}}`,
		did, timeUS, Collection, rkey)
}

func identityEvent(did string, timeUS int64) string {
	return fmt.Sprintf(`{"did":%q,"time_us":%d,"kind":"identity","identity":{"did":%q,"handle":"alice.bsky.social","seq":1409752997,"time":"2024-09-05T06:11:04.870Z"}}`,
		did, timeUS, did)
}

const (
	intentCRM   = "We're looking for a CRM alternative to HubSpot for our 40-person sales team. Any recommendations?"
	intentOther = "Our team is evaluating observability vendors, Datadog bill is out of control. Who should we talk to?"
	plainCRM    = "Wrote a blog post about CRM history today"
)

// connection is one scripted websocket session of the fake: its messages,
// then a drop (the server closes mid-stream) or holding the connection
// open until the test ends.
type connection struct {
	msgs []string
	drop bool
}

// fake is a local Jetstream: each connection plays the next script (the
// last one repeats) and its query is recorded.
type fake struct {
	t       testing.TB
	mu      sync.Mutex
	scripts []connection
	queries []url.Values
	srv     *httptest.Server
	done    chan struct{}
	// connected receives the time of each connection (never blocks).
	connected chan time.Time
}

func newFake(t testing.TB, scripts ...connection) *fake {
	f := &fake{t: t, scripts: scripts, done: make(chan struct{}), connected: make(chan time.Time, 64)}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(func() { close(f.done); f.srv.CloseClientConnections(); f.srv.Close() })
	return f
}

func (f *fake) url() string { return "ws" + strings.TrimPrefix(f.srv.URL, "http") + "/subscribe" }

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	n := len(f.queries)
	f.queries = append(f.queries, r.URL.Query())
	sc := f.scripts[min(n, len(f.scripts)-1)]
	f.mu.Unlock()
	select {
	case f.connected <- time.Now():
	default:
	}
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		f.t.Errorf("accept: %v", err)
		return
	}
	defer c.CloseNow()
	for _, m := range sc.msgs {
		if err := c.Write(r.Context(), websocket.MessageText, []byte(m)); err != nil {
			return
		}
	}
	if sc.drop {
		return // CloseNow: the TCP connection goes without a close frame
	}
	select {
	case <-f.done:
	case <-r.Context().Done():
	}
}

func (f *fake) connections() []url.Values {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.queries)
}

func queries(t *testing.T, list ...string) func(context.Context) ([]querylang.Query, error) {
	qs, err := querylang.ParseQueries(list)
	if err != nil {
		t.Fatal(err)
	}
	return func(context.Context) ([]querylang.Query, error) { return qs, nil }
}

func newConsumer(t *testing.T, d *db.DB, addr, holder string) *Consumer {
	return New(Options{URL: addr, DB: d, Posts: search.NewStore(d), Health: health.NewStore(d),
		Queries: queries(t, "crm", `observability OR "monitoring tool"`), Holder: holder,
		LeaseTTL: 2 * time.Second, FlushEvery: 20 * time.Millisecond, MinBackoff: 10 * time.Millisecond, MaxBackoff: 40 * time.Millisecond})
}

// start runs c until the test ends (or stop is called).
func start(t *testing.T, c *Consumer) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); c.Run(ctx) }()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return stop
}

func streamState(t testing.TB, d *db.DB) *health.Stream { return streamOf(t, d) }

func streamOf(t testing.TB, d *db.DB) *health.Stream {
	t.Helper()
	r, err := health.NewStore(d).Report(context.Background(), []health.Configured{{Name: Name}})
	if err != nil {
		t.Fatal(err)
	}
	return r[0].Stream
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

func indexed(t *testing.T, d *db.DB) []string {
	t.Helper()
	posts, _, _, err := search.NewStore(d).PostsSince(context.Background(), 0, search.Query{}, 100)
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, p := range posts {
		urls = append(urls, p.URL)
	}
	slices.Sort(urls)
	return urls
}

// Every kind of message is counted where it belongs; only the post that
// passes the queries and the detector is stored, under its bsky.app URL,
// where an agent run reads it (PostsSince).
func TestEventsCountedAndMatchesStored(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFake(t, connection{msgs: []string{
			postEvent("did:plc:aaa", "3k1", t0+1, intentCRM),                                                                    // stored
			postEvent("did:plc:bbb", "3k2", t0+2, intentOther),                                                                  // stored (second query)
			postEvent("did:plc:ccc", "3k3", t0+3, plainCRM),                                                                     // passes the queries, no signal
			postEvent("did:plc:ddd", "3k4", t0+4, "Any recommendations for a good payroll tool? Ours is awful."),                // no query word
			postEvent("did:plc:eee", "3k5", t0+5, intentCRM, "ja"),                                                              // another language: skipped
			deleteEvent("did:plc:aaa", "3k0", t0+6),                                                                             // skipped
			identityEvent("did:plc:fff", t0+7),                                                                                  // skipped
			`{"did":"did:plc:ggg","time_us":` + strconv.FormatInt(t0+8, 10) + `,"kind":"commit","commit":{"operation":"create"`, // malformed
			`not json at all`,                       // malformed
			`{"did":"did:plc:hhh","kind":"commit"}`, // malformed: no time
			strings.Replace(postEvent("did:plc:iii", "3k9", t0+9, intentCRM), `"rkey":"3k9"`, `"rkey":""`, 1), // invalid
			postEvent("did:plc:jjj", "3ka", t0+10, "  "),                                                      // no text: skipped
			postEvent("did:plc:kkk", "3kb", t0+11, strings.Repeat("Any CRM alternative? ", 200)),              // invalid: over the lexicon's 3,000 bytes
			postEvent("did:plc:lll/../x", "3kc", t0+12, intentCRM),                                            // invalid: not a DID
		}})
		c := newConsumer(t, d, f.url(), "one")
		start(t, c)
		waitFor(t, "14 events counted", func() bool { s := streamState(t, d); return s != nil && s.Events == 14 })
		s := streamState(t, d)
		if s.Posts != 4 || s.Prefiltered != 3 || s.Matched != 2 || s.Stored != 2 || s.Skipped != 4 ||
			s.Dropped["malformed"] != 3 || s.Dropped["invalid"] != 3 {
			t.Fatalf("counts %+v", s)
		}
		if s.Holder != "one" || !s.Consuming || s.CursorAt == nil || s.CursorAt.UnixMicro() != t0+12 || s.LagSeconds == nil {
			t.Fatalf("lease and cursor %+v", s)
		}
		want := []string{"https://bsky.app/profile/did:plc:aaa/post/3k1", "https://bsky.app/profile/did:plc:bbb/post/3k2"}
		if got := indexed(t, d); !slices.Equal(got, want) {
			t.Fatalf("indexed %v, want %v", got, want)
		}
		if q := f.connections()[0]; q.Get("wantedCollections") != Collection || q.Has("cursor") {
			t.Fatalf("first connection asked %v", q)
		}
		// The health report says it: consuming, with its counts in the detail.
		r, err := health.NewStore(d).Report(context.Background(), []health.Configured{{Name: Name}})
		if err != nil {
			t.Fatal(err)
		}
		if r[0].State != health.OK || !strings.Contains(r[0].Detail, "14 events, 4 posts, 2 matched, 2 stored, 6 dropped (3 malformed, 3 invalid)") {
			t.Fatalf("health %s: %s", r[0].State, r[0].Detail)
		}
	})
}

// The server drops the connection mid-stream: the consumer reconnects
// from its cursor, rewound by Rewind, and the replayed post is stored once.
// A restarted consumer (another process) resumes from the stored cursor.
func TestResumeAfterDroppedConnection(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFake(t,
			connection{msgs: []string{postEvent("did:plc:aaa", "3k1", t0+1_000_000, intentCRM),
				postEvent("did:plc:bbb", "3k2", t0+2_000_000, intentOther)}, drop: true},
			connection{msgs: []string{postEvent("did:plc:bbb", "3k2", t0+2_000_000, intentOther), // the rewind's replay
				postEvent("did:plc:ccc", "3k3", t0+9_000_000, intentCRM)}})
		c := newConsumer(t, d, f.url(), "one")
		stop := start(t, c)
		waitFor(t, "the second connection's post", func() bool { return len(indexed(t, d)) == 3 })
		conns := f.connections()
		if len(conns) < 2 {
			t.Fatalf("%d connections", len(conns))
		}
		want := strconv.FormatInt(t0+2_000_000-defaultRewind.Microseconds(), 10)
		if got := conns[1].Get("cursor"); got != want {
			t.Fatalf("reconnected with cursor %q, want %q (the last event rewound 5 s)", got, want)
		}
		waitFor(t, "the cursor at the last event", func() bool {
			s := streamState(t, d)
			return s.CursorAt != nil && s.CursorAt.UnixMicro() == t0+9_000_000
		})
		if s := streamState(t, d); s.Stored != 3 || s.Matched != 4 {
			t.Fatalf("stored %d matched %d: the replayed post must be stored once", s.Stored, s.Matched)
		}
		stop()
		if s := streamState(t, d); s.Consuming {
			t.Fatalf("a stopped consumer still holds the lease: %+v", s)
		}
		// A new process resumes from the database's cursor.
		start(t, newConsumer(t, d, f.url(), "two"))
		waitFor(t, "a third connection", func() bool { return len(f.connections()) >= 3 })
		if got, want := f.connections()[2].Get("cursor"), strconv.FormatInt(t0+9_000_000-defaultRewind.Microseconds(), 10); got != want {
			t.Fatalf("restart resumed from %q, want %q", got, want)
		}
	})
}

// One consumer across instances: a second waits while the first holds
// the lease, and takes over when the first stops.
func TestOneConsumerAcrossInstances(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFake(t, connection{msgs: []string{postEvent("did:plc:aaa", "3k1", t0+1, intentCRM)}})
		stopA := start(t, newConsumer(t, d, f.url(), "a"))
		waitFor(t, "a consuming", func() bool { s := streamState(t, d); return s != nil && s.Consuming && s.Events == 1 })
		b := newConsumer(t, d, f.url(), "b")
		b.o.LeaseTTL = 300 * time.Millisecond // looks again every 100 ms
		start(t, b)
		time.Sleep(400 * time.Millisecond)
		if n := len(f.connections()); n != 1 {
			t.Fatalf("%d connections while a holds the lease", n)
		}
		stopA()
		waitFor(t, "b to take over", func() bool { s := streamState(t, d); return s.Holder == "b" && s.Consuming })
		waitFor(t, "b's connection", func() bool { return len(f.connections()) == 2 })
		if got := f.connections()[1].Get("cursor"); got != strconv.FormatInt(t0+1-defaultRewind.Microseconds(), 10) && got != "1" {
			t.Fatalf("b resumed from %q", got)
		}
	})
}

// A holder that dies (stops renewing) loses the lease when it expires; the
// one that took over is the only one that writes; the dead one's late
// flush is refused.
func TestLeaseExpiresAndFences(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
		clock := func() time.Time { return now }
		a := &lease{d: d, source: Name, holder: "a", ttl: 30 * time.Second, now: clock}
		b := &lease{d: d, source: Name, holder: "b", ttl: 30 * time.Second, now: clock}
		if _, ok, err := a.acquire(ctx); !ok || err != nil {
			t.Fatalf("a acquire %v %v", ok, err)
		}
		if err := a.flush(ctx, 42, counts{events: 1}); err != nil {
			t.Fatal(err)
		}
		if _, ok, err := b.acquire(ctx); ok || err != nil {
			t.Fatalf("b took a live lease: %v %v", ok, err)
		}
		now = now.Add(29 * time.Second)
		if _, ok, _ := b.acquire(ctx); ok {
			t.Fatal("b took the lease before it expired")
		}
		now = now.Add(2 * time.Second) // a died: no renewal for 31 s
		cursor, ok, err := b.acquire(ctx)
		if !ok || err != nil || cursor != 42 {
			t.Fatalf("b takeover: %v %v cursor %d", ok, err, cursor)
		}
		if err := a.flush(ctx, 99, counts{events: 5}); err != errLeaseLost {
			t.Fatalf("the dead holder's flush: %v", err)
		}
		if err := b.flush(ctx, 40, counts{events: 2}); err != nil { // an older cursor (a replay) keeps the newer
			t.Fatal(err)
		}
		var cur, events int64
		if err := d.Reader.QueryRowContext(ctx, `SELECT cursor_us, events FROM stream_state`).Scan(&cur, &events); err != nil {
			t.Fatal(err)
		}
		if cur != 42 || events != 3 {
			t.Fatalf("cursor %d events %d", cur, events)
		}
	})
}

// A consumer that cannot connect records the error in the source's health
// and keeps trying with backoff.
func TestUnreachableIsRecorded(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := httptest.NewServer(http.NotFoundHandler())
		addr := "ws" + strings.TrimPrefix(srv.URL, "http")
		srv.Close()
		start(t, newConsumer(t, d, addr, "one"))
		waitFor(t, "an error recorded", func() bool {
			r, err := health.NewStore(d).Report(context.Background(), []health.Configured{{Name: Name}})
			return err == nil && r[0].Errors24h >= 2 && r[0].State == health.Failing
		})
	})
}

// Instances starting at once: exactly one gets the lease.
func TestLeaseOneOfManyAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			wins []string
		)
		for i := range 10 {
			wg.Go(func() {
				l := &lease{d: d, source: Name, holder: fmt.Sprintf("h%d", i), ttl: time.Minute, now: time.Now}
				_, ok, err := l.acquire(context.Background())
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					wins = append(wins, l.holder)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(wins) != 1 {
			t.Fatalf("holders %v", wins)
		}
	})
}

// A connection that goes silent (half-open: no events, no close) is
// dropped after Idle and opened again from the cursor.
func TestSilentConnectionReopened(t *testing.T) {
	d := dbtest.SQLite(t)
	f := newFake(t, connection{msgs: []string{postEvent("did:plc:aaa", "3k1", t0, intentCRM)}})
	c := newConsumer(t, d, f.url(), "one")
	c.o.Idle = 200 * time.Millisecond
	start(t, c)
	waitFor(t, "a second connection", func() bool { return len(f.connections()) >= 2 })
	if got := f.connections()[1].Get("cursor"); got != strconv.FormatInt(t0-defaultRewind.Microseconds(), 10) {
		t.Fatalf("reopened from %q", got)
	}
}

// TestCrashedHolderTakenOverWithin15s: with the production timings, a
// holder killed right after renewing its lease (it never renews or
// releases again) is taken over by another instance in under 15 s, and not
// before its lease ended (never two holders); the dead holder's late write
// is refused (issue 29 item 9). It waits on the fake Jetstream's connection
// event, not on sleeps.
func TestCrashedHolderTakenOverWithin15s(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFake(t, connection{})
		dead := &lease{d: d, source: Name, holder: "killed", ttl: defaultLeaseTTL, now: time.Now}
		if _, ok, err := dead.acquire(ctx); !ok || err != nil {
			t.Fatalf("the holder-to-be acquires: %v %v", ok, err)
		}
		if err := dead.flush(ctx, t0, counts{events: 1}); err != nil {
			t.Fatal(err)
		}
		killed := time.Now() // SIGKILL: no release, no renewal
		b := New(Options{URL: f.url(), DB: d, Posts: search.NewStore(d), Queries: queries(t, "crm"), Holder: "survivor"})
		start(t, b)
		var at time.Time
		select {
		case at = <-f.connected:
		case <-time.After(20 * time.Second):
			t.Fatalf("no takeover %s after the holder was killed", time.Since(killed).Round(time.Millisecond))
		}
		took := at.Sub(killed)
		t.Logf("taken over %s after the kill (lease %s)", took.Round(time.Millisecond), defaultLeaseTTL)
		if took >= 15*time.Second {
			t.Errorf("takeover after %s, want under 15 s", took.Round(time.Millisecond))
		}
		if took < defaultLeaseTTL-50*time.Millisecond {
			t.Errorf("taken over %s after the kill, before the dead holder's %s lease ended: two holders", took, defaultLeaseTTL)
		}
		if err := dead.flush(ctx, t0+100, counts{events: 5}); err != errLeaseLost {
			t.Fatalf("the dead holder's late flush: %v, want errLeaseLost", err)
		}
		if s := streamState(t, d); s == nil || s.Holder != "survivor" {
			t.Fatalf("holder after takeover: %+v", s)
		}
	})
}

// A shutdown that comes while a periodic flush runs, after the batch's
// posts are in the index but before their counts and cursor are written,
// loses neither: the flush completes, so the stream's health counts what
// the index holds (TestServeConsumesJetstream's flake).
func TestShutdownDuringFlushKeepsCounts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFake(t, connection{msgs: []string{postEvent("did:plc:aaa", "3k1", t0+1, intentCRM)}})
		c := newConsumer(t, d, f.url(), "one")
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		// The consumer reads its clock first thing after the index write
		// (the flush that adds the counts): shut down just then.
		var shut atomic.Bool
		c.now = func() time.Time {
			var n int
			if !shut.Load() && d.Reader.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM posts`).Scan(&n) == nil && n > 0 {
				shut.Store(true)
				cancel()
			}
			return time.Now()
		}
		done := make(chan struct{})
		go func() { defer close(done); c.Run(ctx) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("the consumer did not stop")
		}
		if got := indexed(t, d); len(got) != 1 {
			t.Fatalf("indexed %v", got)
		}
		s := streamState(t, d)
		if s.Events != 1 || s.Matched != 1 || s.Stored != 1 || s.FlushedAt == nil || s.CursorAt == nil || s.CursorAt.UnixMicro() != t0+1 || s.Consuming {
			t.Fatalf("after a shutdown during the flush %+v", s)
		}
	})
}
