package delivery

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// TestDigestBoundary: the boundary is the client's hour in its zone,
// across New York's March and November changes and Kolkata's half hour.
func TestDigestBoundary(t *testing.T) {
	ny, kolkata := mustZone(t, "America/New_York"), mustZone(t, "Asia/Kolkata")
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		now, cadence string
		hour         int
		wd           time.Weekday
		loc          *time.Location
		want         string
	}{
		{"2026-03-07T15:00:00Z", clients.CadenceDaily, 9, 0, ny, "2026-03-07T14:00:00Z"}, // 9:00 EST
		{"2026-03-08T12:59:00Z", clients.CadenceDaily, 9, 0, ny, "2026-03-07T14:00:00Z"}, // 8:59 EDT: not yet
		{"2026-03-08T13:00:00Z", clients.CadenceDaily, 9, 0, ny, "2026-03-08T13:00:00Z"}, // 9:00 EDT, 23 h later
		{"2026-11-01T14:00:00Z", clients.CadenceDaily, 9, 0, ny, "2026-11-01T14:00:00Z"}, // 9:00 EST after fall back, 25 h later
		{"2026-11-01T13:59:00Z", clients.CadenceDaily, 9, 0, ny, "2026-10-31T13:00:00Z"},
		{"2026-11-27T03:30:00Z", clients.CadenceDaily, 9, 0, kolkata, "2026-11-27T03:30:00Z"}, // 9:00 IST
		{"2026-11-27T03:29:59Z", clients.CadenceDaily, 9, 0, kolkata, "2026-11-26T03:30:00Z"},
		{"2026-11-26T19:00:00Z", clients.CadenceDaily, 0, 0, kolkata, "2026-11-26T18:30:00Z"}, // midnight IST
		{"2026-11-25T12:00:00Z", clients.CadenceWeekly, 9, time.Monday, time.UTC, "2026-11-23T09:00:00Z"},
		{"2026-11-23T08:59:00Z", clients.CadenceWeekly, 9, time.Monday, time.UTC, "2026-11-16T09:00:00Z"},
		{"2026-11-23T09:00:00Z", clients.CadenceWeekly, 9, time.Monday, time.UTC, "2026-11-23T09:00:00Z"},
		{"2026-03-09T12:00:00Z", clients.CadenceWeekly, 9, time.Monday, ny, "2026-03-02T14:00:00Z"}, // Monday 8:00 EDT: last week's, in EST
		{"2026-03-09T13:00:00Z", clients.CadenceWeekly, 9, time.Monday, ny, "2026-03-09T13:00:00Z"},
	} {
		got := DigestBoundary(at(c.now), c.cadence, c.hour, c.wd, c.loc)
		if !got.Equal(at(c.want)) {
			t.Errorf("%s %s %d:00 %s: %s, want %s", c.now, c.cadence, c.hour, c.loc, got.UTC().Format(time.RFC3339), c.want)
		}
	}
	// Every minute around both changes, at every hour (the skipped and the
	// doubled one too): one boundary a local day, never after now, moving
	// forward only.
	for _, start := range []string{"2026-03-06T00:00:00Z", "2026-10-30T00:00:00Z"} {
		for hour := range 24 {
			var prev time.Time
			days := map[string]bool{}
			for now := at(start); now.Before(at(start).Add(4 * 24 * time.Hour)); now = now.Add(time.Minute) {
				b := DigestBoundary(now, clients.CadenceDaily, hour, 0, ny)
				if b.After(now) || now.Sub(b) > 25*time.Hour || b.Before(prev) {
					t.Fatalf("hour %d at %s: boundary %s after %s", hour, now, b, prev)
				}
				if !b.Equal(prev) {
					day := b.In(ny).Format(time.DateOnly)
					if days[day] {
						t.Fatalf("hour %d: two boundaries on %s", hour, day)
					}
					days[day] = true
				}
				prev = b
			}
		}
	}
}

// addDigestChannel makes a webhook channel of the cadence through the
// admin call and gives the receiver its secret.
func addDigestChannel(t *testing.T, e *env, clientID, cadence string, rc *receiver) string {
	t.Helper()
	var out struct{ ID, Secret string }
	e.do(t, "POST", "/api/admin/clients/"+clientID+"/channels", `{"kind":"webhook","target":"`+rc.Srv.URL+`","cadence":"`+cadence+`"}`, 201, &out)
	rc.Mu.Lock()
	rc.Secret = out.Secret
	rc.Mu.Unlock()
	return out.ID
}

type digestBody struct {
	Type string
	Data struct {
		DigestID  string
		ChannelID string
		PeriodEnd string
		Count     int
		Leads     []clients.ClientLead
	}
}

