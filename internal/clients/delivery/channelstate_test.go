package delivery

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/notices"
)

func listNotices(t *testing.T, d *db.DB) []*notices.Notice {
	t.Helper()
	list, _, err := notices.NewStore(d).List(context.Background(), false, 100)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// TestRetryAndEnableKeepTheWebhookID: a 410 disables the channel with one
// notice; retrying its delivery is refused until the channel is enabled;
// enabling queues the cancelled delivery again and it arrives with the
// same webhook-id. A delivered delivery marked failed is queued again by
// the retry call (its River job is completed, which the delivery's own
// uniqueness would count) and arrives with the same webhook-id too.
func TestRetryAndEnableKeepTheWebhookID(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		gone := true
		var mu sync.Mutex
		rc := newReceiver(t, func(_ int, w http.ResponseWriter) {
			mu.Lock()
			defer mu.Unlock()
			if gone {
				w.WriteHeader(410)
			}
		})
		c := newClient(t, e.store, 0)
		ch := addChannel(t, e, c.ID, rc.Srv.URL, rc)
		addPosts(t, e, intentPost(1), intentPost(2))
		if run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID); run.LeadsAdded != 2 {
			t.Fatalf("run %+v", run)
		}
		e.start(t)
		waitFor(t, "channel disabled, both deliveries cancelled", func() bool {
			return countDeliveries(t, d, "channel_id = ? AND status = ?", ch, clients.DeliveryCancelled) == 2
		})
		if got := channelOf(t, e, c.ID); got.Status != clients.ChannelDisabled {
			t.Fatalf("channel %+v", got)
		}
		ns := listNotices(t, d)
		if len(ns) != 1 || ns[0].Kind != notices.KindChannelDisabled || !strings.Contains(ns[0].Text, "410") || !strings.HasSuffix(ns[0].Text, EnableHint) ||
			strings.Contains(ns[0].Text, rc.Srv.URL+"/") && strings.Contains(rc.Srv.URL, "secret") {
			t.Fatalf("notices %+v", ns)
		}
		var ids []string
		rows, _ := d.Reader.Query(d.Rebind(`SELECT id FROM client_deliveries WHERE channel_id = ? ORDER BY id`), ch)
		for rows.Next() {
			var id string
			_ = rows.Scan(&id)
			ids = append(ids, id)
		}
		rows.Close()
		e.do(t, "POST", "/api/admin/deliveries/"+ids[0]+"/retry", "", 409, nil) // the channel is disabled
		e.do(t, "POST", "/api/admin/deliveries/nope/retry", "", 404, nil)
		e.do(t, "POST", "/api/admin/channels/nope/enable", "", 404, nil)

		mu.Lock()
		gone = false
		mu.Unlock()
		var enabled struct {
			Channel  clients.Channel
			Requeued int
		}
		e.do(t, "POST", "/api/admin/channels/"+ch+"/enable", "", 200, &enabled)
		if enabled.Channel.Status != clients.ChannelActive || enabled.Requeued != 2 {
			t.Fatalf("enable: %+v", enabled)
		}
		waitFor(t, "both delivered", func() bool {
			return countDeliveries(t, d, "channel_id = ? AND status = ?", ch, clients.DeliveryDelivered) == 2
		})
		// The one that met the 410 arrives again with its id; the other one
		// (cancelled unsent, or also answered 410) arrives with its own.
		_, got := rc.Counts()
		if got[ids[0]]+got[ids[1]] < 3 || got[ids[0]] < 1 || got[ids[1]] < 1 {
			t.Fatalf("receiver saw %v, want each delivery id again after enabling", got)
		}
		if len(got) != 2 {
			t.Fatalf("new webhook-ids appeared: %v", got)
		}
		e.do(t, "POST", "/api/admin/deliveries/"+ids[0]+"/retry", "", 409, nil) // delivered already

		// A failed delivery (here: marked so) is queued again by retry.
		if _, err := d.Writer.Exec(d.Rebind(`UPDATE client_deliveries SET status = ? WHERE id = ?`), clients.DeliveryFailed, ids[1]); err != nil {
			t.Fatal(err)
		}
		before := got[ids[1]]
		e.do(t, "POST", "/api/admin/deliveries/"+ids[1]+"/retry", "", 202, nil)
		e.do(t, "POST", "/api/admin/deliveries/"+ids[1]+"/retry", "", 409, nil) // queued already
		waitFor(t, "retried delivery delivered", func() bool {
			_, got := rc.Counts()
			return got[ids[1]] == before+1 && countDeliveries(t, d, "id = ? AND status = ?", ids[1], clients.DeliveryDelivered) == 1
		})
		if _, got := rc.Counts(); len(got) != 2 {
			t.Fatalf("the retry changed the webhook-id: %v", got)
		}
		if ns := listNotices(t, d); len(ns) != 1 {
			t.Fatalf("notices %+v", ns)
		}
		_ = ctx
	})
}

