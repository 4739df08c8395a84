package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/blog"
	"github.com/signalpipe/signalpipe/internal/buildinfo"
	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/server"
	"github.com/signalpipe/signalpipe/web"
)

// webFS is the web build the server serves; tests replace it.
var webFS = func() (fs.FS, error) { return fs.Sub(web.Dist, "dist") }

func runVersion(_ context.Context, env *runEnv) error {
	_, err := fmt.Fprintf(env.stdout, "signalpipe %s\n", buildinfo.Version)
	return err
}

func runMigrate(ctx context.Context, env *runEnv) error {
	d, err := openMigrated(ctx, env)
	if err != nil {
		return err
	}
	defer d.Close()
	v, err := d.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	env.log.Info("database is up to date", "dialect", d.Dialect, "schema_version", v)
	return nil
}

func runServe(ctx context.Context, env *runEnv) error {
	dist, err := webFS()
	if err != nil {
		return fmt.Errorf("web build: %w", err)
	}
	d, err := openMigrated(ctx, env)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := recordInstall(ctx, d, env.log); err != nil {
		return err
	}
	if err := auth.Bootstrap(ctx, auth.NewStore(d), env.cfg.AdminEmail, env.cfg.AdminPassword, env.log); err != nil {
		return err
	}
	if env.cfg.BlogSeed {
		if _, err := blog.Seed(ctx, d, env.log); err != nil {
			return err
		}
	}
	if env.cfg.CorpusSeed {
		if _, err := search.SeedCorpus(ctx, d, env.log); err != nil {
			return err
		}
	}
	slog.SetDefault(env.log)
	srv, err := server.New(server.Deps{Config: env.cfg, DB: d, Web: dist, Logger: env.log})
	if err != nil {
		return err
	}
	return srv.ListenAndServe(ctx)
}

func openMigrated(ctx context.Context, env *runEnv) (*db.DB, error) {
	d, err := db.Open(ctx, dbOptions(env.cfg))
	if err != nil {
		return nil, err
	}
	if err := d.Migrate(ctx, env.log); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// recordInstall stores the first start's time once, for every later start
// and instance to agree on.
func recordInstall(ctx context.Context, d *db.DB, log *slog.Logger) error {
	now := time.Now().UTC().Format(time.RFC3339)
	first, err := d.SetMetaOnce(ctx, db.MetaInstalledAt, now)
	if err != nil {
		return err
	}
	at, err := d.GetMeta(ctx, db.MetaInstalledAt)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	log.Info("database ready", "dialect", d.Dialect, "installed_at", at, "first_start", first)
	return nil
}

// dbOptions are the database settings of cfg.
func dbOptions(cfg *config.Config) db.Options {
	return db.Options{DatabaseURL: cfg.DatabaseURL, MaxConns: cfg.DBMaxConns, SQLitePath: cfg.SQLitePath()}
}
