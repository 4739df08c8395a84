package delivery

import (
	"context"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/mail"
	"github.com/signalpipe/signalpipe/internal/mail/mailtest"
)

// TestEmailChannel: a run's lead arrives once as an email over STARTTLS
// with authentication: both parts carry who, company, signal, score and
// tier, what the person wrote, why, the post link, the lead's link in the
// portal, the draft and the signed Good/Noise links; the
// Message-ID derives from the delivery id; List-Unsubscribe points at the
// signed unsubscribe link, one-click.
func TestEmailChannel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := mailtest.Start(t, mailtest.Options{Username: "apikey", Password: "pa ss"})
		e := mailEnv(t, d, "smtp://apikey:pa%20ss@"+srv.Addr, srv.TLSConfig(), 5*time.Second)
		c := newClient(t, e.store, 0)
		ch := addEmailChannel(t, e, c.ID, "Ops <ops@client.example>, sales@client.example, ops@client.example")
		if ch.Target != "ops@client.example, sales@client.example" {
			t.Fatalf("target stored as %q", ch.Target)
		}
		addPosts(t, e, intentPost(1))
		if run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID); run.LeadsAdded != 1 {
			t.Fatalf("run %+v", run)
		}
		e.start(t)
		msgs := srv.Wait(t, 1, 20*time.Second)
		waitFor(t, "the delivery recorded", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryDelivered) == 1 })
		e.drained(t)
		if msgs = srv.Messages(); len(msgs) != 1 {
			t.Fatalf("%d messages", len(msgs))
		}
		if errs := srv.Errors(); len(errs) > 0 {
			t.Fatal(errs)
		}
		m := msgs[0]
		if !m.TLS || !m.Authed || len(m.To) != 2 || m.From != "leads@signalpipe.example" {
			t.Fatalf("envelope: TLS %v auth %v %q -> %v", m.TLS, m.Authed, m.From, m.To)
		}
		leads, _, _ := e.store.Leads(context.Background(), c.ID, clients.LeadFilter{Limit: 10})
		id := clients.DeliveryID(leads[0].ID, ch.ID)
		if got := m.Header.Get("Message-Id"); got != "<"+id+"@signalpipe.example>" {
			t.Errorf("Message-ID %q, want <%s@signalpipe.example>", got, id)
		}
		unsub := linkURL(testLinks, LinkUnsubscribe, id)
		if m.Header.Get("List-Unsubscribe") != "<"+unsub+">" || m.Header.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" {
			t.Errorf("List-Unsubscribe %q, -Post %q", m.Header.Get("List-Unsubscribe"), m.Header.Get("List-Unsubscribe-Post"))
		}
		if s := m.Header.Get("Subject"); !strings.Contains(s, "Dana Reyes1") || !strings.Contains(s, "hot") {
			t.Errorf("Subject %q", s)
		}
		good, noise := linkURL(testLinks, LinkGood, id), linkURL(testLinks, LinkNoise, id)
		for part, body := range map[string]string{"text": m.Text, "html": m.HTML} {
			for _, want := range []string{"Dana Reyes1", "Brightwell1", "funding event", "hot", "Series B", "Why",
				"https://linkedin.example/p/p1", "Draft", good, noise, unsub,
				"hiring account executives",                  // what the person wrote, past the title
				testBaseURL + PortalLeadPath + leads[0].ID} { // the lead in the client's portal
				if !strings.Contains(body, want) {
					t.Errorf("%s part lacks %q:\n%s", part, want, body)
				}
			}
		}
		log := deliveryLog(t, e, c.ID)
		if len(log) != 1 || log[0].Outcome != clients.OutcomeDelivered || log[0].ResponseCode != 250 || log[0].ChannelID != ch.ID {
			t.Fatalf("log %+v", log)
		}
		// The log names the row's lead and channel (issue 31 item 7).
		if log[0].LeadName != "Dana Reyes1" || log[0].ChannelKind != clients.ChannelEmail {
			t.Errorf("log names lead %q channel %q", log[0].LeadName, log[0].ChannelKind)
		}
	})
}

// TestEmailChannelRefused: without SMTP_URL an email channel is refused
// saying mail is not configured; a bad address is refused with the reason.
func TestEmailChannelRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := newClient(t, e.store, 0)
		var out struct{ Fields map[string]string }
		e.do(t, "POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"email","target":"ops@client.example"}`, 400, &out)
		if !strings.Contains(out.Fields["kind"], "mail is not configured") {
			t.Fatalf("fields %v", out.Fields)
		}
		srv := mailtest.Start(t, mailtest.Options{})
		e = mailEnv(t, d, srv.URL(), srv.TLSConfig(), 5*time.Second)
		for target, reason := range map[string]string{"": "at least one", "ops": "not an email address", "ops@client.example, x@": "not an email address",
			"a@b.example,c@b.example,d@b.example,e@b.example,f@b.example,g@b.example,h@b.example,i@b.example,j@b.example,k@b.example,l@b.example": "at most 10"} {
			out.Fields = nil
			e.do(t, "POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"email","target":"`+target+`"}`, 400, &out)
			if !strings.Contains(out.Fields["target"], reason) {
				t.Errorf("target %q: fields %v, want %q", target, out.Fields, reason)
			}
		}
		if cs, _ := e.store.Channels(context.Background(), c.ID); len(cs) != 0 {
			t.Fatalf("refused channels stored: %+v", cs)
		}
	})
}

