package delivery

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// slackMsg is the part of an incoming-webhook payload Slack reads.
type slackMsg struct {
	Text   string `json:"text"`
	Blocks []struct {
		Type string `json:"type"`
		Text *struct {
			Type, Text string
		} `json:"text"`
		Fields   []struct{ Type, Text string } `json:"fields"`
		Elements []struct {
			Type, URL string
			Text      struct{ Text string }
		} `json:"elements"`
	} `json:"blocks"`
}

// TestSlackChannel: a fake Slack incoming webhook receives one Block Kit
// message per lead, with who, company, signal, score and tier, why, the
// post link and the draft, signed Good and Noise links (buttons), and no
// signature headers; a second channel's
// 404 (a removed Slack webhook) disables it.
func TestSlackChannel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnvDelivery(t, d, nil, DeliveryOptions{BaseURL: testBaseURL, Links: testLinks})
		var (
			mu   sync.Mutex
			msgs []slackMsg
		)
		slack := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			var m slackMsg
			if r.Header.Get("Content-Type") != "application/json" || json.Unmarshal(body, &m) != nil || r.Header.Get("webhook-signature") != "" {
				t.Errorf("bad Slack request %s", body)
				w.WriteHeader(400)
				_, _ = io.WriteString(w, "invalid_payload")
				return
			}
			for _, b := range m.Blocks {
				if b.Type == "actions" && len(b.Elements) == 2 {
					continue
				}
				if b.Type != "header" && b.Type != "section" || b.Text == nil && len(b.Fields) == 0 {
					t.Errorf("bad block %+v", b)
				}
				if b.Type == "header" && (b.Text.Type != "plain_text" || len(b.Text.Text) > 150) {
					t.Errorf("bad header %+v", b.Text)
				}
			}
			mu.Lock()
			msgs = append(msgs, m)
			mu.Unlock()
			_, _ = io.WriteString(w, "ok")
		}))
		defer slack.Close()
		removed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(404)
			_, _ = io.WriteString(w, "no_service")
		}))
		defer removed.Close()
		c := newClient(t, e.store, 0)
		var out map[string]any
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"slack","target":"`+slack.URL+`/services/T/B/x"}`, 201, &out)
		if _, ok := out["secret"]; ok {
			t.Fatalf("a Slack channel got a secret: %v", out)
		}
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"slack","target":"`+removed.URL+`/services/T/B/y"}`, 201, nil)
		addPosts(t, e, intentPost(1))
		if run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID); run.LeadsAdded != 1 {
			t.Fatalf("run %+v", run)
		}
		e.start(t)
		waitFor(t, "the Slack message", func() bool { return countDeliveries(t, d, "status <> ?", clients.DeliveryPending) == 2 })
		mu.Lock()
		defer mu.Unlock()
		if len(msgs) != 1 {
			t.Fatalf("%d Slack messages", len(msgs))
		}
		all := msgs[0].Text
		for _, b := range msgs[0].Blocks {
			if b.Text != nil {
				all += "\n" + b.Text.Text
			}
			for _, f := range b.Fields {
				all += "\n" + f.Text
			}
		}
		for _, want := range []string{"Dana Reyes1", "Brightwell1", "funding event", "*Score*", "hot", "Series B", "*Why*",
			"<https://linkedin.example/p/p1|Open the post>", "*Draft*"} {
			if !strings.Contains(all, want) {
				t.Errorf("message lacks %q:\n%s", want, all)
			}
		}
		cs, _ := e.store.Channels(context.Background(), c.ID)
		leads, _, _ := e.store.Leads(context.Background(), c.ID, clients.LeadFilter{Limit: 1})
		id := clients.DeliveryID(leads[0].ID, cs[0].ID)
		last := msgs[0].Blocks[len(msgs[0].Blocks)-1]
		if last.Type != "actions" || last.Elements[0].Text.Text != "Good" || last.Elements[0].URL != linkURL(testLinks, LinkGood, id) ||
			last.Elements[1].Text.Text != "Noise" || last.Elements[1].URL != linkURL(testLinks, LinkNoise, id) {
			t.Errorf("feedback buttons %+v", last)
		}
		if cs[0].Status != clients.ChannelActive || cs[1].Status != clients.ChannelDisabled || !strings.Contains(cs[1].DisabledReason, "404") {
			t.Fatalf("channels %+v %+v", cs[0], cs[1])
		}
	})
}