// TestDigestDeliveredOnce: a daily webhook digest carries the leads made
// before its boundary in one signed POST whose webhook-id is the
// (channel, period) id; scheduling again (or from another instance) makes
// nothing more; a lead made after the boundary, or committed after the
// digest was made, goes in the next one; no lead is sent twice.
func TestDigestDeliveredOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		other := newEnv(t, d) // a second instance on the same database
		ctx := context.Background()
		rc := newReceiver(t, ok200)
		t0 := time.Now().UTC().Truncate(time.Minute)
		hour := (t0.Hour() + 2) % 24
		e.store.WithNow(func() time.Time { return t0 })
		c := newClient(t, e.store, 0)
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, fmt.Sprintf(`{"settings":{"digestHour":%d,"timeZone":"UTC"}}`, hour), 200, nil)
		ch := addDigestChannel(t, e, c.ID, clients.CadenceDaily, rc)
		instant := newReceiver(t, ok200)
		addChannel(t, e, c.ID, instant.Srv.URL, instant) // an instant channel beside it gets its own deliveries
		a := newAgent(t, e.store, c.ID, nil)
		b1 := DigestBoundary(t0.Add(3*time.Hour), clients.CadenceDaily, hour, 0, time.UTC)
		if !b1.After(t0) {
			t.Fatalf("boundary %s", b1)
		}

		e.store.WithNow(func() time.Time { return t0.Add(time.Minute) })
		addPosts(t, e, intentPost(1), intentPost(2))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 2 {
			t.Fatalf("run %+v", run)
		}
		if n, err := e.store.ScheduleDigests(ctx, b1.Add(-time.Second)); err != nil || n != 0 {
			t.Fatalf("before the boundary: %d %v", n, err)
		}
		// Both instances, twice each, at once: one digest.
		var wg sync.WaitGroup
		made := make(chan int, 4)
		for _, s := range []*Store{e.store, other.store, e.store, other.store} {
			wg.Go(func() {
				n, err := s.ScheduleDigests(ctx, b1.Add(30*time.Second))
				if err != nil {
					t.Errorf("at the boundary: %v", err)
				}
				made <- n
			})
		}
		wg.Wait()
		close(made)
		total := 0
		for n := range made {
			total += n
		}
		if total != 1 {
			t.Fatalf("%d digests made at the boundary, want 1", total)
		}
		e.store.WithNow(func() time.Time { return b1.Add(time.Second) }) // found after the boundary
		addPosts(t, e, intentPost(3))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 1 {
			t.Fatalf("run %+v", run)
		}
		e.store.WithNow(func() time.Time { return b1.Add(-time.Second) }) // made before it, committed after the digest
		addPosts(t, e, intentPost(4))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 1 {
			t.Fatalf("run %+v", run)
		}
		e.store.WithNow(time.Now)
		e.start(t)
		other.start(t)
		waitFor(t, "the first digest", func() bool { n, _ := rc.Counts(); return n == 1 })
		first := DigestID(ch, b1)
		waitFor(t, "its leads delivered", func() bool {
			return countDeliveries(t, d, "digest_id = ? AND status = ?", first, clients.DeliveryDelivered) == 2
		})
		rc.Mu.Lock()
		var body digestBody
		err := json.Unmarshal(rc.Bodies[first], &body)
		rc.Mu.Unlock()
		if err != nil || body.Type != "leads.digest" || body.Data.DigestID != first || body.Data.ChannelID != ch ||
			body.Data.Count != 2 || len(body.Data.Leads) != 2 || body.Data.PeriodEnd != b1.Format(time.RFC3339) {
			t.Fatalf("first digest %+v %v", body, err)
		}
		got := map[string]bool{body.Data.Leads[0].PostID: true, body.Data.Leads[1].PostID: true}
		if !got["p1"] || !got["p2"] {
			t.Fatalf("first digest's leads %v", got)
		}

		b2 := b1.Add(24 * time.Hour)
		if n, err := other.store.ScheduleDigests(ctx, b2); err != nil || n != 1 {
			t.Fatalf("next day: %d %v", n, err)
		}
		waitFor(t, "the second digest", func() bool { n, _ := rc.Counts(); return n == 2 })
		second := DigestID(ch, b2)
		rc.Mu.Lock()
		err = json.Unmarshal(rc.Bodies[second], &body)
		rc.Mu.Unlock()
		if err != nil || body.Data.DigestID != second || len(body.Data.Leads) != 2 {
			t.Fatalf("second digest %+v %v", body, err)
		}
		got = map[string]bool{body.Data.Leads[0].PostID: true, body.Data.Leads[1].PostID: true}
		if !got["p3"] || !got["p4"] {
			t.Fatalf("second digest's leads %v", got)
		}
		if n, err := e.store.ScheduleDigests(ctx, b2.Add(time.Hour)); err != nil || n != 0 {
			t.Fatalf("again: %d %v", n, err)
		}
		e.drained(t)
		if n, ids := rc.Counts(); n != 2 || ids[first] != 1 || ids[second] != 1 {
			t.Fatalf("receiver got %d requests: %v", n, ids)
		}
		if n := countDeliveries(t, d, "channel_id = ?", ch); n != 4 {
			t.Fatalf("%d deliveries to the digest channel, want 4", n)
		}
		waitFor(t, "the instant channel's 4", func() bool { n, _ := instant.Counts(); return n == 4 })
		log := deliveryLog(t, e, c.ID)
		digestAttempts := 0
		for _, a := range log {
			if a.ChannelID == ch {
				digestAttempts++
				if a.Outcome != clients.OutcomeDelivered || a.ResponseCode != 200 {
					t.Errorf("digest attempt %+v", a)
				}
			}
		}
		if digestAttempts != 4 {
			t.Fatalf("%d digest attempts in the log, want one per lead (4)", digestAttempts)
		}
	})
}