// TestEmailRecipientRejected: a permanent refusal of the recipient (550)
// disables the channel with the reason, like a webhook's 410; a temporary
// one (450) is retried.
func TestEmailRecipientRejected(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := mailtest.Start(t, mailtest.Options{RejectRcpt: 550})
		e := mailEnv(t, d, srv.URL(), srv.TLSConfig(), 5*time.Second)
		c := newClient(t, e.store, 0)
		ch := addEmailChannel(t, e, c.ID, "gone@client.example")
		addPosts(t, e, intentPost(1))
		e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		e.start(t)
		waitFor(t, "the delivery cancelled", func() bool { return countDeliveries(t, d, "status = ?", clients.DeliveryCancelled) == 1 })
		cs, _ := e.store.Channels(context.Background(), c.ID)
		if cs[0].ID != ch.ID || cs[0].Status != clients.ChannelDisabled || !strings.Contains(cs[0].DisabledReason, "refused the recipient (550)") {
			t.Fatalf("channel %+v", cs[0])
		}
		log := deliveryLog(t, e, c.ID)
		if len(log) != 1 || log[0].Outcome != clients.OutcomeDisabled || log[0].ResponseCode != 550 {
			t.Fatalf("log %+v", log)
		}
	})
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := mailtest.Start(t, mailtest.Options{RejectRcpt: 450})
		e := mailEnv(t, d, srv.URL(), srv.TLSConfig(), 5*time.Second)
		c := newClient(t, e.store, 0)
		addEmailChannel(t, e, c.ID, "busy@client.example")
		addPosts(t, e, intentPost(1))
		e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		e.start(t)
		waitFor(t, "a retry logged", func() bool { return len(deliveryLog(t, e, c.ID)) >= 1 })
		log := deliveryLog(t, e, c.ID)
		if log[0].Outcome != clients.OutcomeRetry || log[0].ResponseCode != 450 {
			t.Fatalf("log %+v", log)
		}
		if cs, _ := e.store.Channels(context.Background(), c.ID); cs[0].Status != clients.ChannelActive {
			t.Fatalf("a temporary refusal disabled the channel: %+v", cs[0])
		}
	})
}

// TestEmailServerDown: an SMTP server that accepts connections and never
// answers does not slow the run (it only enqueues), and the delivery's
// attempt gives up after the SMTP timeout and is retried later.
func TestEmailServerDown(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				t.Cleanup(func() { c.Close() })
			}
		}()
		e := mailEnv(t, d, "smtp://"+l.Addr().String(), nil, 500*time.Millisecond)
		c := newClient(t, e.store, 0)
		addEmailChannel(t, e, c.ID, "ops@client.example")
		addPosts(t, e, intentPost(1), intentPost(2))
		e.start(t) // workers running while the run works
		start := time.Now()
		run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID)
		if took := time.Since(start); run.LeadsAdded != 2 || took > 3*time.Second {
			t.Fatalf("run %+v took %s", run, took)
		}
		waitFor(t, "two failed attempts", func() bool { return len(deliveryLog(t, e, c.ID)) >= 2 })
		for _, a := range deliveryLog(t, e, c.ID) {
			if a.Outcome != clients.OutcomeRetry || a.Error == "" || a.LatencyMS > 3000 {
				t.Fatalf("attempt %+v", a)
			}
		}
		if n := countDeliveries(t, d, "status = ?", clients.DeliveryPending); n != 2 {
			t.Fatalf("%d deliveries pending, want 2 (to be retried)", n)
		}
	})
}

// TestEmailMessageIDHost: Message-IDs are msg_…@ BASE_URL's host.
func TestEmailMessageIDHost(t *testing.T) {
	for in, want := range map[string]string{"https://app.example.com/sub": "app.example.com", "http://localhost:8080": "localhost", "": "signalpipe.invalid"} {
		if got := messageIDHost(in); got != want {
			t.Errorf("messageIDHost(%q) = %q, want %q", in, got, want)
		}
	}
	if _, err := url.Parse(linkURL(testLinks, LinkGood, "msg_x")); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkEmailDrain: four runs' 200 leads, queued as email deliveries,
// drain through the deliveries queue to the in-process SMTP server
// (STARTTLS, AUTH, one connection per message); reports messages a second
// (docs/performance.md "Email delivery").
func BenchmarkEmailDrain(b *testing.B) {
	const n = 200
	for b.Loop() {
		b.StopTimer()
		d := dbtest.SQLite(b)
		srv := mailtest.Start(b, mailtest.Options{Username: "u", Password: "p"})
		sv, _ := mail.ParseURL(srv.URL())
		sender, err := mail.New(mail.Options{Server: sv, From: "leads@signalpipe.example", Timeout: 5 * time.Second, TLSConfig: srv.TLSConfig()})
		if err != nil {
			b.Fatal(err)
		}
		e := newEnvDelivery(b, d, nil, DeliveryOptions{Mail: sender, MailTimeout: 5 * time.Second, BaseURL: testBaseURL, Links: testLinks})
		c := newClient(b, e.store, 0)
		if _, _, err := e.store.CreateChannel(context.Background(), c.ID, clients.ChannelEmail, "ops@client.example", clients.CadenceInstant); err != nil {
			b.Fatal(err)
		}
		agent := newAgent(b, e.store, c.ID, nil)
		for r := range n / 50 { // a run adds at most 50 leads
			for i := range 50 {
				addPosts(b, e, intentPost(r*50+i))
			}
			if run := e.runNow(b, agent.ID); run.LeadsAdded != 50 {
				b.Fatalf("run added %d", run.LeadsAdded)
			}
		}
		b.StartTimer()
		start := time.Now()
		e.start(b)
		for len(srv.Messages()) < n {
			if time.Since(start) > time.Minute {
				b.Fatalf("%d of %d messages in a minute", len(srv.Messages()), n)
			}
			time.Sleep(10 * time.Millisecond)
		}
		b.ReportMetric(float64(n)/time.Since(start).Seconds(), "msgs/s")
	}
}