// TestChannelPausedAfterThreeDays: a channel with no 2xx for 72 h since
// its first failure is paused, once, with one notice, although two
// instances check at the same time; a 2xx in between starts the count
// again; a paused channel gets no new deliveries and its queued ones are
// cancelled; enabling it clears the failure.
func TestChannelPausedAfterThreeDays(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		var mu sync.Mutex
		clock := time.Now().UTC()
		e.store.WithNow(func() time.Time { mu.Lock(); defer mu.Unlock(); return clock })
		set := func(at time.Time) { mu.Lock(); clock = at; mu.Unlock() }
		t0 := clock
		failing := true
		rc := newReceiver(t, func(_ int, w http.ResponseWriter) {
			mu.Lock()
			defer mu.Unlock()
			if failing {
				w.WriteHeader(500)
			}
		})
		c := newClient(t, e.store, 0)
		ch := addChannel(t, e, c.ID, rc.Srv.URL, rc)
		addPosts(t, e, intentPost(1))
		agent := newAgent(t, e.store, c.ID, nil)
		if run := e.runNow(t, agent.ID); run.LeadsAdded != 1 {
			t.Fatalf("run %+v", run)
		}
		e.start(t)
		waitFor(t, "a failed attempt", func() bool { return channelOf(t, e, c.ID).FailingSince != nil })
		if fs := channelOf(t, e, c.ID).FailingSince; !fs.Equal(t0.Truncate(time.Microsecond)) && fs.Sub(t0).Abs() > time.Millisecond {
			t.Fatalf("failing since %v, want %v", fs, t0)
		}
		set(t0.Add(PauseAfter - time.Minute))
		if n, err := e.store.PauseFailing(ctx); err != nil || n != 0 {
			t.Fatalf("paused %d before 72 h: %v", n, err)
		}
		set(t0.Add(PauseAfter))
		var wg sync.WaitGroup
		paused := make([]int, 2)
		other := NewStore(clients.NewStore(d, e.runner)) // a second instance
		other.WithNow(e.store.Now)
		for i, s := range []*Store{e.store, other} {
			wg.Go(func() {
				n, err := s.PauseFailing(ctx)
				if err != nil {
					t.Error(err)
				}
				paused[i] = n
			})
		}
		wg.Wait()
		got := channelOf(t, e, c.ID)
		if paused[0]+paused[1] != 1 || got.Status != clients.ChannelPaused || !strings.Contains(got.DisabledReason, "no 2xx") {
			t.Fatalf("paused %v, channel %+v", paused, got)
		}
		// One pause notice (and the failure notice CHANNEL_ALERT_AFTER
		// raised long before; TestChannelAlert).
		ns := listNotices(t, d)
		if len(ns) != 2 || ns[0].Kind != notices.KindChannelPaused || ns[1].Kind != notices.KindChannelFailing || strings.Contains(ns[0].Text, "/hook") || !strings.HasSuffix(ns[0].Text, EnableHint) {
			t.Fatalf("notices %+v", ns)
		}
		// The queued delivery stops; a new run enqueues nothing for it.
		waitFor(t, "the queued delivery cancelled", func() bool {
			return countDeliveries(t, d, "channel_id = ? AND status = ?", ch, clients.DeliveryCancelled) == 1
		})
		var cancelled string
		if err := d.Reader.QueryRow(d.Rebind(`SELECT id FROM client_deliveries WHERE channel_id = ?`), ch).Scan(&cancelled); err != nil {
			t.Fatal(err)
		}
		addPosts(t, e, intentPost(2))
		if run := e.runNow(t, agent.ID); run.LeadsAdded != 1 || countDeliveries(t, d, "channel_id = ?", ch) != 1 {
			t.Fatalf("a paused channel was enqueued: %+v", run)
		}
		// Enabled, it works again from a clean slate.
		mu.Lock()
		failing = false
		clock = time.Now().UTC() // the receiver checks the signature's timestamp
		mu.Unlock()
		var enabled struct {
			Channel  clients.Channel
			Requeued int
		}
		e.do(t, "POST", "/api/admin/channels/"+ch+"/enable", "", 200, &enabled)
		if enabled.Requeued != 1 || enabled.Channel.Status != clients.ChannelActive {
			t.Fatalf("enable %+v", enabled)
		}
		waitFor(t, "delivered after enabling", func() bool {
			return countDeliveries(t, d, "channel_id = ? AND status = ? AND id = ?", ch, clients.DeliveryDelivered, cancelled) == 1
		})
		if got := channelOf(t, e, c.ID); got.FailingSince != nil || got.Status != clients.ChannelActive {
			t.Fatalf("channel after enable %+v", got)
		}
	})
}

