package hackernews

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
)

// officialLists are the official API's lists of recent items the fallback
// reads: new stories, Ask HN (where buyers ask for tools) and job posts
// (hiring signals).
var officialLists = []string{"newstories", "askstories", "jobstories"}

// officialItem is an item of the official API (GET /v0/item/{id}.json).
type officialItem struct {
	ID      int64  `json:"id"`
	Type    string `json:"type"`
	By      string `json:"by"`
	Time    int64  `json:"time"`
	Title   string `json:"title"`
	Text    string `json:"text"`
	Deleted bool   `json:"deleted"`
	Dead    bool   `json:"dead"`
}

// official reads the newest items of the official API (up to MaxItems,
// Concurrency requests at a time) and keeps those matching q, newest
// first. It fails only when no list or no item could be read.
func (c *Client) official(ctx context.Context, q search.Query, limit int) ([]engine.Post, error) {
	ids, err := c.recentIDs(ctx)
	if err != nil {
		return nil, err
	}
	items, err := c.fetchItems(ctx, ids)
	if err != nil {
		return nil, err
	}
	var posts []engine.Post
	for _, it := range items {
		if p, ok := it.post(); ok && q.Matches(p.Title+"\n"+p.Text) {
			posts = append(posts, p)
		}
	}
	return mergeNewest(posts, nil, limit), nil
}

// recentIDs merges the lists, newest (highest id) first, up to MaxItems.
func (c *Client) recentIDs(ctx context.Context) ([]int64, error) {
	seen := map[int64]bool{}
	var ids []int64
	var errs []error
	for _, list := range officialLists {
		var got []int64
		if err := c.getJSON(ctx, c.APIURL+"/v0/"+list+".json", &got); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", list, err))
			continue
		}
		for _, id := range got {
			if id > 0 && !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	if len(errs) == len(officialLists) {
		return nil, errors.Join(errs...)
	}
	slices.SortFunc(ids, func(a, b int64) int { return cmp.Compare(b, a) })
	return ids[:min(len(ids), c.MaxItems)], nil
}

// fetchItems reads the items with at most Concurrency requests in flight.
// An item that cannot be read is skipped; all failing is an error.
func (c *Client) fetchItems(ctx context.Context, ids []int64) ([]officialItem, error) {
	out := make([]*officialItem, len(ids))
	failed := 0
	var firstErr error
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, c.Concurrency))
	for i, id := range ids {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return nil, ctx.Err()
		}
		wg.Go(func() {
			defer func() { <-sem }()
			var it *officialItem // the API answers null for unknown ids
			err := c.getJSON(ctx, c.APIURL+"/v0/item/"+strconv.FormatInt(id, 10)+".json", &it)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed++
				firstErr = cmp.Or(firstErr, err)
				return
			}
			out[i] = it
		})
	}
	wg.Wait()
	if len(ids) > 0 && failed == len(ids) {
		return nil, fmt.Errorf("hackernews: no item could be read: %w", firstErr)
	}
	var items []officialItem
	for _, it := range out {
		if it != nil {
			items = append(items, *it)
		}
	}
	return items, nil
}

// post turns an item into a post like an Algolia hit's; ok is false for
// deleted, dead or empty items and for comments and polls.
func (it officialItem) post() (engine.Post, bool) {
	if it.ID <= 0 || it.Deleted || it.Dead || (it.Type != "story" && it.Type != "job") {
		return engine.Post{}, false
	}
	title, body := text(it.Title), text(it.Text)
	if title == "" && body == "" {
		return engine.Post{}, false
	}
	id := strconv.FormatInt(it.ID, 10)
	p := engine.Post{ID: id, Source: Name, Platform: Name, Author: it.By, Title: title, Text: body,
		URL: "https://news.ycombinator.com/item?id=" + id}
	if body == "" {
		p.Text = title
	}
	if it.Time > 0 {
		p.PublishedAt = time.Unix(it.Time, 0).UTC()
	}
	return p, true
}

// mergeNewest joins two lists of posts, drops repeats (Algolia's objectID
// is the HN item id, so both APIs name an item alike), sorts newest first
// and keeps limit.
func mergeNewest(a, b []engine.Post, limit int) []engine.Post {
	seen := map[string]bool{}
	var out []engine.Post
	for _, p := range append(slices.Clone(a), b...) {
		if !seen[p.ID] {
			seen[p.ID] = true
			out = append(out, p)
		}
	}
	slices.SortStableFunc(out, func(x, y engine.Post) int { return y.PublishedAt.Compare(x.PublishedAt) })
	return out[:min(len(out), limit)]
}
