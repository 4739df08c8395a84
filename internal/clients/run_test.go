package clients

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
)

func leadCount(t testing.TB, d *db.DB, clientID string) int {
	t.Helper()
	var n int
	if err := d.Reader.QueryRow(d.Rebind(`SELECT count(*) FROM client_leads WHERE client_id = ?`), clientID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestRunDeliversOnlyWhatIsNew: a run reads the index, stores leads and
// moves the cursor; the next run reads only posts stored since; the same
// post found again by a live source, and the same person at the same
// company in another post, are dropped.
func TestRunDeliversOnlyWhatIsNew(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		live := &fakeSource{name: "live"}
		e := newEnv(t, d, live)
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		addPosts(t, e, intentPost(1), intentPost(2), intentPost(3))
		run := e.runNow(t, a.ID)
		if run.Status != RunComplete || run.LeadsAdded != 3 || run.PostsRead != 3 || run.FinishedAt == nil {
			t.Fatalf("first run %+v", run)
		}
		if len(run.Sources) != 2 || run.Sources[0].Name != "index" || run.Sources[0].Posts != 3 || run.Sources[1].Status != RunComplete {
			t.Errorf("sources %+v", run.Sources)
		}
		// Nothing new: nothing read from the index, nothing added.
		run = e.runNow(t, a.ID)
		if run.LeadsAdded != 0 || run.PostsRead != 0 {
			t.Fatalf("second run %+v", run)
		}
		// New posts: one new person, one repeat of a post through the live
		// source, one old person in a new post.
		live.posts = []engine.Post{intentPost(1)}
		repeatPerson := personPost("other-post", "Dana Reyes2", "Brightwell2")
		addPosts(t, e, intentPost(4), repeatPerson)
		run = e.runNow(t, a.ID)
		if run.LeadsAdded != 1 || run.PostsRead != 3 {
			t.Fatalf("third run %+v", run)
		}
		if n := leadCount(t, d, c.ID); n != 4 {
			t.Errorf("client has %d leads, want 4", n)
		}
		got, _ := e.store.Agent(context.Background(), a.ID)
		if got.Cursor == 0 || got.LastRunAt == nil {
			t.Errorf("agent after runs %+v", got)
		}
	})
}

// TestPersonWindow: the same person comes back after 30 days.
func TestPersonWindow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		now := time.Now()
		e.store.now = func() time.Time { return now }
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		addPosts(t, e, personPost("a", "Lee Park", "Northwind"))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 1 {
			t.Fatalf("run %+v", run)
		}
		e.store.now = func() time.Time { return now.Add(29 * 24 * time.Hour) }
		addPosts(t, e, personPost("b", "Lee Park", "Northwind"))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 0 {
			t.Fatalf("same person within 30 days delivered: %+v", run)
		}
		e.store.now = func() time.Time { return now.Add(31 * 24 * time.Hour) }
		addPosts(t, e, personPost("c", "Lee Park", "Northwind"))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 1 {
			t.Fatalf("same person after 30 days not delivered: %+v", run)
		}
	})
}

// TestMonthlyCap: parallel runs of two agents of one client never deliver
// more than the cap in a month.
func TestMonthlyCap(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 5)
		a1 := newAgent(t, e.store, c.ID, nil)
		a2 := newAgent(t, e.store, c.ID, nil)
		var posts []engine.Post
		for i := range 8 {
			posts = append(posts, intentPost(i))
		}
		addPosts(t, e, posts...)
		var wg sync.WaitGroup
		runs := make([]*Run, 2)
		for i, a := range []*Agent{a1, a2} {
			wg.Go(func() { runs[i] = e.runNow(t, a.ID) })
		}
		wg.Wait()
		if n := leadCount(t, d, c.ID); n != 5 {
			t.Fatalf("client has %d leads, cap 5", n)
		}
		if runs[0].LeadsAdded+runs[1].LeadsAdded != 5 {
			t.Errorf("runs added %d + %d", runs[0].LeadsAdded, runs[1].LeadsAdded)
		}
		capped := false
		for _, r := range runs {
			for _, n := range r.Notes {
				capped = capped || len(n) > 0 && n[:len("monthly cap")] == "monthly cap"
			}
		}
		if !capped {
			t.Errorf("no run says the cap was reached: %+v %+v", runs[0].Notes, runs[1].Notes)
		}
	})
}