// TestMonthlyCapAcrossChannels: a lead beyond the client's monthly cap is
// never stored, so no channel, instant or digest, gets it; the next run
// of the month adds nothing.
func TestMonthlyCapAcrossChannels(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		c := newClient(t, e.store, 2)
		instant, daily := newReceiver(t, ok200), newReceiver(t, ok200)
		addChannel(t, e, c.ID, instant.Srv.URL, instant)
		dch := addDigestChannel(t, e, c.ID, clients.CadenceDaily, daily)
		a := newAgent(t, e.store, c.ID, nil)
		addPosts(t, e, intentPost(1), intentPost(2), intentPost(3))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 2 {
			t.Fatalf("run %+v", run)
		}
		addPosts(t, e, intentPost(4))
		if run := e.runNow(t, a.ID); run.LeadsAdded != 0 {
			t.Fatalf("second run %+v", run)
		}
		if _, err := e.store.ScheduleDigests(ctx, time.Now().Add(25*time.Hour)); err != nil {
			t.Fatal(err)
		}
		e.start(t)
		waitFor(t, "deliveries", func() bool {
			n, _ := instant.Counts()
			m, _ := daily.Counts()
			return n == 2 && m == 1
		})
		e.drained(t)
		if n, _ := instant.Counts(); n != 2 {
			t.Fatalf("instant channel got %d", n)
		}
		if n := countDeliveries(t, d, "channel_id = ?", dch); n != 2 {
			t.Fatalf("digest channel has %d deliveries, want 2", n)
		}
		if n := countDeliveries(t, d, "client_id = ?", c.ID); n != 4 {
			t.Fatalf("%d deliveries in all, want 2 leads x 2 channels", n)
		}
	})
}

// TestDigestSettings: the digest time defaults to 9:00 UTC on Mondays
// and is validated when set.
func TestDigestSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var c clients.Client
		e.do(t, "POST", "/api/admin/clients", `{"name":"Acme"}`, 201, &c)
		if st := c.Settings; st.DigestHour != 9 || st.TimeZone != "UTC" || st.DigestWeekday != "monday" {
			t.Fatalf("defaults %+v", st)
		}
		for _, bad := range []string{`{"digestHour":24}`, `{"digestHour":-1}`, `{"timeZone":"Mars/Olympus"}`, `{"timeZone":"Local"}`,
			`{"timeZone":""}`, `{"digestWeekday":"someday"}`} {
			e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":`+bad+`}`, 400, nil)
		}
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"digestHour":0}}`, 200, &c)
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"settings":{"timeZone":"Asia/Kolkata","digestWeekday":"friday"}}`, 200, &c)
		e.do(t, "GET", "/api/admin/clients/"+c.ID, "", 200, &c)
		if st := c.Settings; st.DigestHour != 0 || st.TimeZone != "Asia/Kolkata" || st.DigestWeekday != "friday" {
			t.Fatalf("saved %+v", st)
		}
		for _, cadence := range []string{clients.CadenceDaily, clients.CadenceWeekly} {
			e.do(t, "POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"webhook","target":"http://127.0.0.1:9/x","cadence":"`+cadence+`"}`, 201, nil)
		}
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"webhook","target":"http://127.0.0.1:9/x","cadence":"hourly"}`, 400, nil)
	})
}
