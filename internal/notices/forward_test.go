package notices

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"testing"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// TestForwardOncePerNotice: every notice is handed to the owner's channels
// exactly once, also with four forwarders (instances) racing; a failing
// hand-off leaves the notice for the next pass; without owner channels
// notices are only marked; notices from before the migration (forwarded_at
// set) are never sent.
func TestForwardOncePerNotice(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		runner, err := jobs.New(d, jobs.Options{Workers: river.NewWorkers(), TestOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		s := NewStore(d)
		var (
			mu   sync.Mutex
			sent = map[string]int{}
			fail bool
		)
		notify := func(_ context.Context, _ jobs.Tx, subject, text, _ string) error {
			mu.Lock()
			defer mu.Unlock()
			if fail {
				return errors.New("queue down")
			}
			sent[subject+" | "+text]++
			return nil
		}
		if _, err := d.Writer.ExecContext(ctx, d.Rebind(`INSERT INTO admin_notices (id, kind, text, link, created_at, forwarded_at)
			VALUES ('old', 'channel_paused', 'from before', '', ?, ?)`), d.TimeArg(s.now()), d.TimeArg(s.now())); err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{"one", "two", "three", "four", "five"} {
			if _, err := s.Add(ctx, KindSourceFailing, text, "/admin"); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				if _, err := NewForwarder(s, runner, notify, quietLog()).Forward(ctx); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if len(sent) != 5 {
			t.Fatalf("sent %v", sent)
		}
		for k, n := range sent {
			if n != 1 {
				t.Errorf("%q sent %d times", k, n)
			}
		}
		if _, ok := sent["A source has been failing for an hour | one"]; !ok {
			t.Errorf("subject: %v", sent)
		}
		// A failing hand-off is rolled back and retried by the next pass.
		if _, err := s.Add(ctx, KindChannelPaused, "six", ""); err != nil {
			t.Fatal(err)
		}
		fail = true
		if n, err := NewForwarder(s, runner, notify, quietLog()).Forward(ctx); err == nil || n != 0 {
			t.Fatalf("failing hand-off: %d, %v", n, err)
		}
		fail = false
		if n, err := NewForwarder(s, runner, notify, quietLog()).Forward(ctx); err != nil || n != 1 || sent["A client's delivery channel was paused | six"] != 1 {
			t.Fatalf("retry: %d, %v, %v", n, err, sent)
		}
		// No owner channel: marked, nothing sent, never sent later.
		if _, err := s.Add(ctx, KindChannelDisabled, "seven", ""); err != nil {
			t.Fatal(err)
		}
		if n, err := NewForwarder(s, runner, nil, quietLog()).Forward(ctx); err != nil || n != 0 {
			t.Fatalf("no channels: %d, %v", n, err)
		}
		if n, _ := NewForwarder(s, runner, notify, quietLog()).Forward(ctx); n != 0 || len(sent) != 6 {
			t.Fatalf("after marking: %d, %v", n, sent)
		}
	})
}

func quietLog() *slog.Logger { return slog.New(slog.DiscardHandler) }