// TestA2xxRestartsTheFailureCount: failures, then a 2xx, then failures
// again: the 72 h run from the latest first failure, not the oldest.
func TestA2xxRestartsTheFailureCount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		c := newClient(t, e.store, 0)
		ch, _, err := e.store.CreateChannel(ctx, c.ID, clients.ChannelWebhook, "http://127.0.0.1:1/h", clients.CadenceInstant)
		if err != nil {
			t.Fatal(err)
		}
		addPosts(t, e, intentPost(1))
		run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		leads, _, _ := e.store.Leads(ctx, c.ID, clients.LeadFilter{Limit: 10})
		if run.LeadsAdded != 1 || len(leads) != 1 {
			t.Fatalf("run %+v", run)
		}
		p, err := e.store.loadDelivery(ctx, clients.DeliveryID(leads[0].ID, ch.ID))
		if err != nil {
			t.Fatal(err)
		}
		t0 := time.Now().UTC().Truncate(time.Microsecond) // PostgreSQL keeps microseconds
		record := func(at time.Time, outcome string) {
			t.Helper()
			if err := e.store.recordAttempt(ctx, p, DeliveryAttempt{AttemptedAt: at, Outcome: outcome}, "", ""); err != nil {
				t.Fatal(err)
			}
		}
		record(t0, clients.OutcomeRetry)
		record(t0.Add(50*time.Hour), clients.OutcomeDelivered)
		record(t0.Add(60*time.Hour), clients.OutcomeSnoozed) // a 429 is no 2xx either
		record(t0.Add(100*time.Hour), clients.OutcomeRetry)  // 100 h after the first failure, 40 h after the last 2xx
		if got := channelOf(t, e, c.ID); got.Status != clients.ChannelActive || !got.FailingSince.Equal(t0.Add(60*time.Hour)) {
			t.Fatalf("channel %+v", got)
		}
		record(t0.Add(132*time.Hour), clients.OutcomeRetry) // 72 h after the first failure since the 2xx: paused at this attempt
		if got := channelOf(t, e, c.ID); got.Status != clients.ChannelPaused {
			t.Fatalf("channel %+v", got)
		}
		// The failure notice (raised at the 100 h attempt, CHANNEL_ALERT_AFTER
		// into the second failing spell), then the pause.
		if ns := listNotices(t, d); len(ns) != 2 || ns[0].Kind != notices.KindChannelPaused || ns[1].Kind != notices.KindChannelFailing {
			t.Fatalf("notices %+v", ns)
		}
	})
}
