package search

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestSearchWindowIsByPublicationDate: the window of ranked matches is the
// newest by publication date, not the last stored. An import of old posts
// after new ones (ids grow with storing) must not push the recent posts
// out of a live search.
func TestSearchWindowIsByPublicationDate(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		now := time.Date(2026, 11, 27, 6, 0, 0, 0, time.UTC)
		day := 24 * time.Hour
		posts := []engine.Post{ // stored in this order; dates say otherwise
			{ID: "recent-1", Source: "t", Text: "Looking at Salesforce for our sales team.", PublishedAt: now.Add(-1 * day)},
			{ID: "recent-2", Source: "t", Text: "Salesforce renewal is due, comparing options.", PublishedAt: now.Add(-2 * day)},
			{ID: "undated", Source: "t", Text: "Salesforce admins wanted."},
			{ID: "import-old-1", Source: "t", Text: "Salesforce migration, Salesforce admins.", PublishedAt: now.Add(-200 * day)},
			{ID: "import-old-2", Source: "t", Text: "Salesforce pricing thread.", PublishedAt: now.Add(-300 * day)},
			{ID: "recent-other", Source: "t", Text: "Cooking pasta tonight.", PublishedAt: now},
		}
		if _, err := s.AddPosts(ctx, posts); err != nil {
			t.Fatal(err)
		}
		q := QueryFor(engine.ICP{TechStack: []string{"Salesforce"}})
		ids := func(q Query, since time.Time) string {
			t.Helper()
			got, err := s.SearchPostsSince(ctx, q, since, 10)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, p := range got {
				out = append(out, p.ID)
			}
			return strings.Join(out, ",")
		}
		if got := ids(q, time.Time{}); strings.Count(got, ",") != 4 {
			t.Errorf("whole corpus: %s, want all 5 matches", got)
		}
		s.rankWindow = 2
		if got := ids(q, time.Time{}); got != "recent-1,recent-2" && got != "recent-2,recent-1" {
			t.Errorf("window of 2: %s, want the two newest by date", got)
		}
		s.rankWindow = 3 // the third newest is the newer import; the undated post sorts last
		if got := ids(q, time.Time{}); strings.Contains(got, "undated") || !strings.Contains(got, "import-old-1") {
			t.Errorf("window of 3: %s, want the recent two and import-old-1", got)
		}
		s.rankWindow = 5 // window reaches the undated post, the oldest in date order
		if got := ids(q, time.Time{}); !strings.Contains(got, "undated") || strings.Count(got, ",") != 4 {
			t.Errorf("window of 5: %s, want all five", got)
		}
		s.rankWindow = rankWindow
		since := now.Add(-30 * day)
		if got := ids(q, since); got != "recent-1,recent-2" && got != "recent-2,recent-1" {
			t.Errorf("since 30 days: %s, want the two recent matches (undated and old ones are outside)", got)
		}
		s.rankWindow = 1
		if got := ids(q, since); got != "recent-1" {
			t.Errorf("since 30 days, window of 1: %s, want recent-1", got)
		}
		if got := ids(Query{}, since); got != "recent-other,recent-1,recent-2" {
			t.Errorf("no terms, since 30 days: %s, want the recent posts newest first", got)
		}
		if got := ids(Query{}, time.Time{}); !strings.HasSuffix(got, ",undated") {
			t.Errorf("no terms: %s, want the undated post last", got)
		}
	})
}

