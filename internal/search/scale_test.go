package search

import (
	"bufio"
	"compress/gzip"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
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
	envScaleDir    = "SEARCH_SCALE_DIR"    // cache directory; the benchmark skips without it
	envScaleSizes  = "SEARCH_SCALE_SIZES"  // comma-separated post counts
	envScalePG     = "SEARCH_SCALE_PG"     // PostgreSQL server URL keeping scale_N databases
	envScalePGData = "SEARCH_SCALE_PGDATA" // its data directory, to count the server's CPU
	envScaleOnly   = "SEARCH_SCALE_ONLY"   // "sqlite" or "postgres": measure one engine only
	envScaleICPs   = "SEARCH_SCALE_ICPS"   // JSON-lines ICPs to search with (relevance-set format)
	envScaleSpan   = "SEARCH_SCALE_DAYS"   // posts are dated over this many days before the load
	scaleMetaKey   = "search_scale_posts"  // app_meta key marking a fully loaded database
	scaleAnchor    = "search_scale_now"    // app_meta: the load's "now" (RFC 3339)
	scaleLoadTime  = "search_scale_load"   // app_meta: how long the load took (seconds)
)

// scaleDays is the default span of the posts' dates: a year of ingest, so
// 1,000,000 posts are ~2,700 a day and a 30-day window holds ~8 % of them.
const scaleDays = 365

// scaleGenMax is the largest corpus the script generates whole.
const scaleGenMax = 3_000_000

// scaleBackfill is the share of posts stored out of date order.
const scaleBackfill = 0.05

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
		scaleMigrate(b, d)
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
	scaleMigrate(b, d)
	return d
}

// scaleMigrate applies migrations added since the database was loaded (a
// new index is built on the loaded posts, timed), and refreshes the
// planner's statistics.
func scaleMigrate(b *testing.B, d *db.DB) {
	ctx := context.Background()
	t0 := time.Now()
	if err := d.Migrate(ctx, quiet()); err != nil {
		b.Fatal(err)
	}
	if took := time.Since(t0); took > time.Second {
		b.Logf("migrated the %s index in %s", d.Dialect, took.Round(time.Second))
	}
	analyze := `ANALYZE`
	if d.Dialect == db.Postgres {
		analyze = `ANALYZE posts`
	}
	if _, err := d.Writer.ExecContext(ctx, analyze); err != nil {
		b.Fatal(err)
	}
}

// scaleNow is the instant the database's posts were dated from.
func scaleNow(b *testing.B, d *db.DB) time.Time {
	v, err := d.GetMeta(context.Background(), scaleAnchor)
	if err != nil {
		b.Fatalf("%v (delete the cached database to rebuild it)", err)
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		b.Fatal(err)
	}
	return t
}

// scaleSpan is how many days the posts' dates cover.
func scaleSpan(b *testing.B) time.Duration {
	days := scaleDays
	if v := os.Getenv(envScaleSpan); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			b.Fatalf("%s: %q is not a positive number of days", envScaleSpan, v)
		}
		days = n
	}
	return time.Duration(days) * 24 * time.Hour
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
	// Past scaleGenMax posts (the generator holds a corpus in memory, ~1.3 GB
	// a million) the 1M corpus is read n/1M times, ids suffixed per round.
	path, rounds := filepath.Join(dir, fmt.Sprintf("posts-%d.jsonl.gz", n)), 1
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) && n > scaleGenMax && n%1_000_000 == 0 {
		path, rounds = filepath.Join(dir, "posts-1000000.jsonl.gz"), n/1_000_000
	}
	// Fresh dates: the generator dates its posts 41 minutes apart from
	// January 2026. A live index holds the posts of the last months, stored
	// roughly as they were written: sources are polled for new posts, so a
	// post arrives some hours after it was published (exponential lag, mean
	// 12 h, at most 7 days). scaleBackfill of them are imports or late
	// finds, dated anywhere between the span's start and their arrival, so
	// ids are not in date order; no post is stored before its date.
	anchor := time.Now().UTC().Truncate(time.Second)
	span := scaleSpan(b)
	rng := rand.New(rand.NewPCG(uint64(n), 19))
	date := func(i int) time.Time {
		arrival := anchor.Add(-time.Duration(float64(span) * float64(n-1-i) / float64(n)))
		if rng.Float64() < scaleBackfill {
			return arrival.Add(-time.Duration(rng.Int64N(int64(arrival.Sub(anchor.Add(-span))) + 1)))
		}
		lag := time.Duration(min(rng.ExpFloat64()*12, 7*24) * float64(time.Hour))
		return arrival.Add(-lag)
	}
	t0, store, total := time.Now(), NewStore(d), 0
	batch := make([]engine.Post, 0, 10*insertBatch)
	flush := func() {
		added, err := store.AddPosts(ctx, batch)
		if err != nil {
			b.Fatal(err)
		}
		total += added
		batch = batch[:0]
	}
	i := 0
	for round := range rounds {
		f, err := os.Open(path)
		if err != nil {
			b.Fatalf("%v (scripts/perf/search-scale.sh generates it)", err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(zr)
		sc.Buffer(make([]byte, 0, 1<<16), 1<<22)
		for ; sc.Scan(); i++ {
			var p engine.Post
			if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
				b.Fatalf("%s: %v", path, err)
			}
			if round > 0 {
				p.ID = fmt.Sprintf("%s~%d", p.ID, round)
			}
			p.PublishedAt = date(i).Truncate(time.Second)
			if batch = append(batch, p); len(batch) == cap(batch) {
				flush()
			}
		}
		if err := sc.Err(); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
	flush()
	if total != n {
		b.Fatalf("%s holds %d posts, want %d", path, total, n)
	}
	took := time.Since(t0)
	for k, v := range map[string]string{scaleAnchor: anchor.Format(time.RFC3339), scaleLoadTime: strconv.Itoa(int(took.Seconds()))} {
		if err := d.SetMeta(ctx, k, v); err != nil {
			b.Fatal(err)
		}
	}
	if err := d.SetMeta(ctx, scaleMetaKey, strconv.Itoa(n)); err != nil {
		b.Fatal(err)
	}
	b.Logf("built the %d-post %s index in %s", n, d.Dialect, time.Since(t0).Round(time.Second))
}
