package delivery

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// deliveredLead runs one lead to a webhook channel and returns the lead's
// id and its delivery's id.
func deliveredLead(t *testing.T, e *env, c *clients.Client) (leadID, deliveryID, channelID string) {
	t.Helper()
	rc := newReceiver(t, ok200)
	ch := addChannel(t, e, c.ID, rc.Srv.URL, rc)
	addPosts(t, e, intentPost(1))
	e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
	leads, _, _ := e.store.Leads(context.Background(), c.ID, clients.LeadFilter{Limit: 1})
	return leads[0].ID, clients.DeliveryID(leads[0].ID, ch), ch
}

// TestSignedLinks: GET shows a page and records nothing (a mail scanner
// following links changes nothing); POST records the verdict in the
// inbox's feedback, again and again the same; the other verdict replaces
// it; a forged or altered link is 404; unsubscribe disables the channel.
func TestSignedLinks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnvDelivery(t, d, nil, DeliveryOptions{BaseURL: testBaseURL, Links: testLinks})
		c := newClient(t, e.store, 0)
		leadID, id, ch := deliveredLead(t, e, c)
		ctx := context.Background()
		feedback := func() *clients.Feedback {
			l, err := e.store.Lead(ctx, c.ID, leadID)
			if err != nil {
				t.Fatal(err)
			}
			return l.Feedback
		}
		noise := linkPath(linkURL(testLinks, LinkNoise, id))
		rec := httpxtest.Do(e.h, "GET", noise, nil, "")
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `<form method="post">`) || !strings.Contains(rec.Body.String(), "Dana Reyes1") ||
			rec.Header().Get("Cache-Control") != "no-store" || rec.Header().Get("Referrer-Policy") != "no-referrer" {
			t.Fatalf("GET: %d %v %s", rec.Code, rec.Header(), rec.Body)
		}
		if f := feedback(); f != nil && f.Verdict != "" {
			t.Fatalf("GET recorded %+v", f)
		}
		if _, err := e.store.UpdateLead(ctx, c.ID, leadID, clients.LeadEdit{Feedback: &clients.Feedback{Verdict: clients.VerdictGood, Reason: "fits"}}); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			rec = httpxtest.Do(e.h, "POST", noise, nil, "")
			if rec.Code != 200 || !strings.Contains(rec.Body.String(), "marked as noise") {
				t.Fatalf("POST: %d %s", rec.Code, rec.Body)
			}
			if f := feedback(); f == nil || f.Verdict != clients.VerdictNoise || f.Reason != "fits" {
				t.Fatalf("feedback %+v", f)
			}
		}
		if rec = httpxtest.Do(e.h, "POST", linkPath(linkURL(testLinks, LinkGood, id)), nil, ""); rec.Code != 200 || feedback().Verdict != clients.VerdictGood {
			t.Fatalf("good: %d %+v", rec.Code, feedback())
		}
		// The page's optional reason box: stored with the verdict; too long
		// is refused and changes nothing.
		if !strings.Contains(httpxtest.Do(e.h, "GET", noise, nil, "").Body.String(), `name="reason"`) {
			t.Fatal("the Good/Noise page has no reason box")
		}
		form := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
		if rec = httpxtest.Do(e.h, "POST", noise, form, "reason="+strings.Repeat("x", 501)); rec.Code != 400 || feedback().Verdict != clients.VerdictGood {
			t.Fatalf("a 501-character reason: %d %+v", rec.Code, feedback())
		}
		if rec = httpxtest.Do(e.h, "POST", noise, form, "reason=a+recruiter%2C+not+a+buyer"); rec.Code != 200 ||
			feedback().Verdict != clients.VerdictNoise || feedback().Reason != "a recruiter, not a buyer" {
			t.Fatalf("noise with a reason: %d %+v", rec.Code, feedback())
		}
		if rec = httpxtest.Do(e.h, "POST", linkPath(linkURL(testLinks, LinkGood, id)), nil, ""); rec.Code != 200 || feedback().Verdict != clients.VerdictGood {
			t.Fatalf("good again: %d %+v", rec.Code, feedback())
		}
		forged := NewLinks(StaticKey([]byte("another secret of thirty-two byt")), testBaseURL)
		other := clients.DeliveryID("another-lead", ch)
		for _, p := range []string{linkPath(linkURL(forged, LinkNoise, id)), // wrong key
			strings.Replace(noise, "/l/n.", "/l/g.", 1),    // other action, same signature
			strings.Replace(noise, id, other, 1),           // other delivery, same signature
			linkPath(linkURL(testLinks, LinkNoise, other)), // signed, no such delivery
			"/l/n." + id, "/l/" + strings.Repeat("x", 300), "/l/n." + id + "."} {
			for _, m := range []string{"GET", "POST"} {
				if rec := httpxtest.Do(e.h, m, p, nil, ""); rec.Code != http.StatusNotFound {
					t.Errorf("%s %s: %d, want 404", m, p, rec.Code)
				}
			}
		}
		if f := feedback(); f.Verdict != clients.VerdictGood {
			t.Fatalf("a bad link changed the feedback: %+v", f)
		}
		unsub := linkPath(linkURL(testLinks, LinkUnsubscribe, id))
		if rec = httpxtest.Do(e.h, "GET", unsub, nil, ""); rec.Code != 200 {
			t.Fatalf("GET unsubscribe: %d", rec.Code)
		}
		if cs, _ := e.store.Channels(ctx, c.ID); cs[0].Status != clients.ChannelActive {
			t.Fatal("GET unsubscribed")
		}
		// RFC 8058 one-click: the mail client POSTs a form.
		rec = httpxtest.Do(e.h, "POST", unsub, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, "List-Unsubscribe=One-Click")
		if cs, _ := e.store.Channels(ctx, c.ID); rec.Code != 200 || cs[0].Status != clients.ChannelDisabled || !strings.Contains(cs[0].DisabledReason, "unsubscribed") {
			t.Fatalf("one-click: %d %+v", rec.Code, cs[0])
		}
		if rec = httpxtest.Do(e.h, "POST", unsub, nil, strings.Repeat("x", 10<<10)); rec.Code != http.StatusRequestEntityTooLarge {
			t.Errorf("a 10 KiB body: %d, want 413", rec.Code)
		}
	})
}

