package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Options shape the server.
type Options struct {
	// ImplicitTLS serves TLS from the first byte (smtps://); otherwise the
	// server offers STARTTLS.
	ImplicitTLS bool
	// Username and Password, when set, are required (AUTH PLAIN).
	Username, Password string
	// RejectRcpt, when set, refuses every recipient with this code
	// (e.g. 550 permanent, 450 temporary).
	RejectRcpt int
}

// Received is one message as received and parsed.
type Received struct {
	From   string
	To     []string
	Header mail.Header
	Text   string
	HTML   string
	Raw    []byte
	TLS    bool
	Authed bool
}

// Server is a running test SMTP server.
type Server struct {
	Addr string
	opt  Options
	srv  *smtp.Server
	pool *x509.CertPool

	mu   sync.Mutex
	msgs []Received
	errs []error
	ch   chan struct{}
}

// Start runs a server on 127.0.0.1 until the test ends.
func Start(t testing.TB, o Options) *Server {
	t.Helper()
	cert, pool := selfSigned(t)
	s := &Server{opt: o, pool: pool, ch: make(chan struct{}, 1000)}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{s: s, conn: c}, nil
	}))
	srv.Domain = "mailtest.localhost"
	srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.MaxMessageBytes = 1 << 20
	var l net.Listener
	var err error
	if o.ImplicitTLS {
		l, err = tls.Listen("tcp", "127.0.0.1:0", srv.TLSConfig)
	} else {
		l, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatal(err)
	}
	s.Addr, s.srv = l.Addr().String(), srv
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return s
}

// URL is the SMTP_URL of the server.
func (s *Server) URL() string {
	scheme, user := "smtp", ""
	if s.opt.ImplicitTLS {
		scheme = "smtps"
	}
	if s.opt.Username != "" {
		user = s.opt.Username + ":" + s.opt.Password + "@"
	}
	return scheme + "://" + user + s.Addr
}

// TLSConfig trusts the server's certificate.
func (s *Server) TLSConfig() *tls.Config {
	return &tls.Config{RootCAs: s.pool, MinVersion: tls.VersionTLS12}
}

// Messages returns the messages received so far.
func (s *Server) Messages() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Received(nil), s.msgs...)
}

// Errors returns the messages that arrived but could not be parsed.
func (s *Server) Errors() []error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]error(nil), s.errs...)
}

// Wait waits until n messages arrived, or d passed, and returns them.
func (s *Server) Wait(t testing.TB, n int, d time.Duration) []Received {
	t.Helper()
	deadline := time.After(d)
	for {
		if m := s.Messages(); len(m) >= n {
			return m
		}
		select {
		case <-s.ch:
		case <-deadline:
			t.Fatalf("mailtest: %d of %d messages within %s (errors: %v)", len(s.Messages()), n, d, s.Errors())
		}
	}
}

type session struct {
	s      *Server
	conn   *smtp.Conn
	from   string
	to     []string
	authed bool
}

func (x *session) AuthMechanisms() []string {
	if x.s.opt.Username == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (x *session) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != x.s.opt.Username || pass != x.s.opt.Password {
			return smtp.ErrAuthFailed
		}
		x.authed = true
		return nil
	}), nil
}

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if x.s.opt.Username != "" && !x.authed {
		return smtp.ErrAuthRequired
	}
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if c := x.s.opt.RejectRcpt; c != 0 {
		enh := smtp.EnhancedCode{5, 1, 1}
		if c < 500 {
			enh = smtp.EnhancedCode{4, 2, 1}
		}
		return &smtp.SMTPError{Code: c, EnhancedCode: enh, Message: "mailbox unavailable"}
	}
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	_, isTLS := x.conn.TLSConnectionState()
	m, perr := parse(raw)
	m.From, m.To, m.TLS, m.Authed = x.from, x.to, isTLS, x.authed
	x.s.mu.Lock()
	if perr != nil {
		x.s.errs = append(x.s.errs, perr)
	}
	x.s.msgs = append(x.s.msgs, m)
	x.s.mu.Unlock()
	select {
	case x.s.ch <- struct{}{}:
	default:
	}
	return nil
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }

// parse reads a message: its header and its text/plain and text/html
// parts (multipart/alternative or a single part), decoded.
func parse(raw []byte) (Received, error) {
	m := Received{Raw: raw}
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return m, fmt.Errorf("read message: %w", err)
	}
	m.Header = msg.Header
	return m, walk(&m, msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
}

func walk(m *Received, ctype, cte string, body io.Reader) error {
	mt, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		return fmt.Errorf("content type %q: %w", ctype, err)
	}
	if strings.HasPrefix(mt, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := walk(m, p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(cte) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = newBase64(body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return fmt.Errorf("read %s part: %w", mt, err)
	}
	switch mt {
	case "text/plain":
		m.Text = string(b)
	case "text/html":
		m.HTML = string(b)
	}
	return nil
}

// selfSigned makes a certificate for 127.0.0.1 and localhost and a pool
// trusting it.
func selfSigned(t testing.TB) (tls.Certificate, *x509.CertPool) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "mailtest"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA: true, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(c)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: c}, pool
}

// newBase64 decodes a base64 body (the decoder skips its line breaks).
func newBase64(r io.Reader) io.Reader { return base64.NewDecoder(base64.StdEncoding, r) }
