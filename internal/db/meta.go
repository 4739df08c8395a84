package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// Well-known app_meta keys.
const (
	// MetaInstalledAt holds the RFC 3339 time of the first start.
	MetaInstalledAt = "installed_at"
	// MetaWriteProbe is rewritten by ProbeWrite.
	MetaWriteProbe = "write_probe"
)

// GetMeta returns the value stored under key, or ErrNotFound.
func (d *DB) GetMeta(ctx context.Context, key string) (string, error) {
	var v string
	err := d.Reader.QueryRowContext(ctx, d.Rebind(`SELECT value FROM app_meta WHERE key = ?`), key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("get meta %q: %w", key, err)
	}
	return v, nil
}

// SetMeta stores value under key, replacing any previous value.
func (d *DB) SetMeta(ctx context.Context, key, value string) error {
	q := `INSERT INTO app_meta (key, value) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = ` + d.now()
	if _, err := d.Writer.ExecContext(ctx, d.Rebind(q), key, value); err != nil {
		return fmt.Errorf("set meta %q: %w", key, err)
	}
	return nil
}

// SetMetaOnce stores value under key only if the key is absent and reports
// whether it did. Several processes racing on one database agree on a single
// winner, which makes it the building block for run-once seeds.
func (d *DB) SetMetaOnce(ctx context.Context, key, value string) (bool, error) {
	q := `INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING`
	res, err := d.Writer.ExecContext(ctx, d.Rebind(q), key, value)
	if err != nil {
		return false, fmt.Errorf("set meta once %q: %w", key, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("set meta once %q: %w", key, err)
	}
	return n == 1, nil
}

// Secret returns the random 32-byte secret kept under key, making it on
// first use. Every instance on the database gets the same one (the first
// writer wins), and it survives restarts: e.g. the key of signed links in
// emails (README.md "Delivery"). Deleting the row rotates it.
func (d *DB) Secret(ctx context.Context, key string) ([]byte, error) {
	// The writer: a reader may not see a row just written yet.
	read := func() (string, error) {
		var v string
		err := d.Writer.QueryRowContext(ctx, d.Rebind(`SELECT value FROM app_meta WHERE key = ?`), key).Scan(&v)
		return v, err
	}
	v, err := read()
	if errors.Is(err, sql.ErrNoRows) { // the first start: make it (one writer wins)
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, fmt.Errorf("secret %q: %w", key, err)
		}
		if _, err := d.SetMetaOnce(ctx, key, hex.EncodeToString(b)); err != nil {
			return nil, err
		}
		v, err = read()
	}
	if err != nil {
		return nil, fmt.Errorf("secret %q: %w", key, err)
	}
	out, err := hex.DecodeString(v)
	if err != nil || len(out) < 16 {
		return nil, fmt.Errorf("secret %q: stored value is not 16 or more hex bytes", key)
	}
	return out, nil
}

// now is the dialect's SQL expression for the current time in the format the
// updated_at columns use.
func (d *DB) now() string {
	if d.Dialect == Postgres {
		return "now()"
	}
	return "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
}

// ProbeWrite commits one tiny write (the time, under MetaWriteProbe), so a
// readiness check learns whether the database accepts writes: it fails when
// the disk is full, the file system or the database is read-only (e.g. a
// PostgreSQL standby), or the write waits past ctx.
func (d *DB) ProbeWrite(ctx context.Context) error {
	return d.SetMeta(ctx, MetaWriteProbe, time.Now().UTC().Format(time.RFC3339Nano))
}
