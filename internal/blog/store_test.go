package blog

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

func newPost(title, status string, featured bool) *Post {
	return &Post{Title: title, Slug: Slugify(title), Excerpt: "x", Content: "body of " + title, Category: "sales-strategy",
		Tags: []string{"a", "b"}, AuthorName: DefaultAuthorName, AuthorRole: DefaultAuthorRole, Featured: featured,
		ReadTime: 4, Status: status}
}

func TestStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		clock := time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC)
		s.now = func() time.Time { clock = clock.Add(time.Hour); return clock }

		if got := mustPublished(t, s); len(got) != 0 {
			t.Fatalf("fresh blog has %d posts", len(got))
		}
		cats, err := s.Categories(ctx)
		if err != nil || len(cats) != 4 {
			t.Fatalf("categories = %v, %v", cats, err)
		}
		var slugs []string
		for _, c := range cats {
			slugs = append(slugs, c.Slug)
		}
		if !slices.Equal(slugs, []string{"ai-automation", "sales-strategy", "lead-generation", "case-studies"}) {
			t.Errorf("category order = %v", slugs)
		}

		old, _ := s.Create(ctx, newPost("Oldest", StatusPublished, true))
		draft, _ := s.Create(ctx, newPost("Secret Draft", StatusDraft, true))
		mid, _ := s.Create(ctx, newPost("Middle", StatusPublished, false))
		newest, err := s.Create(ctx, newPost("Newest", StatusPublished, true))
		if err != nil {
			t.Fatal(err)
		}

		pub := mustPublished(t, s)
		if len(pub) != 3 || pub[0].ID != newest.ID || pub[1].ID != mid.ID || pub[2].ID != old.ID {
			t.Fatalf("published order = %v", titles(pub))
		}
		if pub[0].Content != "" || !slices.Equal(pub[0].Tags, []string{"a", "b"}) || pub[0].ReadTime != 4 || !pub[0].Featured {
			t.Errorf("summary = %+v", pub[0])
		}
		feat, err := s.Featured(ctx, 3)
		if err != nil || len(feat) != 2 || feat[0].ID != newest.ID || feat[1].ID != old.ID {
			t.Fatalf("featured = %v, %v", titles(feat), err)
		}
		if feat, _ := s.Featured(ctx, 1); len(feat) != 1 {
			t.Errorf("featured limit 1 = %d", len(feat))
		}
		if _, err := s.PublishedBySlug(ctx, "secret-draft"); !errors.Is(err, ErrNotFound) {
			t.Errorf("draft by slug: %v", err)
		}
		got, err := s.PublishedBySlug(ctx, "middle")
		if err != nil || got.Content != "body of Middle" || got.PublishedAt.Time().IsZero() {
			t.Fatalf("by slug = %+v, %v", got, err)
		}
		all, err := s.All(ctx)
		if err != nil || len(all) != 4 || all[0].Content == "" {
			t.Fatalf("all = %v, %v", titles(all), err)
		}

		// A taken slug is refused on create and on update.
		if _, err := s.Create(ctx, newPost("Middle", StatusDraft, false)); !errors.Is(err, ErrSlugTaken) {
			t.Errorf("duplicate create: %v", err)
		}
		clash := newPost("Renamed", StatusDraft, false)
		clash.Slug = "newest"
		if _, err := s.Update(ctx, draft.ID, clash); !errors.Is(err, ErrSlugTaken) {
			t.Errorf("duplicate update: %v", err)
		}

		// Publishing a draft dates it now; later edits keep the date.
		rev1, _ := s.Revision(ctx)
		upd := newPost("Secret Draft", StatusPublished, false)
		upd.Tags = nil
		published, err := s.Update(ctx, draft.ID, upd)
		if err != nil || published.PublishedAt.Time().Before(newest.PublishedAt.Time()) {
			t.Fatalf("publish draft: %+v %v", published, err)
		}
		if rev2, _ := s.Revision(ctx); rev2 == rev1 {
			t.Error("revision unchanged by an update")
		}
		again, _ := s.Update(ctx, draft.ID, newPost("Secret Draft", StatusPublished, false))
		if !again.PublishedAt.Time().Equal(published.PublishedAt.Time()) {
			t.Errorf("publishedAt moved on edit: %v -> %v", published.PublishedAt.Time(), again.PublishedAt.Time())
		}
		if pub := mustPublished(t, s); pub[0].ID != draft.ID {
			t.Errorf("newly published post not first: %v", titles(pub))
		}
		if _, err := s.Update(ctx, "nope", newPost("X", StatusDraft, false)); !errors.Is(err, ErrNotFound) {
			t.Errorf("update unknown: %v", err)
		}

		if err := s.Delete(ctx, mid.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, mid.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("second delete: %v", err)
		}
		if len(mustPublished(t, s)) != 3 {
			t.Errorf("after delete: %v", titles(mustPublished(t, s)))
		}

		if _, err := s.CreateCategory(ctx, "Playbooks", "playbooks"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateCategory(ctx, "Again", "playbooks"); !errors.Is(err, ErrCategoryTaken) {
			t.Errorf("duplicate category: %v", err)
		}

		for i, want := range []bool{true, false} {
			created, err := s.Subscribe(ctx, "ana@acme.io")
			if err != nil || created != want {
				t.Errorf("subscribe #%d = %v, %v", i, created, err)
			}
		}
	})
}

func titles(posts []*Post) []string {
	var out []string
	for _, p := range posts {
		out = append(out, p.Title+"/"+p.Status)
	}
	return out
}

func TestSeedRunsOnceAndNeverTouchesABlog(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		log := quietLog()
		s := NewStore(d)
		ok, err := Seed(ctx, d, log)
		if err != nil || !ok {
			t.Fatalf("first seed = %v, %v", ok, err)
		}
		pub := mustPublished(t, s)
		if len(pub) != len(starterPosts) || len(pub) < 3 {
			t.Fatalf("seeded %d posts", len(pub))
		}
		for _, p := range pub {
			full, err := s.PublishedBySlug(ctx, p.Slug)
			if err != nil || len(full.Content) < 1500 || len(full.Tags) == 0 || !allCategories[full.Category] {
				t.Errorf("seed post %q: %d chars, %v", p.Title, len(full.Content), err)
			}
		}
		// Deleting every starter post must not bring them back.
		for _, p := range pub {
			_ = s.Delete(ctx, p.ID)
		}
		if ok, err := Seed(ctx, d, log); ok || err != nil {
			t.Fatalf("second seed = %v, %v", ok, err)
		}
		if n := len(mustPublished(t, s)); n != 0 {
			t.Fatalf("seed ran again: %d posts", n)
		}
	})
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := NewStore(d)
		mine, _ := s.Create(ctx, newPost("My Own Post", StatusDraft, false))
		if ok, err := Seed(ctx, d, quietLog()); ok || err != nil {
			t.Fatalf("seed over an existing blog = %v, %v", ok, err)
		}
		all, _ := s.All(ctx)
		if len(all) != 1 || all[0].ID != mine.ID {
			t.Fatalf("existing blog touched: %v", titles(all))
		}
	})
}
