package search

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestQueueIsBounded: with nobody working the queue, searches wait; past
// Workers+Queue waiting ones research-leads answers 503 with Retry-After,
// whichever instance asks (the count is the database's).
func TestQueueIsBounded(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		a := newIdleEnv(t, d, Options{Workers: 1, Queue: 2}, 100)
		b := newIdleEnv(t, reopen(t, d), Options{Workers: 1, Queue: 2}, 100)
		for i, e := range []*env{a, b, a} {
			if code, out := e.post("/api/research-leads", `{}`, nil); code != http.StatusOK {
				t.Fatalf("search %d: %d %v", i, code, out)
			}
		}
		code, out := b.post("/api/research-leads", `{}`, nil)
		if code != http.StatusServiceUnavailable || out["error"] != "too many searches in progress, try again shortly" {
			t.Fatalf("4th search: %d %v, want 503", code, out)
		}
		// Signed-in searches have a bound of their own (SignedInWorkers +
		// SignedInQueue, here 1 + 1), counted across instances too: the
		// visitors' full queue does not refuse them.
		a.svc.opt.SignedInQueue, b.svc.opt.SignedInQueue = 1, 1
		for i, e := range []*env{a, b} {
			if _, err := e.svc.Start(t.Context(), engine.ICP{}, "a@b.c"); err != nil {
				t.Fatalf("admin search %d with the visitors' queue full: %v", i+1, err)
			}
		}
		if _, err := a.svc.Start(t.Context(), engine.ICP{}, "a@b.c"); !errors.Is(err, ErrBusy) {
			t.Fatalf("3rd admin search on a full signed-in queue: %v, want ErrBusy", err)
		}
	})
}

// TestAnotherInstanceRunsAndAnswers: instance A takes the search, instance
// B (its own database handle, its own runner) runs it, and both answer its
// status: no client affinity needed.
func TestAnotherInstanceRunsAndAnswers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		a := newIdleEnv(t, d, Options{}, 100)
		b := newEnv(t, reopen(t, d), Options{})
		for _, owner := range []map[string]string{nil, {testAdminHeader: "ops@signalpipe.example"}} {
			code, out := a.post("/api/research-leads", salesICP, owner)
			if code != http.StatusOK {
				t.Fatalf("research-leads on A: %d %v", code, out)
			}
			id := out["websets"].([]any)[0].(string)
			fromB := b.waitCompleteAs(t, id, owner)
			fromA := a.waitCompleteAs(t, id, owner)
			if n := len(fromB["leads"].([]any)); n == 0 || jsonString(fromA) != jsonString(fromB) {
				t.Fatalf("owner %v: B saw %d leads; A and B differ: %v", owner, n, jsonString(fromA) != jsonString(fromB))
			}
		}
	})
}

// TestExpiredResultsArePurged: an anonymous result stops being answered
// when it expires and the periodic job deletes it; a lost admin search is
// failed by the same job.
func TestExpiredResultsArePurged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newIdleEnv(t, d, Options{ResultTTL: 30 * time.Minute}, 100)
		ctx := t.Context()
		anon, err := e.svc.Start(ctx, engine.ICP{}, OwnerAnonymous)
		if err != nil {
			t.Fatal(err)
		}
		admin, err := e.svc.Start(ctx, engine.ICP{}, "a@b.c")
		if err != nil {
			t.Fatal(err)
		}
		if status, _, _ := e.svc.Status(ctx, []string{anon}, false); status != StatusRunning {
			t.Fatalf("fresh anonymous search: %s, want running", status)
		}
		later := time.Now().Add(31 * time.Minute)
		e.store.now = func() time.Time { return later }
		if status, leads, err := e.svc.Status(ctx, []string{anon}, false); status != StatusComplete || len(leads) != 0 || err != nil {
			t.Fatalf("expired search: %s %d %v, want complete with no leads", status, len(leads), err)
		}
		if count(t, d, "search_results") != 1 {
			t.Fatal("the row should remain until the purge")
		}
		if err := NewPurgeWorker(e.store, quiet()).Work(ctx, nil); err != nil {
			t.Fatal(err)
		}
		if n := count(t, d, "search_results"); n != 0 {
			t.Fatalf("after the purge: %d rows", n)
		}
		job, err := e.store.Job(ctx, admin)
		if err != nil || job.Status != StatusFailed || job.Error != "interrupted" {
			t.Fatalf("lost admin job after the purge: %+v %v", job, err)
		}
	})
}

// blockingSource, given started, blocks until its job is cancelled, as a
// slow connector would when its instance stops mid-search; given calls, it
// counts its searches and finds nothing.
type blockingSource struct {
	started chan struct{}
	calls   *atomic.Int32
}

func (blockingSource) Name() string { return "slow" }

func (s blockingSource) Find(ctx context.Context, _ Query, _ int) ([]engine.Post, error) {
	if s.started != nil {
		close(s.started)
		<-ctx.Done()
		return nil, ctx.Err()
	}
	s.calls.Add(1)
	return nil, nil
}

