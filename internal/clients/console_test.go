package clients

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
)

// countingReader counts the queries Overview sends.
type countingReader struct {
	d *sql.DB
	n atomic.Int32
}

func (c *countingReader) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	c.n.Add(1)
	return c.d.QueryContext(ctx, q, args...)
}

func execT(t testing.TB, d *db.DB, q string, args ...any) {
	t.Helper()
	if _, err := d.Writer.Exec(d.Rebind(q), args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func addRun(t *testing.T, d *db.DB, a *Agent, status string, at time.Time, sources string) {
	t.Helper()
	execT(t, d, `INSERT INTO agent_runs (id, agent_id, client_id, kind, status, sources, started_at, finished_at)
		VALUES (?, ?, ?, 'manual', ?, ?, ?, ?)`, db.NewID(), a.ID, a.ClientID, status, sources, d.TimeArg(at), d.TimeArg(at))
}

func addLead(t *testing.T, d *db.DB, clientID, key string, at time.Time) string {
	t.Helper()
	id := db.NewID()
	execT(t, d, `INSERT INTO client_leads (id, client_id, post_id, post_key, url, tier, signal_type, score, lead, created_at)
		VALUES (?, ?, ?, ?, '', 'warm', 'funding', 50, '{}', ?)`, id, clientID, key, key, d.TimeArg(at))
	return id
}

// TestConsoleOverview: the console's client list carries each client's
// leads this month, last run, failing sources (of each agent's last run
// only) and failed deliveries, read in one query for 200 clients.
func TestConsoleOverview(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		now := time.Now().UTC()
		month := monthStart(now)
		var all []*Client
		for range 200 {
			all = append(all, newClient(t, e.store, 0))
		}
		busy := all[7]
		a1 := newAgent(t, e.store, busy.ID, nil)
		a2 := newAgent(t, e.store, busy.ID, nil)
		// a1: an old partial run (reddit failed), then a complete one.
		addRun(t, d, a1, RunPartial, now.Add(-3*time.Hour), `[{"name":"reddit","status":"failed"}]`)
		addRun(t, d, a1, RunComplete, now.Add(-2*time.Hour), `[{"name":"reddit","status":"complete"}]`)
		// a2: its last run is partial, hackernews and index failed.
		addRun(t, d, a2, RunPartial, now.Add(-time.Hour), `[{"name":"index","status":"failed"},{"name":"hackernews","status":"failed"},{"name":"mastodon","status":"complete"}]`)
		for i := range 3 {
			addLead(t, d, busy.ID, fmt.Sprint("new", i), month.Add(time.Duration(i)*time.Minute))
		}
		old := addLead(t, d, busy.ID, "old", month.Add(-time.Hour))
		ch := db.NewID()
		execT(t, d, `INSERT INTO client_channels (id, client_id, kind, target, cadence, created_at, updated_at)
			VALUES (?, ?, 'webhook', 'https://x.example', 'instant', ?, ?)`, ch, busy.ID, d.TimeArg(now), d.TimeArg(now))
		for i, st := range []string{"failed", "failed", "delivered", "pending"} {
			lead := old
			if i > 0 {
				lead = addLead(t, d, busy.ID, fmt.Sprint("d", i), month.Add(-2*time.Hour))
			}
			execT(t, d, `INSERT INTO client_deliveries (id, client_id, channel_id, lead_id, status, created_at)
				VALUES (?, ?, ?, ?, ?, ?)`, db.NewID(), busy.ID, ch, lead, st, d.TimeArg(now))
		}

		cr := &countingReader{d: d.Reader}
		list, err := e.store.overview(ctx, cr, 500)
		if err != nil {
			t.Fatal(err)
		}
		if n := cr.n.Load(); n != 1 {
			t.Fatalf("overview of 200 clients sent %d queries, want 1", n)
		}
		if len(list) != 200 || list[0].ID != all[199].ID {
			t.Fatalf("listed %d clients, first %s (want the newest)", len(list), list[0].ID)
		}
		var got *ClientSummary
		for _, s := range list {
			if s.ID == busy.ID {
				got = s
			} else if s.LeadsThisMonth != 0 || s.LastRun != nil || len(s.FailingSources) != 0 || s.FailedDeliveries != 0 {
				t.Fatalf("quiet client %s: %+v", s.ID, s)
			}
		}
		if got == nil || got.LeadsThisMonth != 3 || got.FailedDeliveries != 2 {
			t.Fatalf("busy client: %+v", got)
		}
		if got.LastRun == nil || got.LastRun.Status != RunPartial || got.LastRun.At.Sub(now.Add(-time.Hour)).Abs() > time.Second {
			t.Fatalf("last run: %+v", got.LastRun)
		}
		if !slices.Equal(got.FailingSources, []string{"hackernews", "index"}) {
			t.Fatalf("failing sources: %v (reddit recovered in a1's last run)", got.FailingSources)
		}

		var out struct {
			Clients []struct {
				ID             string         `json:"id"`
				ICP            map[string]any `json:"icp"`
				LeadsThisMonth int            `json:"leadsThisMonth"`
				FailingSources []string       `json:"failingSources"`
				LastRun        *LastRun       `json:"lastRun"`
			} `json:"clients"`
		}
		e.do(t, http.MethodGet, "/api/admin/clients", "", http.StatusOK, &out)
		if len(out.Clients) != 200 || out.Clients[192].ID != busy.ID || out.Clients[192].LeadsThisMonth != 3 ||
			out.Clients[192].LastRun == nil || out.Clients[192].ICP == nil || out.Clients[0].FailingSources == nil {
			t.Fatalf("GET /api/admin/clients: %+v", out.Clients[192])
		}
	})
}

