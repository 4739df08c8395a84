package db

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations
var migrations embed.FS

// Migrate applies every pending embedded migration for the dialect, then the
// job queue's (River's) own migrations, and logs each one applied. It is safe
// to run on every start and from several processes: both steps take a lock
// on PostgreSQL.
func (d *DB) Migrate(ctx context.Context, log *slog.Logger) error {
	p, err := d.migrator()
	if err != nil {
		return err
	}
	results, err := p.Up(ctx)
	if err != nil {
		return fmt.Errorf("migrate %s: %w", d.Dialect, err)
	}
	for _, r := range results {
		log.Info("migration applied", "version", r.Source.Version,
			"file", r.Source.Path, "duration", r.Duration)
	}
	return d.migrateRiver(ctx, log)
}

// SchemaVersion is the version of the newest applied migration.
func (d *DB) SchemaVersion(ctx context.Context) (int64, error) {
	p, err := d.migrator()
	if err != nil {
		return 0, err
	}
	return p.GetDBVersion(ctx)
}

func (d *DB) migrator() (*goose.Provider, error) {
	dir, dialect := "migrations/sqlite", goose.DialectSQLite3
	var opts []goose.ProviderOption
	if d.Dialect == Postgres {
		dir, dialect = "migrations/postgres", goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return nil, fmt.Errorf("migrations %s: %w", dir, err)
	}
	p, err := goose.NewProvider(dialect, d.Writer, sub, opts...)
	if err != nil {
		return nil, fmt.Errorf("migrations %s: %w", dir, err)
	}
	return p, nil
}
