package search

import (
	"bufio"
	"compress/gzip"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// The search-scale benchmark reads its corpora and databases from a cache
// directory, because building a 1,000,000-post index takes minutes:
// scripts/perf/search-scale.sh generates posts-N.jsonl.gz with the corpus
// generator once, and the benchmark builds each database once and reuses it.
const (
	envScaleDir   = "SEARCH_SCALE_DIR"   // cache directory; the benchmark skips without it
	envScaleSizes = "SEARCH_SCALE_SIZES" // comma-separated post counts
	envScalePG    = "SEARCH_SCALE_PG"    // PostgreSQL server URL keeping scale_N databases
	scaleMetaKey  = "search_scale_posts" // app_meta key marking a fully loaded database
)

// scaleSizes are the corpus sizes measured unless SEARCH_SCALE_SIZES says
// otherwise.
var scaleSizes = []int{10_000, 100_000, 1_000_000}

func scaleConfig(b *testing.B) (string, []int) {
	dir := os.Getenv(envScaleDir)
	if dir == "" {
		b.Skipf("set %s (scripts/perf/search-scale.sh does) to run the search-scale benchmark", envScaleDir)
	}
	sizes := scaleSizes
	if s := os.Getenv(envScaleSizes); s != "" {
		sizes = nil
		for _, f := range strings.Split(s, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n <= 0 {
				b.Fatalf("%s: %q is not a positive post count", envScaleSizes, f)
			}
			sizes = append(sizes, n)
		}
	}
	return dir, sizes
}

// scaleSQLite opens dir/sqlite-N.db, building it from the cached corpus
// file when it is missing or was left half-loaded.
func scaleSQLite(b *testing.B, dir string, n int) *db.DB {
	ctx := context.Background()
	path := filepath.Join(dir, fmt.Sprintf("sqlite-%d.db", n))
	d, err := db.OpenSQLite(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	if scaleLoaded(ctx, d, n) {
		b.Cleanup(func() { d.Close() })
		return d
	}
	d.Close()
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Remove(path + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			b.Fatal(err)
		}
	}
	if d, err = db.OpenSQLite(ctx, path); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	scaleLoad(b, d, dir, n)
	return d
}

// scalePostgres opens database scale_N on the server, creating and loading
// it once.
func scalePostgres(b *testing.B, server, dir string, n int) *db.DB {
	ctx := context.Background()
	admin, err := sql.Open("pgx", server)
	if err != nil {
		b.Fatal(err)
	}
	defer admin.Close()
	name := fmt.Sprintf("scale_%d", n)
	var exists bool
	if err := admin.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		b.Fatal(err)
	}
	if !exists {
		if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
			b.Fatal(err)
		}
	}
	u, err := url.Parse(server)
	if err != nil {
		b.Fatal(err)
	}
	u.Path = "/" + name
	d, err := db.OpenPostgres(ctx, u.String())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	if !scaleLoaded(ctx, d, n) {
		if _, err := d.Writer.ExecContext(ctx, `DROP SCHEMA public CASCADE; CREATE SCHEMA public`); err != nil {
			b.Fatal(err)
		}
		scaleLoad(b, d, dir, n)
		if _, err := d.Writer.ExecContext(ctx, `VACUUM ANALYZE posts`); err != nil {
			b.Fatal(err)
		}
	}
	return d
}

func scaleLoaded(ctx context.Context, d *db.DB, n int) bool {
	v, err := d.GetMeta(ctx, scaleMetaKey)
	return err == nil && v == strconv.Itoa(n)
}

// scaleLoad migrates d and streams posts-N.jsonl.gz into it, marking it
// loaded only at the end so an interrupted build is redone.
func scaleLoad(b *testing.B, d *db.DB, dir string, n int) {
	ctx := context.Background()
	if err := d.Migrate(ctx, quiet()); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(dir, fmt.Sprintf("posts-%d.jsonl.gz", n))
	f, err := os.Open(path)
	if err != nil {
		b.Fatalf("%v (scripts/perf/search-scale.sh generates it)", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	t0, store, total := time.Now(), NewStore(d), 0
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<22)
	batch := make([]engine.Post, 0, 10*insertBatch)
	flush := func() {
		added, err := store.AddPosts(ctx, batch)
		if err != nil {
			b.Fatal(err)
		}
		total += added
		batch = batch[:0]
	}
	for sc.Scan() {
		var p engine.Post
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			b.Fatalf("%s: %v", path, err)
		}
		if batch = append(batch, p); len(batch) == cap(batch) {
			flush()
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	flush()
	if total != n {
		b.Fatalf("%s holds %d posts, want %d", path, total, n)
	}
	if err := d.SetMeta(ctx, scaleMetaKey, strconv.Itoa(n)); err != nil {
		b.Fatal(err)
	}
	b.Logf("built the %d-post %s index in %s", n, d.Dialect, time.Since(t0).Round(time.Second))
}
