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

// TestChannelAlert: a channel failing for CHANNEL_ALERT_AFTER raises one
// notice, although two instances check at once; it counts in the clients
// list's failed deliveries; its next 2xx clears it with a second notice;
// nothing more is raised while it works.
func TestChannelAlert(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.store.WithAlertAfter(20 * time.Minute)
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
		ch := addChannel(t, e, c.ID, rc.Srv.URL+"/secret-path", rc)
		addPosts(t, e, intentPost(1))
		agent := newAgent(t, e.store, c.ID, nil)
		e.runNow(t, agent.ID)
		e.start(t)
		waitFor(t, "a failed attempt", func() bool { return channelOf(t, e, c.ID).FailingSince != nil })
		set(t0.Add(19 * time.Minute))
		if n, err := e.store.AlertFailing(ctx); err != nil || n != 0 {
			t.Fatalf("alerted %d before CHANNEL_ALERT_AFTER: %v", n, err)
		}
		set(t0.Add(20 * time.Minute))
		other := NewStore(clients.NewStore(d, e.runner).WithAlertAfter(20 * time.Minute)) // a second instance
		other.WithNow(e.store.Now)
		raised := make([]int, 2)
		var wg sync.WaitGroup
		for i, s := range []*Store{e.store, other} {
			wg.Go(func() {
				n, err := s.AlertFailing(ctx)
				if err != nil {
					t.Error(err)
				}
				raised[i] = n
			})
		}
		wg.Wait()
		ns := listNotices(t, d)
		if raised[0]+raised[1] != 1 || len(ns) != 1 || ns[0].Kind != notices.KindChannelFailing ||
			!strings.Contains(ns[0].Text, "Acme") || strings.Contains(ns[0].Text, "secret-path") || ns[0].Link != "/admin?client="+c.ID {
			t.Fatalf("raised %v, notices %+v", raised, ns)
		}
		if n, _ := e.store.AlertFailing(ctx); n != 0 {
			t.Fatalf("raised again: %d", n)
		}
		sums, err := e.store.Overview(ctx, 10)
		if err != nil || len(sums) != 1 || sums[0].AlertingChannels != 1 || sums[0].FailedDeliveries < 1 {
			t.Fatalf("overview %+v %v", sums, err)
		}
		if got := channelOf(t, e, c.ID); got.Status != clients.ChannelActive {
			t.Fatalf("the channel is %s; only the 72-hour check pauses", got.Status)
		}

		// It works again: the next 2xx clears the alert with a notice.
		mu.Lock()
		failing = false
		clock = time.Now().UTC() // the receiver checks the signature's timestamp
		mu.Unlock()
		addPosts(t, e, intentPost(2))
		e.runNow(t, agent.ID)
		waitFor(t, "a delivery", func() bool {
			return countDeliveries(t, d, "channel_id = ? AND status = ?", ch, clients.DeliveryDelivered) >= 1
		})
		waitFor(t, "the recovery notice", func() bool { return len(listNotices(t, d)) == 2 })
		var recovered *notices.Notice
		for _, n := range listNotices(t, d) {
			if n.Kind == notices.KindChannelRecovered {
				recovered = n
			}
		}
		if recovered == nil || !strings.Contains(recovered.Text, "works again") {
			t.Fatalf("no recovery notice: %+v", listNotices(t, d))
		}
		sums, _ = e.store.Overview(ctx, 10)
		if sums[0].AlertingChannels != 0 {
			t.Fatalf("still alerting: %+v", sums[0])
		}
		e.drained(t)
		if n := len(listNotices(t, d)); n != 2 {
			t.Fatalf("%d notices after recovery, want 2", n)
		}
	})
}
