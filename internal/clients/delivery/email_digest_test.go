package delivery

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/mail/mailtest"
)

// TestEmailDigest: an email channel with a daily cadence gets ONE email a
// period listing every new lead, each with its own signed Good and Noise
// links (its delivery in the digest), the inbox link and List-Unsubscribe;
// its Message-ID derives from the digest id, and every lead's delivery is
// delivered. (Before, an email channel's digest was cancelled: "channel
// kind email has no digest".)
func TestEmailDigest(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := mailtest.Start(t, mailtest.Options{})
		e := mailEnv(t, d, "smtp://"+srv.Addr, srv.TLSConfig(), 5*time.Second)
		ctx := context.Background()
		c := newClient(t, e.store, 0)
		var out struct{ Channel *clients.Channel }
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"email","target":"ops@client.example","cadence":"daily"}`, 201, &out)
		ch := out.Channel
		addPosts(t, e, intentPost(1), intentPost(2), intentPost(3))
		if run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID); run.LeadsAdded != 3 {
			t.Fatalf("run %+v", run)
		}
		if n, err := e.store.ScheduleDigests(ctx, time.Now().Add(2*24*time.Hour)); err != nil || n != 1 {
			t.Fatalf("scheduled %d %v", n, err)
		}
		e.start(t)
		srv.Wait(t, 1, 20*time.Second)
		waitFor(t, "the digest's deliveries recorded", func() bool {
			return countDeliveries(t, d, "channel_id = ? AND status = ?", ch.ID, clients.DeliveryDelivered) == 3
		})
		e.drained(t)
		msgs := srv.Messages()
		if len(msgs) != 1 {
			t.Fatalf("%d messages, want one digest", len(msgs))
		}
		m := msgs[0]
		if s := m.Header.Get("Subject"); s != "3 new leads in your daily digest" {
			t.Errorf("Subject %q", s)
		}
		if id := m.Header.Get("Message-Id"); !strings.HasPrefix(id, "<msg_") || !strings.HasSuffix(id, "@signalpipe.example>") {
			t.Errorf("Message-ID %q", id)
		}
		leads, _, _ := e.store.Leads(ctx, c.ID, clients.LeadFilter{Limit: 10})
		if len(leads) != 3 {
			t.Fatalf("%d leads", len(leads))
		}
		for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
			for _, l := range leads {
				id := clients.DeliveryID(l.ID, ch.ID)
				for _, want := range []string{l.URL, linkURL(testLinks, LinkGood, id), linkURL(testLinks, LinkNoise, id)} {
					if !strings.Contains(body, want) {
						t.Errorf("%s part lacks %q", part, want)
					}
				}
			}
			if !strings.Contains(body, testBaseURL+"/portal") {
				t.Errorf("%s part lacks the inbox link", part)
			}
		}
		if u := m.Header.Get("List-Unsubscribe"); !strings.Contains(u, "/l/u.") || m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
			t.Errorf("List-Unsubscribe %q", u)
		}
	})
}
