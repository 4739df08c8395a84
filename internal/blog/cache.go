package blog

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// listCache holds the published list, encoded once per blog revision, so
// the hot public list costs one primary-key lookup per request instead of a
// query, a JSON encoding and a compression of every post. The revision lives
// in the database, so a write on any instance invalidates every instance's
// cache.
//
// Between revision checks the entry is trusted for revalidateAfter: a write
// through this instance invalidates it at once, a write through another
// instance shows here within that time.
type listCache struct {
	store *Store

	mu        sync.Mutex
	rev       string
	entry     *listEntry
	checkedAt time.Time

	fresh atomic.Pointer[freshEntry] // lock-free fast path
}

// revalidateAfter is how long a checked entry is served without asking the
// database for the revision again.
const revalidateAfter = time.Second

type freshEntry struct {
	entry *listEntry
	until time.Time
}

// listEntry is the published list at one revision.
type listEntry struct {
	posts []*Post
	body  []byte // JSON array
	gz    []byte // body, gzip-compressed
	etag  string
	// query is the POST /api/query answer for blogPosts:getPublished.
	query []byte
}

// published returns the current published list, reloading it when the
// revision changed. Reading the revision before the list means a cached
// list is never older than its revision.
func (c *listCache) published(ctx context.Context) (*listEntry, error) {
	if f := c.fresh.Load(); f != nil && time.Now().Before(f.until) {
		return f.entry, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if f := c.fresh.Load(); f != nil && time.Now().Before(f.until) {
		return f.entry, nil // another request revalidated meanwhile
	}
	rev, err := c.store.Revision(ctx)
	if err != nil {
		return nil, err
	}
	if c.entry != nil && c.rev == rev {
		c.fresh.Store(&freshEntry{entry: c.entry, until: time.Now().Add(revalidateAfter)})
		return c.entry, nil
	}
	posts, err := c.store.Published(ctx)
	if err != nil {
		return nil, err
	}
	e, err := encodeList(posts, rev)
	if err != nil {
		return nil, err
	}
	c.rev, c.entry = rev, e
	c.fresh.Store(&freshEntry{entry: e, until: time.Now().Add(revalidateAfter)})
	return e, nil
}

// invalidate makes the next read check the revision (after a write here).
func (c *listCache) invalidate() { c.fresh.Store(nil) }

func encodeList(posts []*Post, rev string) (*listEntry, error) {
	body, err := json.Marshal(posts)
	if err != nil {
		return nil, fmt.Errorf("encode posts: %w", err)
	}
	body = append(body, '\n')
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(body)
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("compress posts: %w", err)
	}
	query := append([]byte(`{"status":"success","value":`), bytes.TrimSpace(body)...)
	query = append(query, "}\n"...)
	return &listEntry{posts: posts, body: body, gz: buf.Bytes(), etag: `"blog-` + rev + `"`, query: query}, nil
}
