package delivery

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
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
	e.do(t, "POST", "/api/admin/clients/"+clientID+"/channels", `{"kind":"webhook","target":"`+rc.srv.URL+`","cadence":"`+cadence+`"}`, 201, &out)
	rc.mu.Lock()
	rc.secret = out.Secret
	rc.mu.Unlock()
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
		addChannel(t, e, c.ID, instant.srv.URL, instant) // an instant channel beside it gets its own deliveries
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
		waitFor(t, "the first digest", func() bool { n, _ := rc.counts(); return n == 1 })
		first := DigestID(ch, b1)
		waitFor(t, "its leads delivered", func() bool {
			return countDeliveries(t, d, "digest_id = ? AND status = ?", first, clients.DeliveryDelivered) == 2
		})
		rc.mu.Lock()
		var body digestBody
		err := json.Unmarshal(rc.bodies[first], &body)
		rc.mu.Unlock()
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
		waitFor(t, "the second digest", func() bool { n, _ := rc.counts(); return n == 2 })
		second := DigestID(ch, b2)
		rc.mu.Lock()
		err = json.Unmarshal(rc.bodies[second], &body)
		rc.mu.Unlock()
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
		if n, ids := rc.counts(); n != 2 || ids[first] != 1 || ids[second] != 1 {
			t.Fatalf("receiver got %d requests: %v", n, ids)
		}
		if n := countDeliveries(t, d, "channel_id = ?", ch); n != 4 {
			t.Fatalf("%d deliveries to the digest channel, want 4", n)
		}
		waitFor(t, "the instant channel's 4", func() bool { n, _ := instant.counts(); return n == 4 })
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
		addChannel(t, e, c.ID, instant.srv.URL, instant)
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
			n, _ := instant.counts()
			m, _ := daily.counts()
			return n == 2 && m == 1
		})
		e.drained(t)
		if n, _ := instant.counts(); n != 2 {
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

// TestSlackDigest: one Block Kit message within 50 blocks, "and N more"
// with the inbox link beyond them; each lead with its own Good / Noise
// links.
func TestSlackDigest(t *testing.T) {
	dg := &digest{id: "msg_x", periodEnd: time.Now(), channel: &clients.Channel{ID: "ch", Cadence: clients.CadenceDaily}}
	lead := func(i int) *clients.ClientLead {
		raw, _ := json.Marshal(map[string]any{"name": fmt.Sprintf("Dana <%d>", i), "company": "Acme", "signal": "We need a CRM"})
		return &clients.ClientLead{ID: fmt.Sprint(i), URL: fmt.Sprintf("https://x.example/p/%d?a=1|2", i), Tier: "hot", SignalType: "tool_search", Score: 80, Lead: raw}
	}
	for _, c := range []struct{ n, shown, more int }{{1, 1, 0}, {49, 49, 0}, {50, 48, 2}, {60, 48, 12}} {
		var leads []*clients.ClientLead
		for i := range c.n {
			leads = append(leads, lead(i))
		}
		links := map[string]clients.FeedbackLinks{}
		for _, l := range leads {
			links[l.ID] = clients.FeedbackLinks{Good: "https://app.example/l/g." + l.ID, Noise: "https://app.example/l/n." + l.ID}
		}
		raw, err := slackDigest(dg, leads, "https://app.example/portal", links, clients.Brand{})
		if err != nil {
			t.Fatal(err)
		}
		var msg struct {
			Text   string
			Blocks []struct {
				Type string
				Text struct{ Text string }
			}
		}
		if err := json.Unmarshal(raw, &msg); err != nil {
			t.Fatal(err)
		}
		if len(msg.Blocks) > 50 || msg.Blocks[0].Type != "header" || !strings.Contains(msg.Text, fmt.Sprint(c.n)) {
			t.Fatalf("%d leads: %d blocks, text %q", c.n, len(msg.Blocks), msg.Text)
		}
		sections := 0
		for _, b := range msg.Blocks[1:] {
			if strings.Contains(b.Text.Text, "more") {
				if want := fmt.Sprintf("…and %d more in <https://app.example/portal|the inbox>", c.more); b.Text.Text != want {
					t.Fatalf("%q, want %q", b.Text.Text, want)
				}
				continue
			}
			id, _, _ := strings.Cut(b.Text.Text[strings.Index(b.Text.Text, "/p/")+3:], "?") // the lead's id, from its post URL
			wantLinks := "<https://app.example/l/g." + id + "|Good> · <https://app.example/l/n." + id + "|Noise>"
			if !strings.Contains(b.Text.Text, wantLinks) {
				t.Fatalf("lead block %q lacks %q", b.Text.Text, wantLinks)
			}
			sections++
			if !strings.Contains(b.Text.Text, "Dana &lt;") || !strings.Contains(b.Text.Text, "%7C2|") {
				t.Fatalf("lead block %q", b.Text.Text)
			}
		}
		if sections != c.shown {
			t.Fatalf("%d leads: %d shown, want %d", c.n, sections, c.shown)
		}
	}
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

// TestDigestSlackAndGone: a fake Slack incoming webhook gets one Block Kit
// digest listing the leads, unsigned; a webhook digest answered 410
// disables its channel, and the digest and its leads' deliveries are
// cancelled together, the attempt logged on each lead; a 500 first is
// retried and the retry delivers, with the same webhook-id.
func TestDigestSlackAndGone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		var (
			mu    sync.Mutex
			slack []slackMsg
		)
		slackSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var m slackMsg
			if err := json.NewDecoder(r.Body).Decode(&m); err != nil || r.Header.Get("webhook-signature") != "" {
				t.Errorf("slack request: %v, signature %q", err, r.Header.Get("webhook-signature"))
			}
			mu.Lock()
			slack = append(slack, m)
			mu.Unlock()
		}))
		defer slackSrv.Close()
		gone := newReceiver(t, func(_ int, w http.ResponseWriter) { w.WriteHeader(http.StatusGone) })
		flaky := newReceiver(t, func(n int, w http.ResponseWriter) {
			if n == 1 {
				w.WriteHeader(500)
			}
		})
		c := newClient(t, e.store, 0)
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"slack","target":"`+slackSrv.URL+`","cadence":"weekly"}`, 201, nil)
		goneCh := addDigestChannel(t, e, c.ID, clients.CadenceDaily, gone)
		flakyCh := addDigestChannel(t, e, c.ID, clients.CadenceDaily, flaky)
		addPosts(t, e, intentPost(1), intentPost(2), intentPost(3))
		if run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID); run.LeadsAdded != 3 {
			t.Fatalf("run %+v", run)
		}
		if n, err := e.store.ScheduleDigests(ctx, time.Now().Add(8*24*time.Hour)); err != nil || n != 3 {
			t.Fatalf("scheduled %d %v", n, err)
		}
		e.start(t)
		waitFor(t, "the Slack digest", func() bool { mu.Lock(); defer mu.Unlock(); return len(slack) == 1 })
		mu.Lock()
		m := slack[0]
		mu.Unlock()
		if m.Text != "3 new leads" || len(m.Blocks) != 4 || m.Blocks[0].Type != "header" ||
			!strings.Contains(m.Blocks[1].Text.Text, "Dana Reyes") || !strings.Contains(m.Blocks[1].Text.Text, "|Dana Reyes") {
			t.Fatalf("slack digest %+v", m)
		}
		waitFor(t, "the 410 channel disabled", func() bool {
			cs, _ := e.store.Channels(ctx, c.ID)
			for _, ch := range cs {
				if ch.ID == goneCh {
					return ch.Status == clients.ChannelDisabled
				}
			}
			return false
		})
		waitFor(t, "its deliveries cancelled", func() bool {
			return countDeliveries(t, d, "channel_id = ? AND status = ?", goneCh, clients.DeliveryCancelled) == 3
		})
		waitFor(t, "the flaky channel's retry delivered", func() bool {
			return countDeliveries(t, d, "channel_id = ? AND status = ?", flakyCh, clients.DeliveryDelivered) == 3
		})
		if n, ids := flaky.counts(); n != 2 || len(ids) != 1 {
			t.Fatalf("flaky receiver: %d requests, ids %v", n, ids)
		}
		outcomes := map[string]int{}
		for _, a := range deliveryLog(t, e, c.ID) {
			if a.ChannelID == goneCh || a.ChannelID == flakyCh {
				outcomes[a.ChannelID+" "+a.Outcome]++
			}
		}
		want := map[string]int{goneCh + " disabled": 3, flakyCh + " retry": 3, flakyCh + " delivered": 3}
		if fmt.Sprint(outcomes) != fmt.Sprint(want) {
			t.Fatalf("log outcomes %v, want %v", outcomes, want)
		}
	})
}
