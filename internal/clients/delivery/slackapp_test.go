package delivery

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// Slack's published example ("Verifying requests from Slack",
// api.slack.com/authentication/verifying-requests-from-slack).
const (
	slackDocSecret = "8f742231b10e8888abcd99yyyzzz85a5"
	slackDocTS     = "1531420618"
	slackDocBody   = "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c"
	slackDocSig    = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503"
)

// TestSlackSignatureSlackExample: the signer gives Slack's published
// signature; the verifier takes it at the published time and up to 5
// minutes either side, and refuses it later, earlier, altered, with
// another secret or without headers.
func TestSlackSignatureSlackExample(t *testing.T) {
	if got := slackSignature(slackDocSecret, slackDocTS, []byte(slackDocBody)); got != slackDocSig {
		t.Fatalf("signature %s, want %s", got, slackDocSig)
	}
	sec, _ := strconv.ParseInt(slackDocTS, 10, 64)
	at := time.Unix(sec, 0)
	h := http.Header{}
	h.Set("X-Slack-Request-Timestamp", slackDocTS)
	h.Set("X-Slack-Signature", slackDocSig)
	for _, now := range []time.Time{at, at.Add(4 * time.Minute), at.Add(-4 * time.Minute)} {
		if err := verifySlack(slackDocSecret, h, []byte(slackDocBody), now); err != nil {
			t.Errorf("at %s: %v", now.Sub(at), err)
		}
	}
	bad := func(name, secret string, h http.Header, body string, now time.Time) {
		if err := verifySlack(secret, h, []byte(body), now); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	bad("stale", slackDocSecret, h, slackDocBody, at.Add(6*time.Minute))
	bad("from the future", slackDocSecret, h, slackDocBody, at.Add(-6*time.Minute))
	bad("altered body", slackDocSecret, h, slackDocBody+"&x=1", at)
	bad("other secret", "another-secret-of-32-characters!", h, slackDocBody, at)
	bad("no secret", "", h, slackDocBody, at)
	bad("no headers", slackDocSecret, http.Header{}, slackDocBody, at)
	h2 := h.Clone()
	h2.Set("X-Slack-Signature", strings.ToUpper(slackDocSig))
	bad("other case", slackDocSecret, h2, slackDocBody, at)
}

// fakeSlack stands in for Slack's response_url and Web API: it records
// every message update.
type fakeSlack struct {
	mu   sync.Mutex
	srv  *httptest.Server
	reqs []map[string]any
	auth []string
	path []string
}

func newFakeSlack(t *testing.T) *fakeSlack {
	f := &fakeSlack{}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]any
		body, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(body, &m); err != nil || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Errorf("bad Slack request %s", body)
		}
		f.mu.Lock()
		f.reqs, f.auth, f.path = append(f.reqs, m), append(f.auth, r.Header.Get("Authorization")), append(f.path, r.URL.Path)
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true}`)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeSlack) last() (map[string]any, string, string, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.reqs) == 0 {
		return nil, "", "", 0
	}
	n := len(f.reqs) - 1
	return f.reqs[n], f.auth[n], f.path[n], len(f.reqs)
}

// slackClick is Slack's POST of a click on button action with value,
// signed with secret at ts.
func slackClick(secret string, ts time.Time, action, blockID, value, responseURL string, channel ...string) (map[string]string, string) {
	p := map[string]any{"type": "block_actions", "user": map[string]any{"id": "U123"}, "response_url": responseURL,
		"actions": []any{map[string]any{"type": "button", "action_id": "sp_" + action, "block_id": blockID, "value": value}}}
	if len(channel) == 2 {
		p["container"] = map[string]any{"type": "message", "channel_id": channel[0], "message_ts": channel[1]}
	}
	raw, _ := json.Marshal(p)
	body := url.Values{"payload": {string(raw)}}.Encode()
	stamp := strconv.FormatInt(ts.Unix(), 10)
	return map[string]string{"Content-Type": "application/x-www-form-urlencoded", "X-Slack-Request-Timestamp": stamp,
		"X-Slack-Signature": slackSignature(secret, stamp, []byte(body))}, body
}

// TestSlackInteractions: with the app configured, the delivered message
// carries Good, Noise, Approve and Contacted buttons (no links) whose
// values name the delivery; Slack's signed click records the same
// feedback and state as the portal and replaces the message through
// response_url (chat.update with the bot token when there is none); a bad
// or stale signature, or a value we did not sign, is 401 and records
// nothing; a paused client's click records nothing and tells the clicker.
func TestSlackInteractions(t *testing.T) {
	const secret = "test-signing-secret-0123456789"
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		fake := newFakeSlack(t)
		e := newEnvDelivery(t, d, nil, DeliveryOptions{BaseURL: testBaseURL, Links: testLinks,
			Slack: SlackApp{SigningSecret: secret, BotToken: "xoxb-test", APIURL: fake.srv.URL + "/api"}})
		var (
			mu  sync.Mutex
			got []map[string]any
		)
		hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var m map[string]any
			_ = json.NewDecoder(r.Body).Decode(&m)
			mu.Lock()
			got = append(got, m)
			mu.Unlock()
			_, _ = io.WriteString(w, "ok")
		}))
		defer hook.Close()
		c := newClient(t, e.store, 0)
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"slack","target":"`+hook.URL+`/services/T/B/x"}`, 201, nil)
		addPosts(t, e, intentPost(1))
		e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		e.start(t)
		waitFor(t, "the Slack message", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryDelivered) == 1 })
		ctx := context.Background()
		leads, _, _ := e.store.Leads(ctx, c.ID, clients.LeadFilter{Limit: 1})
		lead := leads[0]
		cs, _ := e.store.Channels(ctx, c.ID)
		deliveryID := clients.DeliveryID(lead.ID, cs[0].ID)

		// The message's buttons.
		mu.Lock()
		blocks, _ := got[0]["blocks"].([]any)
		mu.Unlock()
		actions, _ := blocks[len(blocks)-1].(map[string]any)
		if actions["type"] != "actions" || actions["block_id"] != "sp_lead_"+lead.ID {
			t.Fatalf("last block %v", actions)
		}
		values := map[string]string{}
		for _, el := range actions["elements"].([]any) {
			b := el.(map[string]any)
			if b["url"] != nil {
				t.Errorf("a button with a link: %v", b)
			}
			values[strings.TrimPrefix(b["action_id"].(string), "sp_")] = b["value"].(string)
		}
		if len(values) != 4 || !strings.HasPrefix(values[SlackGood], deliveryID+".") || values[SlackGood] == values[SlackNoise] {
			t.Fatalf("button values %v", values)
		}
		blockID := "sp_lead_" + lead.ID
		respURL := fake.srv.URL + "/actions/T1/1/x"
		post := func(h map[string]string, body string) int {
			return httpxtest.Do(e.h, "POST", SlackInteractionsPath, h, body).Code
		}
		load := func() *clients.ClientLead {
			l, err := e.store.Lead(ctx, c.ID, lead.ID)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}

		// Refused: nothing recorded, no message update.
		h, body := slackClick(secret, time.Now(), SlackGood, blockID, values[SlackGood], respURL)
		stale, staleBody := slackClick(secret, time.Now().Add(-6*time.Minute), SlackGood, blockID, values[SlackGood], respURL)
		forged, forgedBody := slackClick("another-secret-0123456789", time.Now(), SlackGood, blockID, values[SlackGood], respURL)
		swapped, swappedBody := slackClick(secret, time.Now(), SlackGood, blockID, values[SlackNoise], respURL) // noise's value on good
		for name, tc := range map[string][2]any{
			"bad signature":   {forged, forgedBody},
			"stale":           {stale, staleBody},
			"altered body":    {h, body + "x"},
			"unsigned value":  {swapped, swappedBody},
			"no signature":    {map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, body},
			"other lead's id": first(slackClick(secret, time.Now(), SlackGood, "sp_lead_other", values[SlackGood], respURL)),
		} {
			if code := post(tc[0].(map[string]string), tc[1].(string)); code != http.StatusUnauthorized {
				t.Errorf("%s: %d, want 401", name, code)
			}
		}
		if l := load(); l.Feedback != nil && l.Feedback.Verdict != "" || l.State != clients.StateNew {
			t.Fatalf("a refused click recorded %+v %s", l.Feedback, l.State)
		}
		if _, _, _, n := fake.last(); n != 0 {
			t.Fatalf("a refused click updated the message (%d)", n)
		}

		// Good, then Noise keeps the inbox's reason; Approve and Contacted set the state.
		if code := post(h, body); code != 200 || load().Feedback == nil || load().Feedback.Verdict != clients.VerdictGood {
			t.Fatalf("good: %d %+v", code, load().Feedback)
		}
		m, auth, path, _ := fake.last()
		if m["replace_original"] != true || auth != "" || path != "/actions/T1/1/x" || !strings.Contains(mustJSONString(m), "Marked good by <@U123>") ||
			!strings.Contains(mustJSONString(m), `"action_id":"sp_noise"`) {
			t.Fatalf("update %s %q %s", mustJSONString(m), auth, path)
		}
		if _, err := e.store.UpdateLead(ctx, c.ID, lead.ID, clients.LeadEdit{Feedback: &clients.Feedback{Verdict: clients.VerdictGood, Reason: "fits"}}); err != nil {
			t.Fatal(err)
		}
		if code := post(slackClick(secret, time.Now(), SlackNoise, blockID, values[SlackNoise], respURL)); code != 200 ||
			load().Feedback.Verdict != clients.VerdictNoise || load().Feedback.Reason != "fits" {
			t.Fatalf("noise: %d %+v", code, load().Feedback)
		}
		// Approve is the console's approval: the lead delivered is approved
		// already, so the clicker alone is told (the console's 409) and
		// nothing changes; a pending lead is approved, its deliveries queued
		// (a channel made since gets one), the message updated.
		if code := post(slackClick(secret, time.Now(), SlackApprove, blockID, values[SlackApprove], respURL)); code != 200 || load().State != clients.StateNew || load().Review != clients.ReviewApproved {
			t.Fatalf("approve an approved lead: %d %s %s", code, load().State, load().Review)
		}
		if m, _, _, _ = fake.last(); m["response_type"] != "ephemeral" || !strings.Contains(mustJSONString(m["text"]), "the lead is approved already") {
			t.Fatalf("approve an approved lead: reply %v", m)
		}
		later, _, err := e.store.CreateChannel(ctx, c.ID, clients.ChannelWebhook, hook.URL+"/later", clients.CadenceInstant)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Writer.Exec(d.Rebind(`UPDATE client_leads SET review = ?, reviewed_at = NULL WHERE id = ?`), clients.ReviewPending, lead.ID); err != nil {
			t.Fatal(err)
		}
		if code := post(slackClick(secret, time.Now(), SlackApprove, blockID, values[SlackApprove], respURL)); code != 200 || load().Review != clients.ReviewApproved {
			t.Fatalf("approve a pending lead: %d %s", code, load().Review)
		}
		if n := countDeliveries(t, d, "channel_id = ? AND lead_id = ?", later.ID, lead.ID); n != 1 {
			t.Fatalf("the approval queued %d deliveries to the later channel, want 1", n)
		}
		if m, _, _, _ = fake.last(); m["replace_original"] != true || !strings.Contains(mustJSONString(m), "Approved by <@U123>") {
			t.Fatalf("approve: update %s", mustJSONString(m))
		}
		// No response_url: chat.update with the bot token.
		if code := post(slackClick(secret, time.Now(), SlackContacted, blockID, values[SlackContacted], "", "C1", "1700000000.000100")); code != 200 || load().State != clients.StateContacted {
			t.Fatalf("contacted: %d %s", code, load().State)
		}
		m, auth, path, _ = fake.last()
		if path != "/api/chat.update" || auth != "Bearer xoxb-test" || m["channel"] != "C1" || m["ts"] != "1700000000.000100" ||
			!strings.Contains(mustJSONString(m), "Marked contacted") {
			t.Fatalf("chat.update %s %q %s", mustJSONString(m), auth, path)
		}
		// A response_url on another host is not followed.
		_, _, _, before := fake.last()
		if code := post(slackClick(secret, time.Now(), SlackGood, blockID, values[SlackGood], "http://127.0.0.1:1/elsewhere")); code != 200 {
			t.Fatalf("elsewhere: %d", code)
		}
		if _, _, _, n := fake.last(); n != before {
			t.Fatal("followed a response_url on another host")
		}

		// A paused client: nothing recorded, the clicker told.
		setStatus(t, e.store, c.ID, clients.StatusPaused)
		if code := post(slackClick(secret, time.Now(), SlackNoise, blockID, values[SlackNoise], respURL)); code != 200 || load().Feedback.Verdict != clients.VerdictGood {
			t.Fatalf("paused: %d %+v", code, load().Feedback)
		}
		if m, _, _, _ = fake.last(); m["response_type"] != "ephemeral" || !strings.Contains(mustJSONString(m["text"]), "paused") {
			t.Fatalf("paused reply %v", m)
		}
		setStatus(t, e.store, c.ID, clients.StatusChurned)
		if code := post(slackClick(secret, time.Now(), SlackNoise, blockID, values[SlackNoise], respURL)); code != 200 || load().Feedback.Verdict != clients.VerdictGood {
			t.Fatalf("churned: %d %+v", code, load().Feedback)
		}
		// A rejected lead cannot be approved from Slack either.
		setStatus(t, e.store, c.ID, clients.StatusActive)
		if _, err := e.store.Review(ctx, c.ID, []string{lead.ID}, clients.ReviewRejected); err != nil {
			t.Fatal(err)
		}
		if code := post(slackClick(secret, time.Now(), SlackApprove, blockID, values[SlackApprove], respURL)); code != 200 {
			t.Fatalf("approve a rejected lead: %d", code)
		}
		if m, _, _, _ = fake.last(); m["response_type"] != "ephemeral" || !strings.Contains(mustJSONString(m["text"]), "the lead is rejected; it cannot be approved") {
			t.Fatalf("approve a rejected lead: reply %v", m)
		}
		var review string
		if err := d.Reader.QueryRow(d.Rebind(`SELECT review FROM client_leads WHERE id = ?`), lead.ID).Scan(&review); err != nil || review != clients.ReviewRejected {
			t.Fatalf("review %q %v", review, err)
		}
		if code := post(map[string]string{}, strings.Repeat("x", maxSlackBody+1)); code != http.StatusRequestEntityTooLarge {
			t.Errorf("oversized: %d", code)
		}
	})
}

func first(h map[string]string, body string) [2]any { return [2]any{h, body} }

func mustJSONString(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return b.String()
}

// TestSlackWithoutApp: without SLACK_SIGNING_SECRET the interactions route
// is 404 and messages keep their link buttons.
func TestSlackWithoutApp(t *testing.T) {
	e := newEnvDelivery(t, dbtest.SQLite(t), nil, DeliveryOptions{BaseURL: testBaseURL, Links: testLinks})
	h, body := slackClick("whatever-secret-0123456789", time.Now(), SlackGood, "sp_lead_x", "msg_x.sig", "")
	if rec := httpxtest.Do(e.h, "POST", SlackInteractionsPath, h, body); rec.Code != http.StatusNotFound {
		t.Fatalf("%d", rec.Code)
	}
	l := &clients.ClientLead{ID: "lead1", Lead: json.RawMessage(`{}`)}
	raw, err := slackMessage(l, clients.FeedbackLinks{Good: "https://x/l/g", Noise: "https://x/l/n"}, nil, "", clients.Brand{})
	if err != nil || !strings.Contains(string(raw), `"url":"https://x/l/g"`) || strings.Contains(string(raw), "sp_good") {
		t.Fatalf("%s %v", raw, err)
	}
}
