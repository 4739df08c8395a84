package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/mail"
	"github.com/signalpipe/signalpipe/internal/mail/mailtest"
	"github.com/signalpipe/signalpipe/internal/search"
)

// signedHook is a webhook receiver that checks each request's Standard
// Webhooks signature (the spec's algorithm, written out) and counts ids.
type signedHook struct {
	mu     sync.Mutex
	secret string
	ids    map[string]int
	bad    int
}

func (h *signedHook) handler(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	defer h.mu.Unlock()
	key, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(h.secret, "whsec_"))
	id, ts := r.Header.Get("webhook-id"), r.Header.Get("webhook-timestamp")
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id + "." + ts + "." + string(body)))
	if r.Header.Get("webhook-signature") != "v1,"+base64.StdEncoding.EncodeToString(m.Sum(nil)) {
		h.bad++
		w.WriteHeader(401)
		return
	}
	h.ids[id]++
}

// smtpNoTLS is the SMTP_URL of a mailtest server without STARTTLS (the
// server's sender cannot trust the test's certificate; TLS and AUTH are
// tested in internal/mail).
func smtpNoTLS(t *testing.T, srv *mailtest.Server) *mail.Server {
	t.Helper()
	sv, err := mail.ParseURL("smtp://" + srv.Addr + "?tls=none")
	if err != nil {
		t.Fatal(err)
	}
	return sv
}

func countHook(h *signedHook) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.ids)
}

// TestLeadEmailNoiseLinkEndToEnd (issue 23's end-to-end): a run finds a
// lead, which waits for the owner's approval (review mode); once approved
// its email reaches the SMTP server and its signed webhook the
// receiver, once each; the Noise link from the email, followed with no
// session (GET, then the page's POST), lands in the admin inbox's feedback.
func TestLeadEmailNoiseLinkEndToEnd(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		smtp := mailtest.Start(t, mailtest.Options{})
		hook := &signedHook{ids: map[string]int{}}
		receiver := httptest.NewServer(http.HandlerFunc(hook.handler))
		t.Cleanup(receiver.Close)
		s := newServerOn(t, d, func(c *config.Config) {
			c.AllowPrivateWebhooks, c.SMTP, c.MailFrom = true, smtpNoTLS(t, smtp), "leads@sp.example"
		})
		ctx := context.Background()
		if _, err := search.NewStore(d).AddPosts(ctx, []engine.Post{{ID: "e2e-1", Source: "test", Platform: "linkedin",
			URL: "https://linkedin.example/p/e2e-1", Author: "Dana Reyes",
			Text:        "We just closed our $20M Series B led by Granite Growth! The funding will go into sales and we are hiring account executives.",
			PublishedAt: time.Now().Add(-time.Hour),
			Profile:     map[string]string{"headline": "VP Sales at Brightwell", "employees": "120", "industry": "Fintech", "location": "Toronto"}}}); err != nil {
			t.Fatal(err)
		}
		addr := serveInBackground(t, s)
		cookie, csrf := adminLogin(t, s)
		h := map[string]string{"Cookie": cookie, "X-CSRF-Token": csrf, "Content-Type": "application/json", "Origin": "https://sp.example"}
		call := func(method, path, body string, want int, out any) {
			t.Helper()
			rec := httpxtest.Do(s.Handler(), method, path, h, body)
			if rec.Code != want {
				t.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
			}
			if out != nil {
				_ = json.Unmarshal(rec.Body.Bytes(), out)
			}
		}
		var c, a, web struct{ ID, Secret string }
		call("POST", "/api/admin/clients", `{"name":"Acme","icp":{"targetTitles":["VP Sales"],"industries":["Fintech"]}}`, 201, &c)
		call("POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"email","target":"ops@acme.example"}`, 201, nil)
		call("POST", "/api/admin/clients/"+c.ID+"/channels", `{"kind":"webhook","target":"`+receiver.URL+`/hook"}`, 201, &web)
		hook.mu.Lock()
		hook.secret = web.Secret
		hook.mu.Unlock()
		call("POST", "/api/admin/clients/"+c.ID+"/agents", `{"name":"Watch","sources":["index"]}`, 201, &a)
		var started struct{ RunID string }
		call("POST", "/api/admin/agents/"+a.ID+"/run", "", 202, &started)
		// A new client is in review mode: the run's lead waits for the
		// owner, and nothing is sent until it is approved.
		waitJobsSettled(t, d, "agent_run")
		var queue struct{ Leads []struct{ ID, Review string } }
		call("GET", "/api/admin/clients/"+c.ID+"/leads?review=pending", "", 200, &queue)
		if len(queue.Leads) != 1 || len(smtp.Messages()) != 0 || countHook(hook) != 0 {
			t.Fatalf("before approval: queue %+v, %d emails, %d webhooks", queue.Leads, len(smtp.Messages()), countHook(hook))
		}
		call("POST", "/api/admin/client-leads/"+queue.Leads[0].ID+"/approve", "", 200, nil)
		call("POST", "/api/admin/client-leads/"+queue.Leads[0].ID+"/approve", "", 409, nil)

		msgs := smtp.Wait(t, 1, 30*time.Second)
		deadline := time.Now().Add(30 * time.Second)
		for {
			hook.mu.Lock()
			n := len(hook.ids)
			hook.mu.Unlock()
			if n == 1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("no signed webhook arrived")
			}
			time.Sleep(50 * time.Millisecond)
		}
		var run struct{ Status string }
		call("GET", "/api/admin/runs/"+started.RunID, "", 200, &run)
		waitJobsSettled(t, d, "lead_delivery", "agent_run") // then the counts below are final
		if msgs = smtp.Messages(); len(msgs) != 1 {
			t.Fatalf("%d emails, want 1", len(msgs))
		}
		hook.mu.Lock()
		for id, n := range hook.ids {
			if n != 1 || hook.bad != 0 {
				t.Fatalf("webhook %s arrived %d times, %d bad signatures", id, n, hook.bad)
			}
		}
		hook.mu.Unlock()
		m := msgs[0]
		if !strings.Contains(m.Header.Get("Message-Id"), "@sp.example>") || !strings.Contains(m.Text, "Dana Reyes") || !strings.Contains(m.HTML, "Dana Reyes") {
			t.Fatalf("email %v\n%s", m.Header, m.Text)
		}
		noise := regexp.MustCompile(`Noise: (https://sp\.example/l/\S+)`).FindStringSubmatch(m.Text)
		if noise == nil {
			t.Fatalf("no Noise link in:\n%s", m.Text)
		}
		link := "http://" + addr + strings.TrimPrefix(noise[1], "https://sp.example")
		page, err := http.Get(link)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(page.Body)
		page.Body.Close()
		if page.StatusCode != 200 || !strings.Contains(string(body), `<form method="post">`) {
			t.Fatalf("GET %s: %d %s", link, page.StatusCode, body)
		}
		inbox := func() string {
			var out struct {
				Leads []struct{ Feedback *struct{ Verdict string } }
			}
			call("GET", "/api/admin/clients/"+c.ID+"/leads", "", 200, &out)
			if len(out.Leads) != 1 {
				t.Fatalf("inbox: %+v", out)
			}
			if out.Leads[0].Feedback == nil {
				return ""
			}
			return out.Leads[0].Feedback.Verdict
		}
		if v := inbox(); v != "" {
			t.Fatalf("GET recorded %q", v)
		}
		resp, err := http.Post(link, "application/x-www-form-urlencoded", nil) // the page's button
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || inbox() != "noise" {
			t.Fatalf("POST %s: %d, inbox verdict %q", link, resp.StatusCode, inbox())
		}
	})
}

