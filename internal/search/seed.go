package search

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine/corpus"
)

// MetaCorpusLoaded records when the bundled corpus was loaded.
const MetaCorpusLoaded = "corpus_loaded_at"

// SeedCorpus loads the bundled posts into the index on a database's first
// start, once ever: after that (even if posts are deleted) it does nothing.
// Loading is idempotent, so instances racing on a fresh database are safe;
// the mark is written only after a complete load, so a failed one is
// retried on the next start. It reports how many posts were added.
func SeedCorpus(ctx context.Context, d *db.DB, log *slog.Logger) (int, error) {
	if _, err := d.GetMeta(ctx, MetaCorpusLoaded); err == nil {
		return 0, nil
	} else if !errors.Is(err, db.ErrNotFound) {
		return 0, err
	}
	// Re-dated into the days before this first start, so the demo's
	// searches find live signals (LEAD_MAX_AGE).
	posts, err := corpus.Fresh(time.Now())
	if err != nil {
		return 0, fmt.Errorf("seed corpus: %w", err)
	}
	n, err := NewStore(d).AddPosts(ctx, posts)
	if err != nil {
		return n, fmt.Errorf("seed corpus: %w", err)
	}
	if _, err := d.SetMetaOnce(ctx, MetaCorpusLoaded, time.Now().UTC().Format(time.RFC3339)); err != nil {
		return n, err
	}
	log.Info("loaded the bundled corpus into the search index", "posts", n)
	return n, nil
}
