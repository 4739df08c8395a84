package blog

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

var jsonCT = map[string]string{"Content-Type": "application/json"}

// newTestHandler serves a fresh blog on d with admin routes unprotected
// (the session checks are tested through the full server chain).
func newTestHandler(t *testing.T, d *db.DB) (*Handler, http.Handler) {
	t.Helper()
	h := NewHandler(NewStore(d), Options{BaseURL: "https://sp.example"})
	mux := http.NewServeMux()
	httpx.MountMux(mux, httpx.Guards{Admin: func(next http.Handler) http.Handler { return next }}, h.Routes()...)
	return h, mux
}

// mustCreate creates a post through the admin API and returns it.
func mustCreate(t *testing.T, h http.Handler, body map[string]any) Post {
	t.Helper()
	rec := httpxtest.Do(h, "POST", "/api/admin/blog/posts", jsonCT, toJSON(t, body))
	if rec.Code != 201 {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	var p Post
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func post(title string, kv ...any) map[string]any {
	m := map[string]any{"title": title, "excerpt": "About " + title, "content": "Line one of " + title + "\nLine two"}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func toJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustPublished(t *testing.T, s *Store) []*Post {
	t.Helper()
	posts, err := s.Published(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return posts
}

func quietLog() *slog.Logger { return slog.New(slog.DiscardHandler) }
