package db

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// riverMigrationLock is the PostgreSQL advisory lock key that serialises
// River migrations across instances starting together (rivermigrate takes
// no lock of its own).
const riverMigrationLock = 0x5219_0001

// migrateRiver applies the job queue's (River's) own schema migrations.
func (d *DB) migrateRiver(ctx context.Context, log *slog.Logger) error {
	if d.Dialect != Postgres {
		return runRiverMigrations(ctx, riversqlite.New(d.Writer), log)
	}
	conn, err := d.Pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("migrate river: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", riverMigrationLock); err != nil {
		return fmt.Errorf("migrate river: lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", riverMigrationLock) //nolint:errcheck
	return runRiverMigrations(ctx, riverpgxv5.New(d.Pool), log)
}

func runRiverMigrations[TTx any](ctx context.Context, drv riverdriver.Driver[TTx], log *slog.Logger) error {
	// River logs each step itself; we log one line per version below.
	m, err := rivermigrate.New(drv, &rivermigrate.Config{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return fmt.Errorf("migrate river: %w", err)
	}
	res, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("migrate river: %w", err)
	}
	for _, v := range res.Versions {
		log.Info("river migration applied", "version", v.Version, "name", v.Name, "duration", v.Duration)
	}
	return nil
}
