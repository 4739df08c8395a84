package search

import (
	"context"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/corpus"
)

func TestURLKey(t *testing.T) {
	same := []string{
		"https://blog.example/series-a",
		"HTTP://Blog.Example/series-a/",
		"https://www.blog.example:443/series-a#comments",
		"https://blog.example/series-a?utm_source=newsletter&utm_medium=email&fbclid=x1",
		"https://blog.example./series-a?ref=hn",
	}
	for _, u := range same {
		if got := URLKey(u); got != "blog.example/series-a" {
			t.Errorf("URLKey(%q) = %q", u, got)
		}
	}
	for u, want := range map[string]string{
		"https://news.ycombinator.com/item?id=42":       "news.ycombinator.com/item?id=42",
		"https://shop.example/p?b=2&a=1&utm_campaign=x": "shop.example/p?a=1&b=2",
		"https://blog.example/Series-A":                 "blog.example/Series-A", // paths are case-sensitive
		"http://127.0.0.1:8080/a":                       "127.0.0.1:8080/a",
		"https://blog.example/":                         "blog.example",
		"":                                              "",
		"mailto:dana@finops.example":                    "",
		"/relative/path":                                "",
		"ftp://files.example/a":                         "",
	} {
		if got := URLKey(u); got != want {
			t.Errorf("URLKey(%q) = %q, want %q", u, got, want)
		}
	}
}

// The same post found by two sources (same page, different tracking
// parameters) is stored once; posts without a URL are never merged.
func TestSamePostFromTwoSourcesStoredOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		n, err := s.AddPosts(ctx, []engine.Post{
			{ID: "f1", Source: "rss", URL: "https://blog.example/series-a", Text: "We raised our Series A"},
			{ID: "x1", Source: "exa", URL: "https://www.blog.example/series-a/?utm_source=exa#top", Text: "Lumora raised a Series A"},
			{ID: "n1", Source: "rss", Text: "no url"},
			{ID: "n2", Source: "exa", Text: "no url either"},
		})
		if err != nil || n != 3 {
			t.Fatalf("AddPosts = %d, %v; want 3 (the second copy skipped)", n, err)
		}
		// Across runs too, and a source's own id still counts.
		n, err = s.AddPosts(ctx, []engine.Post{
			{ID: "h1", Source: "hackernews", URL: "http://BLOG.example/series-a?ref=hn", Text: "Lumora raised"},
			{ID: "f1", Source: "rss", URL: "https://blog.example/other", Text: "same id, new url"},
			{ID: "f2", Source: "rss", URL: "https://blog.example/next", Text: "a new post"},
		})
		if err != nil || n != 1 {
			t.Fatalf("second AddPosts = %d, %v; want 1", n, err)
		}
		if c, _ := s.CountPosts(ctx); c != 4 {
			t.Fatalf("%d posts stored, want 4", c)
		}
	})
}

// Rows stored before migration 00017 have no key; the backfill keys them
// oldest first, and a later duplicate of an older row's URL stays stored
// with no key instead of failing the unique index.
func TestBackfillURLKeys(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		if _, err := s.AddPosts(ctx, []engine.Post{
			{ID: "a", Source: "rss", URL: "https://blog.example/a", Text: "one"},
			{ID: "b", Source: "exa", URL: "https://blog.example/a?utm_medium=x", Text: "two"}, // skipped now
			{ID: "c", Source: "exa", URL: "https://blog.example/c", Text: "three"},
		}); err != nil {
			t.Fatal(err)
		}
		// As before the migration: two rows of one URL, no keys.
		if _, err := d.Writer.ExecContext(ctx, d.Rebind(`INSERT INTO posts (source, external_id, url, title, body, data, created_at)
			SELECT 'old', 'o1', 'https://www.blog.example/c/', '', 'old', '{}', created_at FROM posts WHERE external_id = 'c'`)); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Writer.ExecContext(ctx, `UPDATE posts SET url_key = NULL`); err != nil {
			t.Fatal(err)
		}
		n, err := s.BackfillURLKeys(ctx, 0)
		if err != nil || n != 3 {
			t.Fatalf("backfilled %d, %v", n, err)
		}
		var keyed, empty int
		if err := d.Reader.QueryRowContext(ctx, `SELECT
			SUM(CASE WHEN url_key <> '' THEN 1 ELSE 0 END), SUM(CASE WHEN url_key = '' THEN 1 ELSE 0 END) FROM posts`).Scan(&keyed, &empty); err != nil {
			t.Fatal(err)
		}
		if keyed != 2 || empty != 1 {
			t.Fatalf("%d keyed, %d without a key; want 2, 1", keyed, empty)
		}
		if n, err := s.BackfillURLKeys(ctx, 0); err != nil || n != 0 {
			t.Fatalf("second backfill %d, %v", n, err)
		}
		if added, _ := s.AddPosts(ctx, []engine.Post{{ID: "z", Source: "rss", URL: "https://blog.example/c", Text: "again"}}); added != 0 {
			t.Fatal("a backfilled key must keep new copies out")
		}
	})
}

// The bundled corpus keeps every post: no two of its posts share a URL key.
func TestCorpusURLsAreDistinct(t *testing.T) {
	posts, err := corpus.Posts()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, p := range posts {
		k := URLKey(p.URL)
		if k == "" {
			continue
		}
		if other, dup := seen[k]; dup {
			t.Fatalf("posts %s and %s share URL key %q", other, p.ID, k)
		}
		seen[k] = p.ID
	}
}
