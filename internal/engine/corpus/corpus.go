// Package corpus embeds the bundled default posts: about 1,200 fictional
// but realistic posts from several platforms (reddit, hackernews,
// linkedin, x, forums, slack, indiehackers, news) covering the five signal
// types, plenty of non-signals and hard negatives, some with emails and
// LinkedIn URLs. A fresh install finds leads offline from it.
//
// The file is written by the generator in ./gen; regenerate with
// `go generate ./internal/engine/corpus`.
package corpus

//go:generate go run ./gen -o posts.jsonl.gz

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

//go:embed posts.jsonl.gz
var compressed []byte

var (
	once  sync.Once
	posts []engine.Post
	err   error
)

// Posts returns the bundled posts. The slice is shared: callers must not
// modify it.
func Posts() ([]engine.Post, error) {
	once.Do(func() { posts, err = decode(compressed) })
	return posts, err
}

func decode(b []byte) ([]engine.Post, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	var out []engine.Post
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		var p engine.Post
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			return nil, fmt.Errorf("corpus line %d: %w", len(out)+1, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	return out, nil
}

// Synthetic returns n posts made by cycling the bundled corpus with fresh
// ids and URLs, dated as Fresh dates them (live now), for benchmarks and
// load tests at sizes the corpus does not reach.
func Synthetic(n int) ([]engine.Post, error) {
	base, err := Fresh(time.Now())
	if err != nil {
		return nil, err
	}
	out := make([]engine.Post, n)
	for i := range out {
		p := base[i%len(base)]
		p.ID = fmt.Sprintf("s%07d", i)
		p.URL = fmt.Sprintf("%s#s%d", p.URL, i)
		out[i] = p
	}
	return out, nil
}

// Window is the span of days the bundled posts are spread over by Fresh.
const Window = 28 * 24 * time.Hour

// Fresh returns a copy of the bundled posts re-dated into the Window
// before now, in their original order of dates (the newest an hour before
// now), so that a fresh install's searches find live signals: the offline
// demo stays inside LEAD_MAX_AGE (README, "The bundled corpus").
func Fresh(now time.Time) ([]engine.Post, error) {
	base, err := Posts()
	if err != nil {
		return nil, err
	}
	out := slices.Clone(base)
	redate(out, now)
	return out, nil
}

// redate maps the posts' dates linearly from their span onto
// [now-Window, now-1h].
func redate(posts []engine.Post, now time.Time) {
	var lo, hi time.Time
	for _, p := range posts {
		if p.PublishedAt.IsZero() {
			continue
		}
		if lo.IsZero() || p.PublishedAt.Before(lo) {
			lo = p.PublishedAt
		}
		if p.PublishedAt.After(hi) {
			hi = p.PublishedAt
		}
	}
	end := now.Add(-time.Hour).UTC()
	start := now.Add(-Window).UTC()
	span := hi.Sub(lo)
	for i := range posts {
		t := posts[i].PublishedAt
		if t.IsZero() || span <= 0 {
			posts[i].PublishedAt = end
			continue
		}
		frac := float64(t.Sub(lo)) / float64(span)
		posts[i].PublishedAt = start.Add(time.Duration(frac * float64(end.Sub(start)))).Truncate(time.Second)
	}
}