// TestFailingSourceMakesRunPartial: a live source failing leaves a partial
// run with the index's leads; every source failing is a failed run that
// keeps the cursor where it was.
func TestFailingSourceMakesRunPartial(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		broken := &fakeSource{name: "broken", err: errors.New("503")}
		e := newEnv(t, d, broken)
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		addPosts(t, e, intentPost(1))
		run := e.runNow(t, a.ID)
		if run.Status != RunPartial || run.LeadsAdded != 1 || run.Error != "" {
			t.Fatalf("run %+v", run)
		}
		if run.Sources[0].Name != "broken" || run.Sources[0].Status != RunFailed || run.Sources[0].Error == "" {
			t.Errorf("sources %+v", run.Sources)
		}
		only := newAgent(t, e.store, c.ID, func(a *Agent) { a.Sources = []string{"broken"} })
		run = e.runNow(t, only.ID)
		if run.Status != RunFailed || run.Error == "" {
			t.Fatalf("all sources failed: %+v", run)
		}
	})
}

// TestRunFiltersByQueryAndSignalType: the agent's queries (phrases,
// exclusions) and signal types decide what it delivers.
func TestRunFiltersByQueryAndSignalType(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		funded := newAgent(t, e.store, c.ID, func(a *Agent) { a.Queries = []string{`"series b" -tobacco`} })
		jobs := newAgent(t, e.store, c.ID, func(a *Agent) { a.SignalTypes = []string{string(engine.JobChange)} })
		p1, p2 := intentPost(1), intentPost(2)
		p2.Text += " We sell tobacco."
		p3 := intentPost(3)
		p3.Text = "We are hiring account executives for our sales team, join us!"
		addPosts(t, e, p1, p2, p3)
		if run := e.runNow(t, funded.ID); run.LeadsAdded != 1 {
			t.Errorf("query agent: %+v", run)
		}
		if run := e.runNow(t, jobs.ID); run.LeadsAdded != 0 || run.PostsRead != 3 {
			t.Errorf("job-change agent delivered funding and hiring posts: %+v", run)
		}
	})
}

// TestScheduledRunsAreUniquePerPeriod: schedulers on two instances, racing
// on the same agent and period, enqueue one run; the next period another.
func TestScheduledRunsAreUniquePerPeriod(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e1, e2 := newEnv(t, d), newEnv(t, d)
		c := newClient(t, e1.store, 0)
		a := newAgent(t, e1.store, c.ID, func(a *Agent) { a.Schedule = Duration(15 * time.Minute) })
		slot := slot(time.Now(), 15*time.Minute)
		var wg sync.WaitGroup
		dups := make([]bool, 8)
		for i := range dups {
			s := []*Store{e1.store, e2.store}[i%2]
			wg.Go(func() {
				_, dup, err := s.enqueueRun(context.Background(), a, RunSchedule, slot)
				if err != nil {
					t.Error(err)
				}
				dups[i] = dup
			})
		}
		wg.Wait()
		count := func(q string, args ...any) int {
			var n int
			if err := d.Reader.QueryRow(d.Rebind(q), args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := count(`SELECT count(*) FROM river_job WHERE kind = 'agent_run'`); n != 1 {
			t.Errorf("%d jobs for one agent and period", n)
		}
		if n := count(`SELECT count(*) FROM agent_runs WHERE agent_id = ?`, a.ID); n != 1 {
			t.Errorf("%d runs recorded for one agent and period", n)
		}
		if _, dup, _ := e1.store.enqueueRun(context.Background(), a, RunSchedule, slot+1); dup {
			t.Error("the next period's run was taken for a duplicate")
		}
		other := newAgent(t, e1.store, c.ID, nil)
		if _, dup, _ := e2.store.enqueueRun(context.Background(), other, RunSchedule, slot); dup {
			t.Error("another agent's run in the same period was taken for a duplicate")
		}
		// A manual run is never unique.
		if _, err := e2.store.StartRun(context.Background(), a.ID); err != nil {
			t.Fatal(err)
		}
		if n := count(`SELECT count(*) FROM agent_runs WHERE agent_id = ?`, a.ID); n != 3 {
			t.Errorf("%d runs, want 3", n)
		}
	})
}

// TestScheduleDue: only active agents of active clients whose last run was
// in an earlier period are enqueued.
func TestScheduleDue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		now := time.Date(2026, 11, 27, 10, 7, 0, 0, time.UTC)
		e.store.now = func() time.Time { return now }
		c := newClient(t, e.store, 0)
		paused := newClient(t, e.store, 0)
		if _, err := e.store.UpdateClient(context.Background(), paused.ID, func(c *Client) error { c.Status = StatusPaused; return nil }); err != nil {
			t.Fatal(err)
		}
		due := newAgent(t, e.store, c.ID, func(a *Agent) { a.Schedule = Duration(15 * time.Minute) })
		newAgent(t, e.store, c.ID, func(a *Agent) { a.Active = false })
		newAgent(t, e.store, paused.ID, nil)
		ctx := context.Background()
		if n, err := e.store.ScheduleDue(ctx); err != nil || n != 1 {
			t.Fatalf("first tick: %d, %v", n, err)
		}
		// Same period (10:00-10:15): nothing.
		e.store.now = func() time.Time { return now.Add(7 * time.Minute) }
		if n, err := e.store.ScheduleDue(ctx); err != nil || n != 0 {
			t.Fatalf("same period: %d, %v", n, err)
		}
		e.store.now = func() time.Time { return now.Add(9 * time.Minute) }
		if n, err := e.store.ScheduleDue(ctx); err != nil || n != 1 {
			t.Fatalf("next period: %d, %v", n, err)
		}
		runs, _ := e.store.Runs(ctx, due.ID, 10)
		if len(runs) != 2 || runs[0].Kind != RunSchedule {
			t.Errorf("runs %+v", runs)
		}
	})
}