// TestLinksWithoutSecret: without a link signer the routes are 404 and
// messages carry no links.
func TestLinksWithoutSecret(t *testing.T) {
	e := newEnvDelivery(t, dbtest.SQLite(t), nil, DeliveryOptions{})
	if rec := httpxtest.Do(e.h, "GET", linkPath(linkURL(testLinks, LinkNoise, "msg_x")), nil, ""); rec.Code != http.StatusNotFound {
		t.Fatalf("%d", rec.Code)
	}
	var nl *Links
	if got, err := nl.forDelivery(context.Background(), "msg_x"); err != nil || got.Good != "" || got.Unsubscribe != "" {
		t.Fatalf("links %+v", got)
	}
}

// TestLinkKeyLoadedOnce: the key is loaded on first use, not when made
// (a server on a read-only database starts), and kept; a failed load is
// tried again next time.
func TestLinkKeyLoadedOnce(t *testing.T) {
	calls, fail := 0, true
	l := NewLinks(func(context.Context) ([]byte, error) {
		calls++
		if fail {
			return nil, errors.New("read-only")
		}
		return []byte("k"), nil
	}, testBaseURL)
	if calls != 0 {
		t.Fatal("loaded when made")
	}
	if _, err := l.URL(context.Background(), LinkGood, "msg_x"); err == nil {
		t.Fatal("no error from a failed load")
	}
	fail = false
	a, _ := l.URL(context.Background(), LinkGood, "msg_x")
	b, _ := l.URL(context.Background(), LinkGood, "msg_x")
	if a != b || calls != 2 || !strings.HasPrefix(a, testBaseURL+"/l/g.msg_x.") {
		t.Fatalf("%q %q after %d loads", a, b, calls)
	}
}

// TestSignedLinksFollowClientStatus: the Good / Noise links follow the
// status policy of the portal and API (docs/clients.md §1.2): a paused
// client's link shows the paused message (403) and records nothing, GET
// or POST; a churned client's answers 401 with the closed message; the
// unsubscribe link still works for both (a recipient can always stop the
// mail); active again, the link records (issue 29 item 3).
func TestSignedLinksFollowClientStatus(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnvDelivery(t, d, nil, DeliveryOptions{BaseURL: testBaseURL, Links: testLinks})
		c := newClient(t, e.store, 0)
		leadID, id, _ := deliveredLead(t, e, c)
		verdict := func() string {
			l, err := e.store.Lead(context.Background(), c.ID, leadID)
			if err != nil {
				t.Fatal(err)
			}
			if l.Feedback == nil {
				return ""
			}
			return l.Feedback.Verdict
		}
		good := linkPath(linkURL(testLinks, LinkGood, id))
		for _, st := range []struct {
			status string
			code   int
			text   string
		}{{clients.StatusPaused, http.StatusForbidden, "This workspace is paused"}, {clients.StatusChurned, http.StatusUnauthorized, "This workspace is closed"}} {
			setStatus(t, e.store, c.ID, st.status)
			for _, m := range []string{"GET", "POST"} {
				rec := httpxtest.Do(e.h, m, good, nil, "")
				if rec.Code != st.code || !strings.Contains(rec.Body.String(), st.text) || strings.Contains(rec.Body.String(), "<form") {
					t.Errorf("%s: %s: %d %s, want %d with %q and no button", st.status, m, rec.Code, rec.Body, st.code, st.text)
				}
			}
			if v := verdict(); v != "" {
				t.Fatalf("%s: the link recorded %q", st.status, v)
			}
		}
		setStatus(t, e.store, c.ID, clients.StatusActive)
		if rec := httpxtest.Do(e.h, "POST", good, nil, ""); rec.Code != 200 || verdict() != clients.VerdictGood {
			t.Fatalf("active again: %d, verdict %q", rec.Code, verdict())
		}
		setStatus(t, e.store, c.ID, clients.StatusPaused)
		if rec := httpxtest.Do(e.h, "POST", linkPath(linkURL(testLinks, LinkUnsubscribe, id)), nil, ""); rec.Code != 200 ||
			!strings.Contains(rec.Body.String(), "Unsubscribed") {
			t.Fatalf("unsubscribe while paused: %d %s", rec.Code, rec.Body)
		}
	})
}
