package enrich

import (
	"context"
	"sync"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// CheckAll checks addresses concurrently (Workers at once) within Budget,
// answering in input order. An address whose domain has not answered when
// the budget runs out comes back Unchecked; the others keep their result,
// so a slow domain costs a search at most Budget.
func (v *Verifier) CheckAll(ctx context.Context, addrs []string) []engine.EmailCheck {
	v.init()
	out := make([]engine.EmailCheck, len(addrs))
	if len(addrs) == 0 {
		return out
	}
	ctx, cancel := context.WithTimeout(ctx, v.Budget)
	defer cancel()
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(v.Workers, len(addrs)) {
		wg.Go(func() {
			for i := range next {
				out[i] = v.Check(ctx, addrs[i])
			}
		})
	}
	// Past the deadline the workers keep going: what needs no DNS (syntax,
	// role, disposable, a cached domain) is still answered, at once.
	for i := range addrs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
