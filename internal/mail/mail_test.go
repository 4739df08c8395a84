package mail_test

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/mail"
	"github.com/signalpipe/signalpipe/internal/mail/mailtest"
)

func sender(t *testing.T, srv *mailtest.Server, timeout time.Duration) *mail.SMTP {
	t.Helper()
	sv, err := mail.ParseURL(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	s, err := mail.New(mail.Options{Server: sv, From: "Signalpipe <leads@signalpipe.test>", Timeout: timeout, TLSConfig: srv.TLSConfig()})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func message() mail.Message {
	return mail.Message{MessageID: "msg_abc@signalpipe.test", To: []string{"ops@client.test"}, Subject: "New lead: Ada at Initech",
		Text: "Ada Lovelace at Initech\nscore 91 — hot", HTML: "<p><b>Ada Lovelace</b> at Initech — score 91</p>",
		Headers: map[string]string{"List-Unsubscribe": "<https://signalpipe.test/u/x>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}}
}

func TestSendSTARTTLSWithAuth(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{Username: "user", Password: "s3cret"})
	if err := sender(t, srv, 5*time.Second).Send(context.Background(), message()); err != nil {
		t.Fatal(err)
	}
	got := srv.Wait(t, 1, 5*time.Second)[0]
	if errs := srv.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	if !got.TLS || !got.Authed {
		t.Errorf("TLS %v, authenticated %v; want both", got.TLS, got.Authed)
	}
	if got.From != "leads@signalpipe.test" || len(got.To) != 1 || got.To[0] != "ops@client.test" {
		t.Errorf("envelope %q -> %v", got.From, got.To)
	}
	h := got.Header
	for k, want := range map[string]string{"Message-Id": "<msg_abc@signalpipe.test>", "Subject": "New lead: Ada at Initech",
		"List-Unsubscribe": "<https://signalpipe.test/u/x>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"} {
		if g := h.Get(k); g != want {
			t.Errorf("%s = %q, want %q", k, g, want)
		}
	}
	if !strings.Contains(got.Text, "score 91 — hot") || !strings.Contains(got.HTML, "<b>Ada Lovelace</b>") {
		t.Errorf("parts: text %q, html %q", got.Text, got.HTML)
	}
	if !strings.HasPrefix(h.Get("Content-Type"), "multipart/alternative") {
		t.Errorf("Content-Type %q", h.Get("Content-Type"))
	}
}

func TestSendImplicitTLS(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{ImplicitTLS: true})
	if err := sender(t, srv, 5*time.Second).Send(context.Background(), message()); err != nil {
		t.Fatal(err)
	}
	if got := srv.Wait(t, 1, 5*time.Second)[0]; !got.TLS {
		t.Error("not over TLS")
	}
}

func TestSendWrongPasswordFails(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{Username: "user", Password: "s3cret"})
	sv, _ := mail.ParseURL(strings.Replace(srv.URL(), "s3cret", "wrong", 1))
	s, _ := mail.New(mail.Options{Server: sv, From: "leads@signalpipe.test", Timeout: 5 * time.Second, TLSConfig: srv.TLSConfig()})
	if err := s.Send(context.Background(), message()); err == nil {
		t.Fatal("sent with a wrong password")
	}
	if n := len(srv.Messages()); n != 0 {
		t.Fatalf("%d messages arrived", n)
	}
}

func TestRejectedRecipientIsPermanent(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{RejectRcpt: 550})
	err := sender(t, srv, 5*time.Second).Send(context.Background(), message())
	var rej *mail.RejectedError
	if !errors.As(err, &rej) || !rej.Recipient || rej.Code != 550 {
		t.Fatalf("err = %v, want a recipient rejection 550", err)
	}
	srv = mailtest.Start(t, mailtest.Options{RejectRcpt: 450})
	err = sender(t, srv, 5*time.Second).Send(context.Background(), message())
	if err == nil || errors.As(err, &rej) || mail.ResponseCode(err) != 450 {
		t.Fatalf("err = %v, want a temporary failure 450", err)
	}
}

