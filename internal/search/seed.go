package search

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine/corpus"
)

// MetaCorpusLoaded records when the bundled corpus was loaded.
const MetaCorpusLoaded = "corpus_loaded_at"

// MetaCorpusDated records when the bundled corpus's posts were dated into
// the days before it (corpus.Fresh): at loading, or once on the first start
// after an upgrade for a database loaded before posts had fresh dates.
const MetaCorpusDated = "corpus_dated_at"

// SeedCorpus loads the bundled posts into the index on a database's first
// start, once ever: after that (even if posts are deleted) it does nothing.
// Loading is idempotent, so instances racing on a fresh database are safe;
// the mark is written only after a complete load, so a failed one is
// retried on the next start. It reports how many posts were added.
func SeedCorpus(ctx context.Context, d *db.DB, log *slog.Logger) (int, error) {
	if _, err := d.GetMeta(ctx, MetaCorpusLoaded); err == nil {
		return 0, redateCorpus(ctx, d, log)
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
	now := time.Now().UTC().Format(time.RFC3339)
	if _, err := d.SetMetaOnce(ctx, MetaCorpusDated, now); err != nil {
		return n, err
	}
	if _, err := d.SetMetaOnce(ctx, MetaCorpusLoaded, now); err != nil {
		return n, err
	}
	log.Info("loaded the bundled corpus into the search index", "posts", n)
	return n, nil
}

// redateCorpus gives the bundled posts of a database loaded before they
// were dated fresh (posts ten months old yield no lead under LEAD_MAX_AGE)
// the dates a fresh install gives them, once, in one transaction. Posts
// other than the bundled ones are not touched.
func redateCorpus(ctx context.Context, d *db.DB, log *slog.Logger) error {
	if _, err := d.GetMeta(ctx, MetaCorpusDated); err == nil {
		return nil
	} else if !errors.Is(err, db.ErrNotFound) {
		return err
	}
	posts, err := corpus.Fresh(time.Now())
	if err != nil {
		return fmt.Errorf("re-date corpus: %w", err)
	}
	tx, err := d.Writer.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("re-date corpus: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	stmt, err := tx.PrepareContext(ctx, d.Rebind(`UPDATE posts SET published_at = ?, data = ? WHERE source = ? AND external_id = ?`))
	if err != nil {
		return fmt.Errorf("re-date corpus: %w", err)
	}
	defer stmt.Close()
	n := 0
	for i := range posts {
		p := &posts[i]
		data, err := json.Marshal(p)
		if err != nil {
			return fmt.Errorf("re-date corpus: %w", err)
		}
		res, err := stmt.ExecContext(ctx, d.TimeArg(p.PublishedAt), string(data), p.Source, p.ID)
		if err != nil {
			return fmt.Errorf("re-date corpus post %s: %w", p.ID, err)
		}
		if k, _ := res.RowsAffected(); k > 0 {
			n++
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("re-date corpus: %w", err)
	}
	if _, err := d.SetMetaOnce(ctx, MetaCorpusDated, time.Now().UTC().Format(time.RFC3339)); err != nil {
		return err
	}
	log.Info("dated the bundled corpus into the days before now", "posts", n)
	return nil
}
