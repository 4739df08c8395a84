package search

import (
	"context"
	"fmt"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// DefaultSourceTimeout bounds one live source's answer within a search or
// an agent run.
const DefaultSourceTimeout = 30 * time.Second

// sourceGrace is how long past its timeout a source may take to return the
// error its ended context gave it.
const sourceGrace = 100 * time.Millisecond

// Answer is one live source's answer to Ask.
type Answer struct {
	Source string
	Posts  []engine.Post
	Err    error
	// Late is set when the source had not answered within its timeout;
	// Err says so.
	Late bool
}

// Ask asks every source for q at once, each within timeout, and returns
// wait, which gives every source's answer, in sources' order, no later
// than timeout (+100 ms) after Ask was called: a source that has not
// answered by then gets a Late answer, even when its connector ignores its
// context, so one source hanging never delays the others or the caller by
// more than its own timeout (docs/clients.md §3). The caller may do its own
// work (read the index) between Ask and wait.
func Ask(ctx context.Context, sources []Source, q Query, limit int, timeout time.Duration) (wait func() []Answer) {
	if timeout <= 0 {
		timeout = DefaultSourceTimeout
	}
	type indexed struct {
		i int
		a Answer
	}
	in := make(chan indexed, len(sources)) // buffered: a late answer never blocks its goroutine
	for i, src := range sources {
		go func() {
			sctx, cancel := context.WithTimeout(ctx, timeout)
			defer cancel()
			posts, err := src.Find(sctx, q, limit)
			if err != nil {
				posts = nil
			}
			in <- indexed{i, Answer{Source: src.Name(), Posts: posts, Err: err}}
		}()
	}
	deadline := time.Now().Add(timeout + sourceGrace)
	return func() []Answer {
		out := make([]Answer, len(sources))
		got := make([]bool, len(sources))
		timer := time.NewTimer(time.Until(deadline))
		defer timer.Stop()
	collect:
		for n := 0; n < len(sources); n++ {
			select {
			case r := <-in:
				out[r.i], got[r.i] = r.a, true
			case <-timer.C:
				break collect
			}
		}
		for i, src := range sources {
			if !got[i] {
				out[i] = Answer{Source: src.Name(), Late: true, Err: fmt.Errorf("%s did not answer within %s", src.Name(), timeout)}
			}
		}
		return out
	}
}
