package server

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// TestDeliveryKilledMidFlightIsRetriedWithinAMinute: a lead delivery whose
// instance died mid-attempt (its job left "running") is handed back by the
// quick rescue and delivered once, within a minute of the kill: after
// DeliveryRescueAfter, then one sweep (jobs.QuickRescueEvery) and River's
// fetch (River's own rescuer alone took 60 s).
func TestDeliveryKilledMidFlightIsRetriedWithinAMinute(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		t.Parallel()
		var calls atomic.Int32
		ids := make(chan string, 10)
		hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			ids <- r.Header.Get("webhook-id")
		}))
		t.Cleanup(hook.Close)
		s := newServerOn(t, d, func(c *config.Config) { c.AllowPrivateWebhooks = true })
		store := clients.NewStore(d, s.jobs)
		c := &clients.Client{Name: "Acme", Status: clients.StatusActive}
		if err := store.CreateClient(t.Context(), c); err != nil {
			t.Fatal(err)
		}
		ch, _, err := store.CreateChannel(t.Context(), c.ID, clients.ChannelWebhook, hook.URL, clients.CadenceInstant)
		if err != nil {
			t.Fatal(err)
		}
		leadID := db.NewID()
		deliveryID := clients.DeliveryID(leadID, ch.ID)
		var job int64
		err = s.jobs.InTx(t.Context(), func(tx jobs.Tx) error {
			if _, err := tx.Exec(t.Context(), `INSERT INTO client_leads (id, client_id, post_id, post_key, url, tier, signal_type, score, lead, created_at)
				VALUES (?, ?, ?, ?, ?, 'hot', 'funding_event', 80, '{}', ?)`, leadID, c.ID, leadID, "k"+leadID, "https://x.example/"+leadID, d.TimeArg(time.Now())); err != nil {
				return err
			}
			if _, err := tx.Exec(t.Context(), `INSERT INTO client_deliveries (id, client_id, channel_id, lead_id, status, created_at)
				VALUES (?, ?, ?, ?, 'pending', ?)`, deliveryID, c.ID, ch.ID, leadID, d.TimeArg(time.Now())); err != nil {
				return err
			}
			in, err := tx.Enqueue(t.Context(), clients.DeliveryArgs{DeliveryID: deliveryID}, nil)
			job = in.JobID
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		ago := clients.DeliveryRescueAfter - 3*time.Second
		killed := time.Now().Add(-ago)
		markRunning(t, d, job, ago)
		serveInBackground(t, s)
		for {
			var status string
			if err := d.Reader.QueryRow(d.Rebind(`SELECT status FROM client_deliveries WHERE id = ?`), deliveryID).Scan(&status); err != nil {
				t.Fatal(err)
			}
			if status == clients.DeliveryDelivered {
				break
			}
			if time.Since(killed) > 65*time.Second {
				t.Fatalf("delivery still %s a minute after its instance died", status)
			}
			time.Sleep(50 * time.Millisecond)
		}
		took := time.Since(killed)
		t.Logf("delivered %s after the kill", took.Round(10*time.Millisecond))
		// Never before an attempt's own limit (it might still be working);
		// River's leader rescuer (RescueStuckJobsAfter, about 28 s) may
		// come first, the quick rescue at DeliveryRescueAfter at the latest.
		attempt := delivery.DefaultWebhookTimeout + 5*time.Second
		if bound := clients.DeliveryRescueAfter + jobs.QuickRescueEvery + 7*time.Second; took < attempt || took > bound {
			t.Errorf("delivered %s after the kill, want between %s and %s", took, attempt, bound)
		}
		waitJobsSettled(t, d, "lead_delivery") // no retry left to send it twice
		if n := calls.Load(); n != 1 || <-ids != deliveryID {
			t.Fatalf("receiver called %d times", n)
		}
	})
}
