package clients

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// BenchmarkAccountsList times the owner's accounts list (first page, and
// a page deep in the order) over ACCOUNTS_SCALE_LEADS leads (100,000) of
// one client at ACCOUNTS_SCALE_COMPANIES companies (20,000), beside
// another client's quarter as many; it reports the p99 of its requests
// (docs/performance.md). The first read (which builds the client's
// summary) is timed apart, as first-ms.
//
//	scripts/with-postgres.sh go test -run '^$' -bench AccountsList -benchtime 200x ./internal/clients
func BenchmarkAccountsList(b *testing.B) {
	eachDB(b, func(b *testing.B, d *db.DB) {
		n, companies := scaleSize("ACCOUNTS_SCALE_LEADS", 100_000), scaleSize("ACCOUNTS_SCALE_COMPANIES", 20_000)
		e := newEnv(b, d)
		c, other := newClient(b, e.store, 0), newClient(b, e.store, 0)
		start := time.Now()
		fillAccounts(b, d, c.ID, n, companies)
		fillAccounts(b, d, other.ID, n/4, companies/4)
		b.Logf("seeded %d leads at %d companies in %s", n, companies, time.Since(start).Round(time.Millisecond))
		path := "/api/admin/clients/" + c.ID + "/accounts?limit=50"
		t0 := time.Now()
		var first struct {
			Accounts   []Account
			NextCursor string
		}
		e.do(b, "GET", path, "", 200, &first)
		firstMs := float64(time.Since(t0).Microseconds()) / 1000
		if len(first.Accounts) != 50 || first.NextCursor == "" || first.Accounts[0].Score < first.Accounts[49].Score {
			b.Fatalf("first page: %d accounts, cursor %q", len(first.Accounts), first.NextCursor)
		}
		deep := "/api/admin/clients/" + c.ID + "/accounts?limit=50&cursor=" + encodeOffset(companies/2)
		var lat []time.Duration
		i := 0
		for b.Loop() {
			p := path
			if i%2 == 1 {
				p = deep
			}
			i++
			t := time.Now()
			rec := httpxtest.Do(e.h, "GET", p, nil, "")
			lat = append(lat, time.Since(t))
			if rec.Code != 200 {
				b.Fatalf("%s: %d %s", p, rec.Code, rec.Body)
			}
		}
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(firstMs, "first-ms")
	})
}

// fillAccounts inserts n approved leads of one client spread over
// `companies` companies (each lead linked to its company), over the last
// 120 days, of every signal type, with lead bodies of a real lead's size.
func fillAccounts(t testing.TB, d *db.DB, clientID string, n, companies int) {
	t.Helper()
	ctx := context.Background()
	ids := make([]string, companies)
	now := time.Now().UTC()
	bulk := func(count int, q string, args func(i int) []any) {
		for lo := 0; lo < count; lo += 1000 {
			tx, err := d.Writer.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			st, err := tx.PrepareContext(ctx, d.Rebind(q))
			if err != nil {
				t.Fatal(err)
			}
			for i := lo; i < min(lo+1000, count); i++ {
				if _, err := st.ExecContext(ctx, args(i)...); err != nil {
					t.Fatal(err)
				}
			}
			st.Close()
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
		}
	}
	bulk(companies, `INSERT INTO client_companies (id, client_id, name, name_key, domain, created_at) VALUES (?, ?, ?, ?, ?, ?)`, func(i int) []any {
		ids[i] = db.NewID()
		return []any{ids[i], clientID, fmt.Sprintf("Company %d Inc", i), fmt.Sprintf("company %d", i), fmt.Sprintf("company%d.example", i), d.TimeArg(now)}
	})
	signals := []string{"competitor_engagement", "hiring_activity", "job_change", "funding_event", "tech_research"}
	platforms := []string{"hackernews", "reddit", "greenhouse", "linkedin", "news"}
	leadIDs := make([]string, n)
	bulk(n, `INSERT INTO client_leads (id, client_id, post_id, post_key, url, source, company, tier, signal_type, score, lead, state, review, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'warm', ?, ?, ?, ?, 'approved', ?)`, func(i int) []any {
		leadIDs[i] = db.NewID()
		at := now.Add(-time.Duration(i%(120*24)) * time.Hour)
		sig := signals[i%len(signals)]
		l := map[string]any{"name": fmt.Sprintf("Person %d", i%(n/2+1)), "title": "VP Engineering", "company": fmt.Sprintf("Company %d Inc", i%companies),
			"platform": platforms[i%len(platforms)], "signal": "Looking for an alternative to LaunchDarkly: our flags are getting expensive and the team wants something self-hosted. Any suggestions?",
			"fullContext": "Looking for an alternative to LaunchDarkly: our flags are getting expensive and the team wants something self-hosted. We run 40 services on Kubernetes and deploy twenty times a day; what do you use?",
			"publishedAt": at, "relevance": map[string]any{"terms": []string{"launchdarkly", "feature flags"}}}
		if sig == "hiring_activity" {
			l["signal"] = fmt.Sprintf("Company %d is hiring: SRE, Platform Engineer and 1 more (3 new openings)", i%companies)
		}
		raw, _ := json.Marshal(l)
		return []any{leadIDs[i], clientID, fmt.Sprint(i), fmt.Sprint("id:", i), fmt.Sprintf("https://x.example/%d", i), platforms[i%len(platforms)],
			fmt.Sprintf("company %d", i%companies), sig, 40 + i%60, string(raw), LeadStates[i%len(LeadStates)], d.TimeArg(at)}
	})
	bulk(n, `INSERT INTO client_company_leads (lead_id, client_id, company_id, resolved_id, confidence, matched_by) VALUES (?, ?, ?, ?, 0.9, 'name')`, func(i int) []any {
		return []any{leadIDs[i], clientID, ids[i%companies], ids[i%companies]}
	})
	analyze := `ANALYZE`
	if d.Dialect == db.Postgres {
		analyze = `VACUUM ANALYZE`
	}
	if _, err := d.Writer.ExecContext(ctx, analyze); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkAccountsInboxPage times the owner's inbox page (25 leads) when
// every lead's company is an account of several leads: each lead carries
// its account's why now (accounts_lead.go), over the same 100,000 leads
// at 20,000 companies as BenchmarkAccountsList.
func BenchmarkAccountsInboxPage(b *testing.B) {
	eachDB(b, func(b *testing.B, d *db.DB) {
		n, companies := scaleSize("ACCOUNTS_SCALE_LEADS", 100_000), scaleSize("ACCOUNTS_SCALE_COMPANIES", 20_000)
		e := newEnv(b, d)
		c := newClient(b, e.store, 0)
		fillAccounts(b, d, c.ID, n, companies)
		path := "/api/admin/clients/" + c.ID + "/leads"
		var page struct{ Leads []ClientLead }
		e.do(b, "GET", path, "", 200, &page)
		if len(page.Leads) == 0 || page.Leads[0].Account == nil {
			b.Fatalf("first page: %d leads, the first without its account", len(page.Leads))
		}
		var lat []time.Duration
		for b.Loop() {
			t := time.Now()
			if rec := httpxtest.Do(e.h, "GET", path, nil, ""); rec.Code != 200 {
				b.Fatalf("%s: %d", path, rec.Code)
			}
			lat = append(lat, time.Since(t))
		}
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	})
}
