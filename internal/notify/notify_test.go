package notify_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/mail"
	"github.com/signalpipe/signalpipe/internal/mail/mailtest"
	"github.com/signalpipe/signalpipe/internal/notify"
)

// slackRecorder is a fake Slack incoming webhook answering 500 to its
// first fail requests, then 200, and keeping the valid messages.
type slackRecorder struct {
	mu   sync.Mutex
	n    int
	msgs []map[string]any
}

func (s *slackRecorder) server(t *testing.T, fail int) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var m map[string]any
		if r.Method != "POST" || r.Header.Get("Content-Type") != "application/json" || json.Unmarshal(body, &m) != nil {
			t.Errorf("bad Slack request: %s %s", r.Method, body)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		s.n++
		if s.n <= fail {
			w.WriteHeader(500)
			return
		}
		s.msgs = append(s.msgs, m)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (s *slackRecorder) got() (int, []map[string]any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n, append([]map[string]any(nil), s.msgs...)
}

func start(t *testing.T, d *db.DB, o notify.Options) *notify.Owner {
	t.Helper()
	workers := river.NewWorkers()
	runner, err := jobs.New(d, jobs.Options{Workers: workers, Logger: slog.New(slog.DiscardHandler), TestOnly: true, PollInterval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	o.Logger = slog.New(slog.DiscardHandler)
	owner := notify.New(runner, o)
	river.AddWorker(workers, owner)
	if err := runner.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = runner.Stop(ctx)
	})
	return owner
}

// TestNotifyEmailAndSlack: one Notify reaches both of the owner's
// channels: an email with a text and an HTML part and the absolute link,
// and a Block Kit message with a header, the fields and a button to the
// link; a Slack endpoint failing at first is retried.
func TestNotifyEmailAndSlack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		srv := mailtest.Start(t, mailtest.Options{})
		sv, _ := mail.ParseURL(srv.URL())
		sender, err := mail.New(mail.Options{Server: sv, From: "leads@signalpipe.example", Timeout: 5 * time.Second, TLSConfig: srv.TLSConfig()})
		if err != nil {
			t.Fatal(err)
		}
		var slack slackRecorder
		owner := start(t, d, notify.Options{Mail: sender, To: []string{"boss@signalpipe.example"}, SlackURL: slack.server(t, 1).URL,
			BaseURL: "https://signalpipe.example", MailTimeout: 5 * time.Second})
		runner := ownerRunner(t, d)
		err = runner.InTx(context.Background(), func(tx jobs.Tx) error {
			return owner.NotifyTx(context.Background(), tx, notify.Message{Subject: "New booking: Initech", Text: "Need <more> pipeline", Link: "/admin",
				Fields: []notify.Field{{Label: "Kind", Value: "booking"}, {Label: "Email", Value: "ada@initech.example"}, {Label: "Company", Value: "Initech"}}})
		})
		if err != nil {
			t.Fatal(err)
		}
		m := srv.Wait(t, 1, 20*time.Second)[0]
		if m.To[0] != "boss@signalpipe.example" || m.Header.Get("Subject") != "New booking: Initech" ||
			!strings.Contains(m.Text, "Email: ada@initech.example") || !strings.Contains(m.Text, "https://signalpipe.example/admin") ||
			!strings.Contains(m.HTML, "Need &lt;more&gt; pipeline") || !strings.Contains(m.HTML, `href="https://signalpipe.example/admin"`) {
			t.Fatalf("email: %v\n%s\n%s", m.Header, m.Text, m.HTML)
		}
		deadline := time.Now().Add(20 * time.Second)
		for {
			if n, msgs := slack.got(); len(msgs) == 1 {
				if n != 2 {
					t.Fatalf("%d Slack requests, want 2 (one failed)", n)
				}
				b, _ := json.Marshal(msgs[0])
				for _, want := range []string{`"type":"header"`, `"text":"New booking: Initech"`, `*Email*\nada@initech.example`, `*Company*\nInitech`,
					`*Kind*\nbooking`, `Need \u0026lt;more\u0026gt; pipeline`, `"url":"https://signalpipe.example/admin"`} {
					if !strings.Contains(string(b), want) {
						t.Errorf("Slack message lacks %s: %s", want, b)
					}
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("no Slack message")
			}
			time.Sleep(50 * time.Millisecond)
		}
		// Notify (outside a transaction) with nothing configured enqueues nothing.
		none := notify.New(runner, notify.Options{})
		if err := none.Notify(context.Background(), "x", "y", "/admin"); err != nil {
			t.Fatal(err)
		}
	})
}

// TestNotifyOnlyEnqueues: Notify returns at once although the SMTP server
// never answers; the send happens (and fails, and is retried) in the job.
func TestNotifyOnlyEnqueues(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		l, err := net.Listen("tcp", "127.0.0.1:0") // accepts, never answers
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		sv, _ := mail.ParseURL("smtp://" + l.Addr().String())
		sender, _ := mail.New(mail.Options{Server: sv, From: "leads@signalpipe.example", Timeout: time.Second})
		owner := start(t, d, notify.Options{Mail: sender, To: []string{"boss@signalpipe.example"}, MailTimeout: time.Second})
		begin := time.Now()
		if err := owner.Notify(context.Background(), "New onboarding: Initech", "", "/admin"); err != nil {
			t.Fatal(err)
		}
		if took := time.Since(begin); took > 500*time.Millisecond {
			t.Fatalf("Notify took %s", took)
		}
		var n int
		if err := d.Reader.QueryRow(`SELECT COUNT(*) FROM river_job WHERE kind = 'owner_notify'`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d jobs, %v", n, err)
		}
	})
}

// ownerRunner is a second runner on d that only inserts jobs.
func ownerRunner(t *testing.T, d *db.DB) *jobs.Runner {
	t.Helper()
	workers := river.NewWorkers()
	river.AddWorker(workers, notify.New(nil, notify.Options{}))
	r, err := jobs.New(d, jobs.Options{Workers: workers, Logger: slog.New(slog.DiscardHandler), TestOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