// A server that accepts the connection but never answers is given up
// after the timeout, not waited for.
func TestSilentServerTimesOut(t *testing.T) {
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
			defer c.Close()
		}
	}()
	sv, _ := mail.ParseURL("smtp://" + l.Addr().String())
	s, _ := mail.New(mail.Options{Server: sv, From: "leads@signalpipe.test", Timeout: 300 * time.Millisecond})
	start := time.Now()
	if err := s.Send(context.Background(), message()); err == nil {
		t.Fatal("sent to a silent server")
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("took %s with a 300ms timeout", d)
	}
}

func TestParseURL(t *testing.T) {
	good := map[string]mail.Server{
		"smtp://u:p@mail.example.com":       {Host: "mail.example.com", Port: 587, Username: "u", Password: "p"},
		"smtps://mail.example.com":          {Host: "mail.example.com", Port: 465, ImplicitTLS: true},
		"smtp://127.0.0.1:2525?tls=none":    {Host: "127.0.0.1", Port: 2525, NoTLS: true},
		"smtp://u%40x.com:p%3Aw@h.example/": {Host: "h.example", Port: 587, Username: "u@x.com", Password: "p:w"},
	}
	for raw, want := range good {
		got, err := mail.ParseURL(raw)
		if err != nil || *got != want {
			t.Errorf("ParseURL(%q) = %+v, %v; want %+v", raw, got, err, want)
		}
	}
	for _, raw := range []string{"", "http://h", "smtp://", "smtp://h:0", "smtp://h:99999", "smtp://h/x", "smtps://h?tls=none", "smtp://h?foo=1", "mail.example.com:587"} {
		if _, err := mail.ParseURL(raw); err == nil {
			t.Errorf("ParseURL(%q) accepted", raw)
		}
	}
}

func TestParseRecipients(t *testing.T) {
	got, err := mail.ParseRecipients(" a@x.com, Bob <b@y.org>, A@x.com ", 5)
	if err != nil || len(got) != 2 || got[0] != "a@x.com" || got[1] != "b@y.org" {
		t.Fatalf("%v %v", got, err)
	}
	for _, raw := range []string{"", "nope", "a@", "a@nodot", "a@x.com, b", "a@x.com,b@x.com,c@x.com"} {
		if _, err := mail.ParseRecipients(raw, 2); err == nil {
			t.Errorf("ParseRecipients(%q) accepted", raw)
		}
	}
}

// TestHeaderInjection: a line break in the subject (a lead's name comes
// from a post) starts no header of its own and arrives as one plain line
// (go-mail alone would keep the CR LF inside an encoded word).
func TestHeaderInjection(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	m := message()
	m.Subject = "New lead: Eve\r\nBcc: spy@evil.example\r\n\r\nbody"
	if err := sender(t, srv, 5*time.Second).Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := srv.Wait(t, 1, 5*time.Second)[0]
	if got.Header.Get("Bcc") != "" || len(got.To) != 1 || got.Header.Get("Subject") != "New lead: Eve Bcc: spy@evil.example body" {
		t.Fatalf("Subject %q, Bcc %q, to %v", got.Header.Get("Subject"), got.Header.Get("Bcc"), got.To)
	}
}

// BenchmarkSend: one message per connection (EHLO, STARTTLS, AUTH, the
// message, QUIT) to the in-process server on loopback (docs/performance.md
// "Email delivery").
func BenchmarkSend(b *testing.B) {
	srv := mailtest.Start(b, mailtest.Options{Username: "user", Password: "s3cret"})
	sv, _ := mail.ParseURL(srv.URL())
	s, err := mail.New(mail.Options{Server: sv, From: "leads@signalpipe.test", Timeout: 5 * time.Second, TLSConfig: srv.TLSConfig()})
	if err != nil {
		b.Fatal(err)
	}
	m := message()
	b.ResetTimer()
	for b.Loop() {
		if err := s.Send(context.Background(), m); err != nil {
			b.Fatal(err)
		}
	}
}
