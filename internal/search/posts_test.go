package search

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/corpus"
)

func TestQueryFor(t *testing.T) {
	q := QueryFor(engine.ICP{TargetTitles: []string{"VP Sales", "vp  sales", `"drop" OR x*`}, TechStack: []string{"C++"},
		Industries: []string{""}})
	// The user's OR is dropped as a word (see cleanTerm), never passed on as syntax.
	if got := strings.Join(q.Terms, "|"); got != "vp sales|drop x|c" {
		t.Fatalf("terms %q", got)
	}
	if q.FTS5() != `("vp" "sales") OR ("drop" "x") OR ("c")` || q.Websearch() != `vp sales or drop x or c` {
		t.Fatalf("rendered %q / %q", q.FTS5(), q.Websearch())
	}
	if !QueryFor(engine.ICP{}).Empty() {
		t.Fatal("empty ICP should give an empty query")
	}
}

func TestPostsStoredOnceAndSearched(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		posts := []engine.Post{
			{ID: "1", Source: "t", Title: "Evaluating Salesforce alternatives", Text: "Our team is migrating off it."},
			{ID: "2", Source: "t", Text: "We are hiring engineers", AuthorTitle: "VP Sales", Company: "Brightwell"},
			{ID: "3", Source: "t", Text: "Nothing to see here about cooking."},
		}
		n, err := s.AddPosts(ctx, posts)
		if err != nil || n != 3 {
			t.Fatalf("AddPosts = %d, %v", n, err)
		}
		if n, err := s.AddPosts(ctx, posts[:2]); err != nil || n != 0 {
			t.Fatalf("second AddPosts = %d, %v; want 0 (stored once)", n, err)
		}
		for _, tc := range []struct {
			icp  engine.ICP
			want string
		}{
			{engine.ICP{TechStack: []string{"salesforce"}}, "1"},
			{engine.ICP{TargetTitles: []string{"VP Sales"}}, "2"},        // found through the author's title
			{engine.ICP{TargetTitles: []string{"sales engineers"}}, "2"}, // words in any order and place
			{engine.ICP{Competitors: []string{"migrate"}}, "1"},          // stemming: migrating
			{engine.ICP{PainPoints: []string{"nonexistentword"}}, ""},
			// "or" inside a phrase is no operator on either engine: both
			// require the other words (PostgreSQL once matched 2 and 3).
			{engine.ICP{PainPoints: []string{"hiring or cooking"}}, ""},
		} {
			got, err := s.SearchPosts(ctx, QueryFor(tc.icp), 10)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, p := range got {
				ids = append(ids, p.ID)
			}
			if strings.Join(ids, ",") != tc.want {
				t.Errorf("%v: got %v, want %q", tc.icp, ids, tc.want)
			}
		}
		all, err := s.SearchPosts(ctx, Query{}, 10)
		if err != nil || len(all) != 3 {
			t.Fatalf("empty query: %d, %v", len(all), err)
		}
	})
}

func TestSeedCorpusOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		want, _ := corpus.Posts()
		n, err := SeedCorpus(ctx, d, quiet())
		if err != nil || n != len(want) {
			t.Fatalf("first seed: %d, %v (corpus %d)", n, err, len(want))
		}
		if _, err := d.Writer.Exec(`DELETE FROM posts`); err != nil {
			t.Fatal(err)
		}
		if n, err := SeedCorpus(ctx, d, quiet()); err != nil || n != 0 {
			t.Fatalf("second seed: %d, %v; want nothing", n, err)
		}
	})
}

// A database loaded before the corpus had fresh dates (its posts as
// bundled, months old) is re-dated once on the next start; other posts
// are not touched.
func TestSeedCorpusRedatesAnOldLoad(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		old, _ := corpus.Posts()
		s := NewStore(d)
		mine := engine.Post{ID: "mine", Source: "import", Text: "An old post of mine", PublishedAt: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)}
		if _, err := s.AddPosts(ctx, append(slices.Clone(old), mine)); err != nil {
			t.Fatal(err)
		}
		if err := d.SetMeta(ctx, MetaCorpusLoaded, "2026-02-10T00:00:00Z"); err != nil {
			t.Fatal(err)
		}
		before, _ := s.NewestPostAt(ctx)
		if n, err := SeedCorpus(ctx, d, quiet()); err != nil || n != 0 {
			t.Fatalf("seed: %d %v", n, err)
		}
		after, err := s.NewestPostAt(ctx)
		if err != nil || time.Since(after) > 2*time.Hour || !after.After(before) {
			t.Fatalf("newest post before %s, after %s (%v)", before, after, err)
		}
		recent, err := s.SearchPosts(ctx, Query{}, len(old)+1)
		if err != nil || len(recent) != len(old)+1 {
			t.Fatalf("%d posts, %v", len(recent), err)
		}
		for _, p := range recent {
			if p.ID == "mine" && !p.PublishedAt.Equal(mine.PublishedAt) {
				t.Errorf("an imported post was re-dated: %s", p.PublishedAt)
			}
			if p.Source == "corpus" && time.Since(p.PublishedAt) > corpus.Window+time.Hour {
				t.Errorf("corpus post %s still dated %s", p.ID, p.PublishedAt)
			}
		}
		if recent[len(recent)-1].ID != "mine" {
			t.Errorf("the oldest post is %s, want mine", recent[len(recent)-1].ID)
		}
	})
}

// TestSearchRanksTheNewestMatches: the index ranks the best matches among
// the newest rankWindow matching posts only, so a search's cost stays flat
// as the corpus grows.
func TestSearchRanksTheNewestMatches(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		posts := []engine.Post{
			{ID: "old-strong", Source: "t", Title: "Salesforce", Text: "Salesforce admins: Salesforce migration tips."},
			{ID: "mid", Source: "t", Text: "We are looking at a new CRM, maybe Salesforce, for the sales team next year."},
			{ID: "new", Source: "t", Text: "Hiring a Salesforce admin for our growing revenue operations team in Toronto."},
			{ID: "newest-other", Source: "t", Text: "Cooking pasta tonight."},
		}
		if _, err := s.AddPosts(ctx, posts); err != nil {
			t.Fatal(err)
		}
		q := QueryFor(engine.ICP{TechStack: []string{"Salesforce"}})
		ids := func() string {
			got, err := s.SearchPosts(ctx, q, 10)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, p := range got {
				out = append(out, p.ID)
			}
			return strings.Join(out, ",")
		}
		if got := ids(); !strings.HasPrefix(got, "old-strong,") || strings.Count(got, ",") != 2 {
			t.Errorf("whole corpus ranked: %s, want old-strong first of 3", got)
		}
		s.rankWindow = 2
		if got := ids(); got != "new,mid" && got != "mid,new" {
			t.Errorf("window of 2: %s, want only the two newest matches", got)
		}
	})
}

// The index is asked for the ICP's strong topical terms first: the
// competitors' spellings and what the vendor sells.
func TestQueryForAsksForRelevanceTerms(t *testing.T) {
	q := QueryFor(engine.ICP{Competitors: []string{"Bill.com"}, TargetTitles: []string{"CFO"},
		KnowledgeBase: "The vendor sells accounts-payable automation software for finance teams."})
	got := strings.Join(q.Terms, "|")
	if !strings.HasPrefix(got, "bill com|billcom|bill dot com|accounts payable") || !strings.Contains(got, "|cfo") {
		t.Fatalf("terms %q", got)
	}
}