// TestSearchSurvivesAWorkerRestart: the instance running a search stops
// mid-search (its runner cancels the job); River keeps the job, a new
// instance runs it again, and the search completes with its leads.
func TestSearchSurvivesAWorkerRestart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		started := make(chan struct{})
		first := newEnv(t, d, Options{Sources: []Source{blockingSource{started: started}}})
		for _, owner := range []map[string]string{nil, {testAdminHeader: "ops@signalpipe.example"}} {
			code, out := first.post("/api/research-leads", salesICP, owner)
			if code != http.StatusOK {
				t.Fatalf("research-leads: %d %v", code, out)
			}
			if owner == nil {
				select {
				case <-started:
				case <-time.After(10 * time.Second):
					t.Fatal("the search never started")
				}
				first.stop(50 * time.Millisecond)
			}
		}
		var ids []string
		rows, err := d.Reader.Query(`SELECT id FROM search_results UNION ALL SELECT id FROM search_jobs`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			_ = rows.Scan(&id)
			ids = append(ids, id)
		}
		rows.Close()
		if status, _, _ := first.svc.Status(t.Context(), ids, true); len(ids) != 2 || status != StatusRunning {
			t.Fatalf("after the stop: %d searches, %s; want 2 running", len(ids), status)
		}
		var calls atomic.Int32
		second := newEnv(t, reopen(t, d), Options{Sources: []Source{blockingSource{calls: &calls}}})
		for _, id := range ids {
			if leads := second.waitCompleteAs(t, id, map[string]string{testAdminHeader: "ops@signalpipe.example"})["leads"].([]any); len(leads) == 0 {
				t.Fatalf("search %s completed without leads", id)
			}
		}
		if n := calls.Load(); n != 2 {
			t.Fatalf("the new instance's source ran %d searches, want 2 (the interrupted one again, and the waiting one)", n)
		}
	})
}

// TestQueueAdmissionIsAtomic: ten searches at once from one client, over
// two instances, against a bound of 9 (1 worker, 8 waiting): exactly nine
// are admitted, and the refused one gives its rate-limit token back, so
// the client's next search once the queue has room is answered, not 429.
// Each instance limits the client to 5 searches a minute, so the ten
// spend every token but the refunded one.
func TestQueueAdmissionIsAtomic(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		const perMinute = 5
		a := newIdleEnv(t, d, Options{Workers: 1, Queue: 8}, perMinute)
		b := newIdleEnv(t, reopen(t, d), Options{Workers: 1, Queue: 8}, perMinute)
		codes := make(chan int, 10)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range 10 {
			e := []*env{a, b}[i%2]
			wg.Go(func() {
				<-start
				code, _ := e.post("/api/research-leads", `{}`, nil)
				codes <- code
			})
		}
		close(start)
		wg.Wait()
		close(codes)
		got := map[int]int{}
		for c := range codes {
			got[c]++
		}
		if got[http.StatusOK] != 9 || got[http.StatusServiceUnavailable] != 1 {
			t.Fatalf("ten parallel searches: %v, want 9 x 200 and 1 x 503", got)
		}
		if n := count(t, d, "search_results"); n != 9 {
			t.Fatalf("%d searches stored, want 9 (the refused one rolled back)", n)
		}
		// Work the queue off; then the instance that refused a search has
		// its token back, and the other has none.
		a.start(t)
		deadline := time.Now().Add(30 * time.Second)
		for {
			n, err := a.runner.Pending(t.Context(), AnonymousQueue)
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d searches still pending", n)
			}
			time.Sleep(20 * time.Millisecond)
		}
		got = map[int]int{}
		for _, e := range []*env{a, b} {
			code, _ := e.post("/api/research-leads", `{}`, nil)
			got[code]++
		}
		if got[http.StatusOK] != 1 || got[http.StatusTooManyRequests] != 1 {
			t.Fatalf("one more search on each instance: %v, want one 200 (the refunded token) and one 429", got)
		}
	})
}

// gateSource blocks its first search until the job is cancelled and finds
// nothing for every later one: one visitor's search holds the anonymous
// worker for as long as the test needs.
type gateSource struct {
	calls   *atomic.Int32
	started chan struct{}
}

func (gateSource) Name() string { return "gate" }

func (s gateSource) Find(ctx context.Context, _ Query, _ int) ([]engine.Post, error) {
	if s.calls.Add(1) == 1 {
		close(s.started)
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return nil, nil
}

// TestVisitorsCannotStarveSignedIn: anonymous searches filling their whole
// admission (workers busy, queue full: the next visitor gets 503) leave
// signed-in searches their own admission and their own worker: an admin's
// search is taken and completes while every visitor's still waits (issue 29
// item 6).
func TestVisitorsCannotStarveSignedIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		gate := gateSource{calls: &atomic.Int32{}, started: make(chan struct{})}
		e := newEnv(t, d, Options{Workers: 1, Queue: 9, Sources: []Source{gate}})
		for i := range 10 {
			if code, out := e.post("/api/research-leads", `{}`, nil); code != http.StatusOK {
				t.Fatalf("visitor search %d: %d %v", i+1, code, out)
			}
		}
		select {
		case <-gate.started:
		case <-time.After(20 * time.Second):
			t.Fatal("the first visitor search never started")
		}
		if code, out := e.post("/api/research-leads", `{}`, nil); code != http.StatusServiceUnavailable {
			t.Fatalf("11th visitor search: %d %v, want 503 (the visitors' bound holds)", code, out)
		}
		admin := map[string]string{testAdminHeader: "owner@signalpipe.example"}
		for i := range 2 {
			code, out := e.post("/api/research-leads", salesICP, admin)
			if code != http.StatusOK {
				t.Fatalf("admin search %d with the visitors' queue full: %d %v, want 200", i+1, code, out)
			}
			// Completes (within waitCompleteAs's 30 s) while every visitor's
			// search still waits: it had a worker of its own.
			e.waitCompleteAs(t, out["websets"].([]any)[0].(string), admin)
		}
		if code, out := e.post("/api/research-leads", `{}`, nil); code != http.StatusServiceUnavailable {
			t.Fatalf("visitor search after the admin's: %d %v, want 503", code, out)
		}
	})
}