// TestRunJobEndToEnd: POST run → the River job performs it → GET run.
func TestRunJobEndToEnd(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.start(t)
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		addPosts(t, e, intentPost(1), intentPost(2))
		var started struct{ RunID string }
		e.do(t, "POST", "/api/admin/agents/"+a.ID+"/run", "", 202, &started)
		run := e.waitRun(t, started.RunID)
		var shape map[string]any
		e.do(t, "GET", "/api/admin/runs/"+started.RunID, "", 200, &shape)
		for _, k := range []string{"status", "leadsAdded", "postsRead", "startedAt", "finishedAt", "sources", "error"} {
			if _, ok := shape[k]; !ok {
				t.Errorf("run answer lacks %q: %v", k, shape)
			}
		}
		var got Run
		e.do(t, "GET", "/api/admin/runs/"+started.RunID, "", 200, &got)
		if got.Status != RunComplete || got.LeadsAdded != 2 || run.LeadsAdded != 2 || got.FinishedAt == nil {
			t.Fatalf("run %+v", got)
		}
	})
}

// TestSchedulerRunsDueAgents: the periodic scheduler job, as the server
// registers it, enqueues an active client's agent, and its run completes.
func TestSchedulerRunsDueAgents(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnvWith(t, d, []*river.PeriodicJob{SchedulePeriodicJob()})
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, func(a *Agent) { a.Schedule = Duration(15 * time.Minute) })
		addPosts(t, e, intentPost(1))
		e.start(t)
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			runs, err := e.store.Runs(context.Background(), a.ID, 5)
			if err != nil {
				t.Fatal(err)
			}
			if len(runs) == 1 && runs[0].Status == RunComplete {
				if runs[0].Kind != RunSchedule || runs[0].LeadsAdded != 1 {
					t.Errorf("run %+v", runs[0])
				}
				return
			}
			if len(runs) > 1 || time.Now().After(deadline) {
				t.Fatalf("runs %+v", runs)
			}
		}
	})
}

// hangingSource answers only when released, ignoring its context: the
// worst connector there is.
type hangingSource struct {
	name    string
	release chan struct{}
}

func (h *hangingSource) Name() string { return h.name }
func (h *hangingSource) Find(context.Context, search.Query, int) ([]engine.Post, error) {
	<-h.release
	return nil, nil
}

// TestHangingSourceDelaysTheRunOnlyByItsOwnTimeout: a source that never
// answers (and ignores its context) is recorded as failed after
// SourceTimeout and the run finishes partial with the other sources' leads,
// instead of waiting out the run's own 2-minute deadline (issue 24's budget:
// a source's failure never delays another source or a run by more than its
// own timeout).
func TestHangingSourceDelaysTheRunOnlyByItsOwnTimeout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		hang := &hangingSource{name: "hanging", release: make(chan struct{})}
		defer close(hang.release)
		live := &fakeSource{name: "live", posts: []engine.Post{intentPost(7)}}
		e := newEnv(t, d, hang, live)
		const timeout = 300 * time.Millisecond
		e.svc = NewService(e.store, RunOptions{Posts: e.posts, Sources: []search.Source{hang, live}, SourceTimeout: timeout, Logger: quiet()})
		c := newClient(t, e.store, 0)
		a := newAgent(t, e.store, c.ID, nil)
		start := time.Now()
		run := e.runNow(t, a.ID)
		took := time.Since(start)
		if run.Status != RunPartial || run.LeadsAdded != 1 {
			t.Fatalf("run %+v", run)
		}
		var states []string
		for _, st := range run.Sources {
			states = append(states, st.Name+":"+st.Status+":"+st.Error)
		}
		want := []string{"hanging:failed:the source did not answer within 300ms", "index:complete:", "live:complete:"}
		if !slices.Equal(states, want) {
			t.Errorf("sources %q, want %q", states, want)
		}
		// The bound is the source's timeout plus its one-second grace, far
		// below the run's 2 minutes; the slack is for a loaded machine.
		t.Logf("run with a hanging source took %s (source timeout %s)", took, timeout)
		if took > timeout+time.Second+10*time.Second {
			t.Errorf("the run took %s", took)
		}
	})
}