// TestFileSearch: a finished admin search filed under a client copies all
// its leads into the inbox, without the posts or people the client had;
// filing again adds nothing; a running search, an unknown search or client
// are refused.
func TestFileSearch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		c := newClient(t, e.store, 0)
		now := time.Now().UTC()
		execT(t, d, `INSERT INTO search_jobs (id, status, owner, icp, created_at) VALUES ('s1', 'running', 'a@b.c', '{}', ?)`, d.TimeArg(now))
		var leads []engine.Lead
		for i := range 12 {
			leads = append(leads, engine.Lead{ID: fmt.Sprint("lead_", i), PostID: fmt.Sprint("p", i), Name: fmt.Sprint("Person ", i),
				Company: "Co", PostURL: fmt.Sprint("https://ex.com/", i), IntentTier: engine.TierWarm, IntentScore: 60 - i,
				Detection: engine.Detection{SignalType: engine.FundingEvent}})
		}
		leads[11].Name = leads[10].Name // the same person twice: one lead
		e.do(t, http.MethodPost, "/api/admin/searches/s1/file", `{"clientId":"`+c.ID+`"}`, http.StatusConflict, nil)
		done := now
		if err := e.posts.FinishJob(ctx, &search.Job{ID: "s1", Status: search.StatusComplete, FinishedAt: &done}, leads); err != nil {
			t.Fatal(err)
		}
		addLead(t, d, c.ID, "url:https://ex.com/0", now) // the client had post 0
		var got struct{ Added, Skipped int }
		e.do(t, http.MethodPost, "/api/admin/searches/s1/file", `{"clientId":"`+c.ID+`"}`, http.StatusOK, &got)
		if got.Added != 10 || got.Skipped != 2 {
			t.Fatalf("filed: %+v, want 10 added, 2 skipped", got)
		}
		e.do(t, http.MethodPost, "/api/admin/searches/s1/file", `{"clientId":"`+c.ID+`"}`, http.StatusOK, &got)
		if got.Added != 0 || got.Skipped != 12 {
			t.Fatalf("filed again: %+v", got)
		}
		inbox, _, err := e.store.Leads(ctx, c.ID, LeadFilter{Limit: 100})
		if err != nil || len(inbox) != 11 {
			t.Fatalf("inbox: %d leads, %v", len(inbox), err)
		}
		j, err := e.posts.Job(ctx, "s1")
		if err != nil || j.ClientID != c.ID {
			t.Fatalf("search's client: %+v %v", j, err)
		}
		e.do(t, http.MethodPost, "/api/admin/searches/nope/file", `{"clientId":"`+c.ID+`"}`, http.StatusNotFound, nil)
		e.do(t, http.MethodPost, "/api/admin/searches/s1/file", `{"clientId":"nope"}`, http.StatusBadRequest, nil)
		e.do(t, http.MethodPost, "/api/admin/searches/s1/file", `{}`, http.StatusBadRequest, nil)
	})
}