// TestSearchPlanUsesIndexes: on a table large enough for the planner to
// prefer indexes, a search reads posts only through its indexes (the GIN
// or FTS5 index, the published_at index, the primary key), never by a
// full scan of posts: a full scan makes a search's cost grow with the
// corpus (docs/performance-log.md, "Search cost against corpus size").
func TestSearchPlanUsesIndexes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		fillPlanPosts(t, d, 30_000)
		s.rankWindow = 2_000
		broad := QueryFor(engine.ICP{TechStack: []string{"Salesforce"}, TargetTitles: []string{"VP Sales"}}) // a fifth of the posts
		rare := QueryFor(engine.ICP{Competitors: []string{"Tipalti"}})                                       // 30 posts
		since := time.Now().Add(-30 * 24 * time.Hour)
		for _, tc := range []struct {
			name  string
			q     Query
			since time.Time
		}{{"broad", broad, time.Time{}}, {"rare", rare, time.Time{}}, {"broad since", broad, since}, {"rare since", rare, since}} {
			plan := searchPlan(t, s, tc.q, tc.since, 50)
			t.Logf("%s:\n%s", tc.name, plan)
			if d.Dialect == db.Postgres {
				if strings.Contains(plan, "Seq Scan on posts") || !strings.Contains(plan, "posts_pkey") {
					t.Errorf("%s: plan scans posts or does not fetch by primary key:\n%s", tc.name, plan)
				}
				if !strings.Contains(plan, "posts_published_id") && !strings.Contains(plan, "posts_search") {
					t.Errorf("%s: plan uses neither the published_at nor the GIN index:\n%s", tc.name, plan)
				}
				continue
			}
			for _, line := range strings.Split(plan, "\n") {
				if strings.Contains(line, "SCAN posts") && !strings.Contains(line, "INDEX") {
					t.Errorf("%s: full scan of posts:\n%s", tc.name, plan)
				}
				if strings.Contains(line, "VIRTUAL TABLE INDEX") && strings.Contains(line, ":=") {
					t.Errorf("%s: FTS5 probed by rowid, one full-text query per post:\n%s", tc.name, plan)
				}
			}
			if !strings.Contains(plan, "posts_published_id") || !strings.Contains(plan, "SCAN posts_fts VIRTUAL TABLE") {
				t.Errorf("%s: plan does not use the published_at and full-text indexes:\n%s", tc.name, plan)
			}
		}
		// And the searches themselves answer from the same plans.
		got, err := s.SearchPostsSince(ctx, rare, time.Time{}, 50)
		if err != nil || len(got) != 30 {
			t.Fatalf("rare search: %d posts, %v; want 30", len(got), err)
		}
		if got, err := s.SearchPostsSince(ctx, broad, since, 50); err != nil || len(got) != 50 {
			t.Fatalf("broad search since: %d posts, %v; want 50", len(got), err)
		}
	})
}

// fillPlanPosts adds n posts in one statement (the store's AddPosts would
// take seconds): every fifth names Salesforce, every thousandth Tipalti,
// dated a minute apart back from now, then refreshes the statistics.
func fillPlanPosts(t *testing.T, d *db.DB, n int) {
	t.Helper()
	ctx := context.Background()
	text := `CASE WHEN i % 1000 = 0 THEN 'switching off tipalti' WHEN i % 5 = 0 THEN 'our vp sales wants salesforce'
		ELSE 'cooking pasta tonight with friends ' || i END`
	var q string
	if d.Dialect == db.Postgres {
		q = `INSERT INTO posts (source, external_id, title, body, published_at, data, created_at)
			SELECT 'plan', i::text, '', ` + text + `, now() - i * interval '1 minute',
				json_build_object('id', i::text, 'source', 'plan', 'text', ` + text + `)::text, now()
			FROM generate_series(1, $1) AS i`
	} else {
		q = `WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < ?)
			INSERT INTO posts (source, external_id, title, body, published_at, data, created_at)
			SELECT 'plan', CAST(i AS TEXT), '', ` + text + `, strftime('%Y-%m-%dT%H:%M:%S.000000000Z', 'now', '-' || i || ' minutes'),
				json_object('id', CAST(i AS TEXT), 'source', 'plan', 'text', ` + text + `), strftime('%Y-%m-%dT%H:%M:%S.000000000Z', 'now')
			FROM g`
	}
	if _, err := d.Writer.ExecContext(ctx, q, n); err != nil {
		t.Fatal(err)
	}
	analyze := `ANALYZE`
	if d.Dialect == db.Postgres {
		analyze = `VACUUM ANALYZE posts` // as autovacuum would: flushes the GIN pending list
	}
	if _, err := d.Writer.ExecContext(ctx, analyze); err != nil {
		t.Fatal(err)
	}
}

// searchPlan is the plan of every statement SearchPostsSince runs for q.
func searchPlan(t *testing.T, s *Store, q Query, since time.Time, limit int) string {
	t.Helper()
	ctx := context.Background()
	bound, boundArg := "", []any{}
	if !since.IsZero() {
		bound, boundArg = ` AND published_at >= ?`, []any{s.d.TimeArg(since)}
	}
	var out []string
	explain := func(prefix, sqlText string, args ...any) {
		rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(prefix+sqlText), args...)
		if err != nil {
			t.Fatalf("%s%s: %v", prefix, sqlText, err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprint(vals[len(vals)-1]))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	if s.d.Dialect == db.Postgres {
		sqlText, args := s.postgresSearch(q, bound, boundArg, limit)
		explain("EXPLAIN ", sqlText, args...)
		return strings.Join(out, "\n")
	}
	explain("EXPLAIN QUERY PLAN ", fmt.Sprintf(sqliteSearch, bound),
		append(append([]any{q.FTS5()}, boundArg...), s.rankWindow, q.FTS5(), limit)...)
	return strings.Join(out, "\n")
}
