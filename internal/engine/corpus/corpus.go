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
	"sync"

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
// ids and URLs, for benchmarks and load tests at sizes the corpus does not
// reach.
func Synthetic(n int) ([]engine.Post, error) {
	base, err := Posts()
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