// TestBookingNotifiesOwner: a booking is answered at once and the owner
// gets an email and a Slack message about it; with an SMTP server that
// never answers, the booking's answer does not wait for it.
func TestBookingNotifiesOwner(t *testing.T) {
	smtp := mailtest.Start(t, mailtest.Options{})
	var mu sync.Mutex
	var slack []string
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		slack = append(slack, string(b))
		mu.Unlock()
	}))
	t.Cleanup(hook.Close)
	s, _ := newTestServer(t, func(c *config.Config) {
		c.AllowPrivateWebhooks, c.SMTP, c.MailFrom = true, smtpNoTLS(t, smtp), "leads@sp.example"
		c.OwnerNotifyEmail, c.OwnerSlackWebhookURL = []string{"owner@sp.example"}, hook.URL
	})
	serveInBackground(t, s)
	rec := httpxtest.Do(s.Handler(), "POST", "/api/booking-leads", jsonHeaders, bookingJSON)
	if rec.Code != 201 {
		t.Fatalf("booking: %d %s", rec.Code, rec.Body)
	}
	m := smtp.Wait(t, 1, 30*time.Second)[0]
	if m.To[0] != "owner@sp.example" || !strings.HasPrefix(m.Header.Get("Subject"), "New booking: ") || !strings.Contains(m.Text, "https://sp.example/admin") {
		t.Fatalf("owner email %v\n%s", m.Header, m.Text)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		mu.Lock()
		n := len(slack)
		mu.Unlock()
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no Slack message")
		}
	}
	if !strings.Contains(slack[0], `"type":"header"`) || !strings.Contains(slack[0], `*Kind*\nbooking`) || !strings.Contains(slack[0], `"url":"https://sp.example/admin"`) {
		t.Fatalf("Slack message %s", slack[0])
	}

	l, err := net.Listen("tcp", "127.0.0.1:0") // accepts, never answers
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	silent, _ := mail.ParseURL("smtp://" + l.Addr().String())
	s2, _ := newTestServer(t, func(c *config.Config) {
		c.SMTP, c.SMTPTimeout, c.OwnerNotifyEmail = silent, 3*time.Second, []string{"owner@sp.example"}
	})
	serveInBackground(t, s2)
	start := time.Now()
	if rec := httpxtest.Do(s2.Handler(), "POST", "/api/booking-leads", jsonHeaders, bookingJSON); rec.Code != 201 {
		t.Fatalf("booking: %d %s", rec.Code, rec.Body)
	}
	if took := time.Since(start); took > 500*time.Millisecond {
		t.Fatalf("the booking waited %s for the owner's mail", took)
	}
}
