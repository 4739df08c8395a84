package clients

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine/corpus"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// The scale benchmarks of docs/performance.md ("Clients and agents"):
//
//	go test -run '^$' -bench Scale -benchtime 1x ./internal/clients
//
// (scripts/with-postgres.sh for PostgreSQL too). CLIENTS_SCALE_POSTS,
// CLIENTS_SCALE_LEADS, CLIENTS_SCALE_RUNS and CLIENTS_SCALE_AGENTS set the
// sizes. Each fails when what it measures goes wrong (a run that did not
// complete, a page that did not answer 200, a short overview).

// eachDB runs fn as the sub-benchmarks "sqlite" and "postgres" (skipped
// without TEST_DATABASE_URL), each on a fresh, migrated database.
func eachDB(b *testing.B, fn func(b *testing.B, d *db.DB)) {
	b.Run("sqlite", func(b *testing.B) { fn(b, dbtest.SQLite(b)) })
	b.Run("postgres", func(b *testing.B) { fn(b, dbtest.Postgres(b)) })
}

func scaleSize(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

// BenchmarkScaleAgentRun times agent runs over an index of N synthetic posts:
// the first run of an agent without queries (the newest 3,000 posts), one
// with queries, and a run with nothing new.
func BenchmarkScaleAgentRun(b *testing.B) {
	eachDB(b, func(b *testing.B, d *db.DB) {
		n := scaleSize("CLIENTS_SCALE_POSTS", 100_000)
		e := newEnv(b, d)
		posts, err := corpus.Synthetic(n)
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		addPosts(b, e, posts...)
		b.Logf("indexed %d posts in %s", n, time.Since(start).Round(time.Millisecond))
		c := newClient(b, e.store, 0)
		for _, tc := range []struct {
			name    string
			queries []string
		}{
			{"no queries", nil},
			{"queries", []string{`"vp sales" OR hiring OR "series b" -intern`, `crm OR salesforce OR hubspot`}},
		} {
			// first: a new agent's first run; again: its next run, with
			// nothing new in the index.
			var a *Agent
			b.Run(tc.name+"/first", func(b *testing.B) {
				for b.Loop() {
					b.StopTimer()
					a = newAgent(b, e.store, c.ID, func(a *Agent) { a.Queries = tc.queries })
					b.StartTimer()
					if run := e.runNow(b, a.ID); run.Status != RunComplete || run.PostsRead == 0 {
						b.Fatalf("first run %+v", run)
					}
				}
			})
			b.Run(tc.name+"/again", func(b *testing.B) {
				for b.Loop() {
					if run := e.runNow(b, a.ID); run.Status != RunComplete || run.LeadsAdded != 0 {
						b.Fatalf("next run %+v", run)
					}
				}
			})
		}
	})
}

// BenchmarkScaleInbox times inbox pages over N leads of one client (among
// another client's N/4): the first page, a filtered page and pages deep
// in the keyset, p50 and p99 of 200 requests each.
func BenchmarkScaleInbox(b *testing.B) {
	eachDB(b, func(b *testing.B, d *db.DB) {
		n := scaleSize("CLIENTS_SCALE_LEADS", 100_000)
		e := newEnv(b, d)
		c, other := newClient(b, e.store, 0), newClient(b, e.store, 0)
		a := newAgent(b, e.store, c.ID, nil)
		fillLeads(b, d, c.ID, a.ID, n)
		fillLeads(b, d, other.ID, "", n/4)
		var deep string
		{
			var p struct{ NextCursor string }
			e.do(b, "GET", "/api/admin/clients/"+c.ID+"/leads?limit=100", "", 200, &p)
			deep = p.NextCursor
		}
		for _, p := range []struct{ name, path string }{
			{"first", "/api/admin/clients/" + c.ID + "/leads"},
			{"deep", "/api/admin/clients/" + c.ID + "/leads?limit=100&cursor=" + deep},
			{"filtered", "/api/admin/clients/" + c.ID + "/leads?state=won&tier=hot"},
			{"agent-signal-since", "/api/admin/clients/" + c.ID + "/leads?agent=" + a.ID + "&signal=funding_event&since=2020-01-01"},
		} {
			path := p.path
			b.Run(p.name, func(b *testing.B) {
				for b.Loop() {
					if rec := httpxtest.Do(e.h, "GET", path, nil, ""); rec.Code != 200 {
						b.Fatalf("%s: %d", path, rec.Code)
					}
				}
			})
		}
	})
}

// fillLeads inserts n leads for a client, spread over states, tiers and
// signal types, a minute apart.
func fillLeads(t testing.TB, d *db.DB, clientID, agentID string, n int) {
	t.Helper()
	ctx := context.Background()
	states, tiers := LeadStates, []string{"hot", "warm", "other"}
	signals := []string{"funding_event", "hiring_activity", "job_change"}
	base := time.Now().Add(-time.Duration(n) * time.Minute)
	var agent any
	if agentID != "" {
		agent = agentID
	}
	for lo := 0; lo < n; lo += 1000 {
		tx, err := d.Writer.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := lo; i < min(lo+1000, n); i++ {
			_, err := tx.ExecContext(ctx, d.Rebind(`INSERT INTO client_leads (id, client_id, agent_id, post_id, post_key, url, tier,
				signal_type, score, lead, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
				db.NewID(), clientID, agent, fmt.Sprint(i), fmt.Sprint("id:", i), fmt.Sprintf("https://x.example/%d", i),
				tiers[i%3], signals[i%3], 40+i%60, `{"name":"Someone","signal":"a post"}`, states[i%5], d.TimeArg(base.Add(time.Duration(i)*time.Minute)))
			if err != nil {
				t.Fatal(err)
			}
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	// As autovacuum (PostgreSQL) or a periodic ANALYZE would after a bulk
	// load: without statistics the planner guesses.
	if _, err := d.Writer.ExecContext(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkScaleSchedule times one scheduler tick enqueueing N due agents
// (CLIENTS_SCALE_AGENTS, 1,000) and how long until the last of their runs
// started, with nothing new in the index (each run is then short); each
// iteration schedules N new agents.
func BenchmarkScaleSchedule(b *testing.B) {
	eachDB(b, func(b *testing.B, d *db.DB) {
		n := scaleSize("CLIENTS_SCALE_AGENTS", 1000)
		e := newEnv(b, d)
		e.start(b)
		for b.Loop() {
			b.StopTimer()
			c := newClient(b, e.store, 0)
			for range n {
				newAgent(b, e.store, c.ID, func(a *Agent) { a.Schedule = Duration(15 * time.Minute) })
			}
			b.StartTimer()
			got, err := e.store.ScheduleDue(context.Background())
			if err != nil || got != n {
				b.Fatalf("scheduled %d of %d: %v", got, n, err)
			}
			// Until the last run started: a poll with a deadline.
			for deadline := time.Now().Add(5 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
				var waiting int
				if err := d.Reader.QueryRow(`SELECT count(*) FROM river_job WHERE kind = 'agent_run' AND attempted_at IS NULL`).Scan(&waiting); err != nil {
					b.Fatal(err)
				}
				if waiting == 0 {
					break
				}
				if time.Now().After(deadline) {
					b.Fatalf("%d runs still waiting", waiting)
				}
			}
		}
	})
}

// BenchmarkScaleConsoleOverview times the owner's console list (Overview) of
// 500 clients with 2 agents each, CLIENTS_SCALE_RUNS agent runs (100,000)
// and CLIENTS_SCALE_LEADS leads (100,000) spread over them, and 10,000
// deliveries of which half failed.
func BenchmarkScaleConsoleOverview(b *testing.B) {
	eachDB(b, func(b *testing.B, d *db.DB) {
		ctx := context.Background()
		e := newEnv(b, d)
		runs, leads := scaleSize("CLIENTS_SCALE_RUNS", 100_000), scaleSize("CLIENTS_SCALE_LEADS", 100_000)
		var agents []*Agent
		var clients []*Client
		for range 500 {
			c := newClient(b, e.store, 0)
			clients = append(clients, c)
			agents = append(agents, newAgent(b, e.store, c.ID, nil), newAgent(b, e.store, c.ID, nil))
		}
		now := time.Now().UTC()
		bulk := func(n int, q string, args func(i int) []any) {
			for lo := 0; lo < n; lo += 1000 {
				tx, err := d.Writer.BeginTx(ctx, nil)
				if err != nil {
					b.Fatal(err)
				}
				for i := lo; i < min(lo+1000, n); i++ {
					if _, err := tx.ExecContext(ctx, d.Rebind(q), args(i)...); err != nil {
						b.Fatal(err)
					}
				}
				if err := tx.Commit(); err != nil {
					b.Fatal(err)
				}
			}
		}
		start := time.Now()
		bulk(runs, `INSERT INTO agent_runs (id, agent_id, client_id, kind, status, sources, started_at) VALUES (?, ?, ?, 'schedule', ?, ?, ?)`,
			func(i int) []any {
				a := agents[i%len(agents)]
				return []any{db.NewID(), a.ID, a.ClientID, []string{RunComplete, RunPartial}[i%2],
					`[{"name":"index","status":"complete"},{"name":"hackernews","status":"failed"}]`, d.TimeArg(now.Add(-time.Duration(i) * time.Minute))}
			})
		leadIDs := make([]string, leads)
		bulk(leads, `INSERT INTO client_leads (id, client_id, post_id, post_key, tier, signal_type, score, lead, created_at)
			VALUES (?, ?, ?, ?, 'warm', 'funding_event', 50, '{}', ?)`, func(i int) []any {
			leadIDs[i] = db.NewID()
			return []any{leadIDs[i], clients[i%len(clients)].ID, fmt.Sprint(i), fmt.Sprint("id:", i), d.TimeArg(now.Add(-time.Duration(i) * time.Minute))}
		})
		channels := map[string]string{}
		for _, c := range clients {
			channels[c.ID] = db.NewID()
			execT(b, d, `INSERT INTO client_channels (id, client_id, kind, target, cadence, created_at, updated_at)
				VALUES (?, ?, 'webhook', 'https://x.example', 'instant', ?, ?)`, channels[c.ID], c.ID, d.TimeArg(now), d.TimeArg(now))
		}
		bulk(min(10_000, leads), `INSERT INTO client_deliveries (id, client_id, channel_id, lead_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			func(i int) []any {
				c := clients[i%len(clients)].ID
				return []any{db.NewID(), c, channels[c], leadIDs[i], []string{"failed", "delivered"}[i/len(clients)%2], d.TimeArg(now)}
			})
		// As autovacuum would after a bulk load: statistics, and on
		// PostgreSQL the visibility map that lets the counts read the index only.
		analyze := `ANALYZE`
		if d.Dialect == db.Postgres {
			analyze = `VACUUM ANALYZE`
		}
		if _, err := d.Writer.ExecContext(ctx, analyze); err != nil {
			b.Fatal(err)
		}
		b.Logf("loaded in %s", time.Since(start).Round(time.Millisecond))
		b.ResetTimer()
		for b.Loop() {
			list, err := e.store.Overview(ctx, 500)
			if err != nil || len(list) != 500 || list[0].LastRun == nil {
				b.Fatalf("overview: %d, %v", len(list), err)
			}
		}
	})
}
