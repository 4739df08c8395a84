package clients

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/querylang"
)

// The query preview (POST /api/admin/clients/{id}/query-preview) reads at
// most previewScan of the index's best matches for the queries' words,
// keeps those the query language passes, and answers with their count and
// the newest previewShown of them.
const (
	previewScan  = 200
	previewShown = 10
	// maxPreviewBody bounds the preview's body: MaxQueries queries of a
	// few hundred characters each.
	maxPreviewBody = 16 << 10
)

// PreviewPosts is what the query preview reads: the posts index.
type PreviewPosts interface {
	SearchPosts(ctx context.Context, q search.Query, limit int) ([]engine.Post, error)
}

// WithPreview gives the handler the posts index for the query preview and
// the per-caller rate limit of that call (nil for none), and returns h.
// Without it the preview answers 503.
func (h *Handler) WithPreview(posts PreviewPosts, limit func(http.Handler) http.Handler) *Handler {
	h.posts, h.previewLimit = posts, limit
	return h
}

// agentActionRoutes: delete, duplicate, and the query preview.
func (h *Handler) agentActionRoutes() []httpx.Route {
	admin := httpx.AccessAdmin
	return []httpx.Route{
		{Method: "DELETE", Path: "/api/admin/agents/{id}", Handler: http.HandlerFunc(h.deleteAgent), Access: admin, OperationID: "deleteAgent"},
		{Method: "POST", Path: "/api/admin/agents/{id}/duplicate", Handler: http.HandlerFunc(h.duplicateAgent), Access: admin, OperationID: "duplicateAgent"},
		{Method: "POST", Path: "/api/admin/clients/{id}/query-preview", Handler: http.HandlerFunc(h.previewQueries), Access: admin,
			BodyLimit: maxPreviewBody, RateLimit: h.previewLimit, OperationID: "previewAgentQueries"},
	}
}

func (h *Handler) deleteAgent(w http.ResponseWriter, r *http.Request) {
	if err := h.store.DeleteAgent(r.Context(), r.PathValue("id")); err != nil {
		answer(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// duplicateAgent copies an agent's settings into a new agent of the same
// client, named "<name> (copy)" and paused, so that it does not run what
// its original runs until the owner has changed and resumed it. It reads
// the index from the start, as a new agent does.
func (h *Handler) duplicateAgent(w http.ResponseWriter, r *http.Request) {
	a, err := h.store.Agent(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	name := a.Name + " (copy)"
	if utf8.RuneCountInString(name) > maxName {
		name = string([]rune(name)[:maxName])
	}
	c := &Agent{ClientID: a.ClientID, Name: name, Template: a.Template, SignalTypes: slices.Clone(a.SignalTypes),
		Queries: slices.Clone(a.Queries), Sources: slices.Clone(a.Sources), Threshold: a.Threshold, Schedule: a.Schedule, Active: false}
	if a.ICP != nil {
		p := *a.ICP
		c.ICP = &p
	}
	if err := h.store.CreateAgent(r.Context(), c); err != nil {
		answer(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, c)
}

// PreviewMatch is one post a query preview found.
type PreviewMatch struct {
	Title       string     `json:"title"`
	Text        string     `json:"text"`
	URL         string     `json:"url"`
	Source      string     `json:"source"`
	Author      string     `json:"author"`
	PublishedAt *time.Time `json:"publishedAt,omitempty"`
}

// previewQueries answers what queries match in the index now: {count,
// scanned, more, matches}. count is how many of the scanned candidates
// pass; more says the scan stopped at its cap, so there may be more.
func (h *Handler) previewQueries(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Queries []string `json:"queries"`
	}
	if !decode(w, r, &in) {
		return
	}
	if _, err := h.store.Client(r.Context(), r.PathValue("id")); err != nil {
		answer(w, r, err)
		return
	}
	if len(in.Queries) == 0 {
		answer(w, r, fieldErrors{"queries": "give at least one query"})
		return
	}
	qs, err := querylang.ParseQueries(in.Queries)
	if err != nil {
		answer(w, r, fieldErrors{"queries": err.Error()})
		return
	}
	if h.posts == nil {
		httpx.Error(w, r, http.StatusServiceUnavailable, "the posts index is not available", nil)
		return
	}
	iq := querylang.IndexQuery(qs)
	if iq.Empty() {
		answer(w, r, fieldErrors{"queries": "the queries have no words to look for"})
		return
	}
	posts, err := h.posts.SearchPosts(r.Context(), iq, previewScan)
	if err != nil {
		answer(w, r, fmt.Errorf("query preview: %w", err))
		return
	}
	matches := []PreviewMatch{}
	for _, p := range posts {
		if querylang.Match(qs, p.Title+" "+p.Text) {
			m := PreviewMatch{Title: p.Title, Text: wordClip(p.Text, 280), URL: p.URL, Source: p.Source, Author: p.Author}
			if !p.PublishedAt.IsZero() {
				t := p.PublishedAt.UTC()
				m.PublishedAt = &t
			}
			matches = append(matches, m)
		}
	}
	// Newest first; undated posts last.
	slices.SortStableFunc(matches, func(x, y PreviewMatch) int {
		switch {
		case x.PublishedAt == nil && y.PublishedAt == nil:
			return 0
		case x.PublishedAt == nil:
			return 1
		case y.PublishedAt == nil:
			return -1
		}
		return cmp.Compare(y.PublishedAt.UnixNano(), x.PublishedAt.UnixNano())
	})
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"count": len(matches), "scanned": len(posts), "more": len(posts) == previewScan,
		"matches": matches[:min(len(matches), previewShown)]})
}

// wordClip is s cut to at most n runes, on a word boundary, with an ellipsis.
func wordClip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n
	for cut > n/2 && r[cut] != ' ' {
		cut--
	}
	return string(r[:cut]) + "…"
}
