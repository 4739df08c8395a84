package db_test

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// TestPostgresPoolHonoursMaxConns opens an instance's database the way
// serve does (db.Open with the configuration), loads it with far more
// parallel queries than its pool allows, and counts its server-side
// connections in pg_stat_activity by application_name. The pool keeps one
// connection of the number asked for free for River's LISTEN, which River
// takes out of the pool; the whole instance is counted in
// internal/server's TestInstanceStaysWithinPoolMaxConns.
func TestPostgresPoolHonoursMaxConns(t *testing.T) {
	base := dbtest.Postgres(t) // a fresh database; also the observer
	tests := []struct {
		name     string
		query    string // added to the test database's URL
		maxConns int    // DB_MAX_CONNS
		want     int
	}{
		{"pool_max_conns in DATABASE_URL", "pool_max_conns=4", 0, 4},
		{"DB_MAX_CONNS wins over pool_max_conns", "pool_max_conns=4", 3, 3},
		{"DB_MAX_CONNS alone", "", 5, 5},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := fmt.Sprintf("signalpipe-pool-test-%d-%d", i, time.Now().UnixNano())
			u, err := url.Parse(base.Pool.Config().ConnString())
			if err != nil {
				t.Fatal(err)
			}
			q := u.Query()
			q.Set("application_name", app)
			if tt.query != "" {
				extra, _ := url.ParseQuery(tt.query)
				for k, v := range extra {
					q[k] = v
				}
			}
			u.RawQuery = q.Encode()
			cfg := config.Default()
			cfg.DatabaseURL, cfg.DBMaxConns = u.String(), tt.maxConns
			d, err := db.Open(context.Background(), db.Options{DatabaseURL: cfg.DatabaseURL, MaxConns: cfg.DBMaxConns})
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			// River's LISTEN connection (not started here) is the last one.
			if got := d.Pool.Config().MaxConns; got != int32(tt.want-1) {
				t.Errorf("pool MaxConns = %d, want %d", got, tt.want-1)
			}

			var wg sync.WaitGroup
			for range 30 {
				wg.Go(func() {
					if _, err := d.Reader.Exec("SELECT pg_sleep(0.3)"); err != nil {
						t.Error(err)
					}
				})
			}
			peak := 0
			for deadline := time.Now().Add(time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
				var n int
				if err := base.Reader.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&n); err != nil {
					t.Fatal(err)
				}
				peak = max(peak, n)
			}
			wg.Wait()
			if peak != tt.want-1 {
				t.Errorf("pool opened %d connections at its peak, want %d", peak, tt.want-1)
			}
		})
	}
}

func TestPostgresPoolDefaultAndFloor(t *testing.T) {
	base := dbtest.Postgres(t)
	dsn := base.Pool.Config().ConnString()
	d, err := db.OpenPostgres(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Pool.Config().MaxConns; got != config.DefaultDBMaxConns-1 {
		t.Errorf("default MaxConns = %d, want %d (and River's LISTEN)", got, config.DefaultDBMaxConns-1)
	}
	d.Close()
	u, _ := url.Parse(dsn)
	q := u.Query()
	q.Set("pool_max_conns", "2")
	u.RawQuery = q.Encode()
	if d, err := db.OpenPostgres(context.Background(), u.String()); err == nil {
		d.Close()
		t.Fatal("pool_max_conns=2 accepted; the floor is 3")
	}
}
