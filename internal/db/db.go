package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib" // also registers the "pgx" driver
	_ "modernc.org/sqlite"           // registers the "sqlite" driver

	"github.com/signalpipe/signalpipe/internal/config"
)

// Dialect names the database engine behind a DB.
type Dialect string

const (
	// SQLite is the embedded default engine.
	SQLite Dialect = "sqlite"
	// Postgres is used when DATABASE_URL is set.
	Postgres Dialect = "postgres"
)

// ErrNotFound is returned by lookups that find no row.
var ErrNotFound = errors.New("not found")

// sqlitePragmas are applied to every SQLite connection through the DSN.
// synchronous(FULL) makes every commit durable before it returns: in WAL
// mode NORMAL may lose the last commits on power loss or an OS crash, and a
// submission is acknowledged to its visitor once committed (README,
// "Storage: durability and a full disk"; cost in docs/performance.md).
const sqlitePragmas = "_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)" +
	"&_pragma=foreign_keys(1)&_pragma=synchronous(FULL)"

// DB is an open database with its dialect and its two handles.
type DB struct {
	// Dialect is the engine; stores rarely need it thanks to Rebind.
	Dialect Dialect
	// Writer runs statements that change data. On SQLite it holds a single
	// connection so writers queue instead of failing with SQLITE_BUSY.
	Writer *sql.DB
	// Reader runs queries. On PostgreSQL it is the same pool as Writer.
	Reader *sql.DB
	// Pool is the pgx pool behind Writer and Reader on PostgreSQL (nil on
	// SQLite). The job queue works through it, and a transaction begun on it
	// can hold both application rows and job inserts.
	Pool *pgxpool.Pool
}

// Options are the few settings Open needs (from DATABASE_URL, DB_MAX_CONNS
// and DATA_DIR; README, Configuration).
type Options struct {
	// DatabaseURL selects PostgreSQL when set.
	DatabaseURL string
	// MaxConns, when > 0, is the PostgreSQL connections the instance may
	// open in all; it wins over DatabaseURL's pool_max_conns.
	MaxConns int
	// SQLitePath is the SQLite database file used when DatabaseURL is
	// empty; its directory (DATA_DIR) is created if missing.
	SQLitePath string
}

// Open connects to the database o selects: PostgreSQL when DatabaseURL is
// set, else SQLite at SQLitePath (creating its directory if missing). It
// does not migrate; call Migrate.
func Open(ctx context.Context, o Options) (*DB, error) {
	if o.DatabaseURL != "" {
		return openPostgres(ctx, o.DatabaseURL, o.MaxConns)
	}
	if dir := filepath.Dir(o.SQLitePath); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("create data dir %q: %w", dir, err)
		}
	}
	return OpenSQLite(ctx, o.SQLitePath)
}

// OpenSQLite opens (creating if needed) the SQLite database file at path.
func OpenSQLite(ctx context.Context, path string) (*DB, error) {
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + sqlitePragmas
	w, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite %q: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	r, err := sql.Open("sqlite", dsn)
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite %q: %w", path, err)
	}
	r.SetMaxOpenConns(max(4, runtime.NumCPU()))
	d := &DB{Dialect: SQLite, Writer: w, Reader: r}
	if err := d.Ping(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("open sqlite %q: %w", path, err)
	}
	return d, nil
}

// OpenPostgres connects to the PostgreSQL server at dsn. One pgx pool backs
// both the database/sql handle and the job queue, so the two share
// connections and limits. The instance opens at most dsn's pool_max_conns
// connections in all, else config.DefaultDBMaxConns.
func OpenPostgres(ctx context.Context, dsn string) (*DB, error) {
	return openPostgres(ctx, dsn, 0)
}

// openPostgres is OpenPostgres with DB_MAX_CONNS: maxConns > 0 wins over
// dsn's pool_max_conns (README, "Running on PostgreSQL across several
// instances").
func openPostgres(ctx context.Context, dsn string, maxConns int) (*DB, error) {
	pc, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, errors.New("open postgres: invalid DATABASE_URL")
	}
	switch {
	case maxConns > 0:
		pc.MaxConns = int32(maxConns)
	case !setsPoolMaxConns(dsn):
		pc.MaxConns = config.DefaultDBMaxConns
	}
	if pc.MaxConns < config.MinDBConns {
		return nil, fmt.Errorf("open postgres: pool_max_conns must be at least %d (River's LISTEN takes one)", config.MinDBConns)
	}
	// River's listener takes a connection from the pool and hijacks it, so
	// the pool no longer counts it and would open MaxConns more: the number
	// asked for is the instance's total, the listener included.
	pc.MaxConns -= riverListenConns
	pc.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	p := stdlib.OpenDBFromPool(pool)
	d := &DB{Dialect: Postgres, Writer: p, Reader: p, Pool: pool}
	if err := d.Ping(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	return d, nil
}

// riverListenConns is the connection River's LISTEN holds outside the pool.
const riverListenConns = 1

// setsPoolMaxConns reports whether the DATABASE_URL names its own pool size
// (?pool_max_conns=N, which pgxpool.ParseConfig reads).
func setsPoolMaxConns(dsn string) bool {
	u, err := url.Parse(dsn)
	return err == nil && u.Query().Has("pool_max_conns")
}

// Ping checks that the database answers, for readiness probes.
func (d *DB) Ping(ctx context.Context) error {
	if err := d.Writer.PingContext(ctx); err != nil {
		return err
	}
	if d.Reader != d.Writer {
		return d.Reader.PingContext(ctx)
	}
	return nil
}

// Close closes both handles.
func (d *DB) Close() error {
	err := d.Writer.Close()
	if d.Reader != d.Writer {
		err = errors.Join(err, d.Reader.Close())
	}
	if d.Pool != nil {
		d.Pool.Close()
	}
	return err
}
