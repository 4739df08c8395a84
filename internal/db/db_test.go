package db_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func TestOpenCreatesDataDirAndUsesWAL(t *testing.T) {
	cfg := config.Default()
	cfg.DataDir = filepath.Join(t.TempDir(), "nested", "data")
	d, err := db.Open(context.Background(), db.Options{SQLitePath: cfg.SQLitePath()})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer d.Close()
	if d.Dialect != db.SQLite {
		t.Fatalf("Dialect = %q, want sqlite", d.Dialect)
	}
	if _, err := os.Stat(cfg.SQLitePath()); err != nil {
		t.Fatalf("database file: %v", err)
	}
	checks := map[string]string{"journal_mode": "wal", "foreign_keys": "1", "busy_timeout": "5000", "synchronous": "2"}
	for pragma, want := range checks {
		var got string
		if err := d.Reader.QueryRow("PRAGMA " + pragma).Scan(&got); err != nil || got != want {
			t.Errorf("PRAGMA %s = %q, %v; want %q", pragma, got, err, want)
		}
	}
	if n := d.Writer.Stats().MaxOpenConnections; n != 1 {
		t.Errorf("writer MaxOpenConnections = %d, want 1", n)
	}
}

func TestOpenPostgresSharesOnePool(t *testing.T) {
	d := dbtest.Postgres(t)
	if d.Dialect != db.Postgres || d.Reader != d.Writer {
		t.Fatalf("postgres DB = %+v, want one shared pool", d)
	}
}

func TestPingFailsWhenClosed(t *testing.T) {
	d := dbtest.SQLite(t)
	d.Close()
	if err := d.Ping(context.Background()); err == nil {
		t.Fatal("Ping on closed DB succeeded")
	}
}

func TestRebind(t *testing.T) {
	tests := []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"SELECT * FROM t WHERE a = ? AND b = ?", "SELECT * FROM t WHERE a = $1 AND b = $2"},
		{"SELECT '?' , ? FROM t", "SELECT '?' , $1 FROM t"},
		{"SELECT 'it''s ?', \"q?\" , ?", "SELECT 'it''s ?', \"q?\" , $1"},
		{"SELECT ? -- why?\n, ?", "SELECT $1 -- why?\n, $2"},
	}
	pg := &db.DB{Dialect: db.Postgres}
	lite := &db.DB{Dialect: db.SQLite}
	for _, tt := range tests {
		if got := pg.Rebind(tt.in); got != tt.want {
			t.Errorf("postgres Rebind(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := lite.Rebind(tt.in); got != tt.in {
			t.Errorf("sqlite Rebind(%q) = %q, want unchanged", tt.in, got)
		}
	}
}
