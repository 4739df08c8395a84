package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
)

// Environment variables read by Each.
const (
	// EnvPostgresURL names a PostgreSQL server URL; each test gets its own
	// database on that server.
	EnvPostgresURL = "TEST_DATABASE_URL"
	// EnvRequirePostgres set to 1 turns a missing EnvPostgresURL into a failure.
	EnvRequirePostgres = "SIGNALPIPE_REQUIRE_POSTGRES"
)

// Each runs fn as the subtests "sqlite" and "postgres", each with its own
// fresh, migrated database that is removed when the subtest ends.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// SQLite returns a fresh, migrated SQLite database in t.TempDir().
func SQLite(t testing.TB) *db.DB {
	t.Helper()
	ctx := context.Background()
	d, err := db.OpenSQLite(ctx, filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(ctx, quietLogger()); err != nil {
		t.Fatalf("migrate sqlite: %v", err)
	}
	return d
}

// Postgres returns a fresh, migrated database on the TEST_DATABASE_URL
// server, dropped in t.Cleanup. It skips (or fails, see EnvRequirePostgres)
// when TEST_DATABASE_URL is unset.
func Postgres(t testing.TB) *db.DB {
	t.Helper()
	server := os.Getenv(EnvPostgresURL)
	if server == "" {
		if os.Getenv(EnvRequirePostgres) == "1" {
			t.Fatalf("%s=1 but %s is not set", EnvRequirePostgres, EnvPostgresURL)
		}
		t.Skipf("PostgreSQL tests skipped: set %s to a server URL to run them", EnvPostgresURL)
	}
	ctx := context.Background()
	admin, err := sql.Open("pgx", server)
	if err != nil {
		t.Fatalf("open %s: %v", EnvPostgresURL, err)
	}
	t.Cleanup(func() { admin.Close() })
	name := "signalpipe_test_" + randomHex(8)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	d, err := db.OpenPostgres(ctx, withDatabase(t, server, name))
	if err != nil {
		t.Fatalf("open test database: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	if err := d.Migrate(ctx, quietLogger()); err != nil {
		t.Fatalf("migrate postgres: %v", err)
	}
	return d
}

// withDatabase swaps the database name in a PostgreSQL URL.
func withDatabase(t testing.TB, server, name string) string {
	u, err := url.Parse(server)
	if err != nil {
		t.Fatalf("parse %s: %v", EnvPostgresURL, err)
	}
	u.Path = "/" + name
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func quietLogger() *slog.Logger {
	return slog.New(slog.DiscardHandler)
}
