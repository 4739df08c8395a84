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
		if n, ids := flaky.Counts(); n != 2 || len(ids) != 1 {
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
