package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// TestPostsSince: posts after the cursor only, newest first, capped with
// more reported; a query filters; nothing new keeps the cursor.
func TestPostsSince(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, ctx := NewStore(d), context.Background()
		add := func(from, to int, text string) {
			var posts []engine.Post
			for i := from; i < to; i++ {
				posts = append(posts, engine.Post{ID: fmt.Sprint(i), Source: "t", Text: fmt.Sprintf("%s number %d", text, i)})
			}
			if _, err := s.AddPosts(ctx, posts); err != nil {
				t.Fatal(err)
			}
		}
		add(0, 5, "hiring engineers")
		posts, cursor, more, err := s.PostsSince(ctx, 0, Query{}, 3)
		if err != nil || len(posts) != 3 || !more || posts[0].ID != "4" || posts[2].ID != "2" {
			t.Fatalf("first read: %v %d %v %v", sincePostIDs(posts), cursor, more, err)
		}
		posts, next, more, err := s.PostsSince(ctx, cursor, Query{}, 3)
		if err != nil || len(posts) != 0 || more || next != cursor {
			t.Fatalf("nothing new: %v %d %v %v", sincePostIDs(posts), next, more, err)
		}
		add(5, 7, "migrating our crm")
		add(7, 8, "hiring again")
		posts, next, more, err = s.PostsSince(ctx, cursor, Query{Terms: []string{"crm"}}, 10)
		if err != nil || more || next <= cursor || fmt.Sprint(sincePostIDs(posts)) != "[6 5]" {
			t.Fatalf("query read: %v %d %v %v", sincePostIDs(posts), next, more, err)
		}
		posts, _, _, _ = s.PostsSince(ctx, cursor, Query{}, 10)
		if fmt.Sprint(sincePostIDs(posts)) != "[7 6 5]" {
			t.Errorf("all new: %v", sincePostIDs(posts))
		}
	})
}

func sincePostIDs(posts []engine.Post) []string {
	out := make([]string, len(posts))
	for i, p := range posts {
		out[i] = p.ID
	}
	return out
}
