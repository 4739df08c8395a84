package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// DefaultTimeout bounds one message's whole SMTP exchange (dial, TLS,
// AUTH, the message) when Options.Timeout is 0.
const DefaultTimeout = 15 * time.Second

// Message is one email. MessageID is without angle brackets
// ("msg_…@host"); empty, the library makes one.
type Message struct {
	MessageID string
	To        []string
	Subject   string
	Text      string
	HTML      string
	// Headers are extra header fields, e.g. List-Unsubscribe.
	Headers map[string]string
	// FromName and FromAddress, when set, replace MAIL_FROM's name and
	// address (an agency's brand, docs/clients.md "White-label"); ReplyTo,
	// when set, is the Reply-To address.
	FromName, FromAddress, ReplyTo string
}

// Sender sends one message.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrNotConfigured is returned when no SMTP_URL is set.
var ErrNotConfigured = errors.New("mail is not configured (set SMTP_URL and MAIL_FROM)")

// RejectedError is a permanent (5xx) refusal by the server. Recipient is
// set when the server refused the recipient (RCPT TO): no retry of the
// same message to that address can succeed.
type RejectedError struct {
	Code      int
	Recipient bool
	Err       error
}

func (e *RejectedError) Error() string {
	if e.Recipient {
		return fmt.Sprintf("the mail server refused the recipient (%d): %v", e.Code, e.Err)
	}
	return fmt.Sprintf("the mail server refused the message (%d): %v", e.Code, e.Err)
}

func (e *RejectedError) Unwrap() error { return e.Err }

// Server is a parsed SMTP_URL.
type Server struct {
	Host     string
	Port     int
	Username string
	Password string
	// ImplicitTLS is smtps:// (TLS from the first byte, port 465);
	// otherwise STARTTLS is required, unless NoTLS (?tls=none, for a relay
	// on the same machine).
	ImplicitTLS bool
	NoTLS       bool
}

// ParseURL reads an SMTP_URL: smtp://[user:pass@]host[:port] (STARTTLS,
// port 587 by default) or smtps://[user:pass@]host[:port] (implicit TLS,
// port 465). ?tls=none on smtp:// sends in the clear (a local relay only).
func ParseURL(raw string) (*Server, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, errors.New("must be a URL such as smtp://user:pass@host:587 or smtps://user:pass@host:465")
	}
	s := &Server{}
	switch u.Scheme {
	case "smtp":
		s.Port = 587
	case "smtps":
		s.Port, s.ImplicitTLS = 465, true
	default:
		return nil, errors.New("must start with smtp:// (STARTTLS) or smtps:// (implicit TLS)")
	}
	if u.Opaque != "" || u.Hostname() == "" {
		return nil, errors.New("must name a host, as in smtp://user:pass@host:587")
	}
	if u.Path != "" && u.Path != "/" || u.Fragment != "" {
		return nil, errors.New("must not hold a path or #fragment")
	}
	s.Host = u.Hostname()
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return nil, errors.New("port must be a number 1-65535")
		}
		s.Port = n
	}
	if u.User != nil {
		s.Username = u.User.Username()
		s.Password, _ = u.User.Password()
	}
	for k, v := range u.Query() {
		switch {
		case k == "tls" && len(v) == 1 && v[0] == "none" && !s.ImplicitTLS:
			s.NoTLS = true
		case k == "tls":
			return nil, errors.New("tls may only be none, and only on smtp://")
		default:
			return nil, fmt.Errorf("unknown parameter %q (only tls=none)", k)
		}
	}
	return s, nil
}

// Options configure an SMTP sender.
type Options struct {
	Server *Server
	// From is the sender's address (MAIL_FROM), e.g. "Signalpipe
	// <leads@example.com>".
	From string
	// Timeout bounds one message's whole SMTP exchange (DefaultTimeout when 0).
	Timeout time.Duration
	// TLSConfig, when set, is used for TLS (tests trust their own
	// certificate with it); ServerName is set to the host.
	TLSConfig *tls.Config
}

// SMTP sends each message over its own connection to Options.Server.
type SMTP struct {
	opt  Options
	from *mail.Address
}

// New checks the options and returns the sender.
func New(o Options) (*SMTP, error) {
	if o.Server == nil {
		return nil, ErrNotConfigured
	}
	from, err := ParseAddress(o.From)
	if err != nil {
		return nil, fmt.Errorf("MAIL_FROM %w", err)
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	return &SMTP{opt: o, from: from}, nil
}

// ParseAddress reads one address ("a@b.example" or "Name <a@b.example>").
func ParseAddress(s string) (*mail.Address, error) {
	a, err := mail.ParseAddress(strings.TrimSpace(s))
	if err != nil || !strings.Contains(a.Address, "@") || strings.HasPrefix(a.Address, "@") || strings.HasSuffix(a.Address, "@") {
		return nil, fmt.Errorf("must be an email address such as name@example.com")
	}
	return a, nil
}

// ParseRecipients reads a comma-separated list of at most max addresses
// and returns their bare addresses; the error says which one is wrong.
func ParseRecipients(s string, max int) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		a, err := ParseAddress(part)
		if err != nil {
			return nil, fmt.Errorf("%q is not an email address (name@example.com)", part)
		}
		host := a.Address[strings.LastIndexByte(a.Address, '@')+1:]
		if !strings.Contains(host, ".") && net.ParseIP(host) == nil && host != "localhost" {
			return nil, fmt.Errorf("%q has no domain with a dot", part)
		}
		if k := strings.ToLower(a.Address); !seen[k] {
			seen[k] = true
			out = append(out, a.Address)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("must hold at least one email address")
	}
	if len(out) > max {
		return nil, fmt.Errorf("must hold at most %d addresses", max)
	}
	return out, nil
}

func (s *SMTP) client() (*gomail.Client, error) {
	sv := s.opt.Server
	opts := []gomail.Option{gomail.WithPort(sv.Port), gomail.WithTimeout(s.opt.Timeout)}
	tc := &tls.Config{MinVersion: tls.VersionTLS12}
	if s.opt.TLSConfig != nil {
		tc = s.opt.TLSConfig.Clone()
	}
	tc.ServerName = sv.Host
	opts = append(opts, gomail.WithTLSConfig(tc))
	switch {
	case sv.ImplicitTLS:
		opts = append(opts, gomail.WithSSL())
	case sv.NoTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if sv.Username != "" {
		// The strongest mechanism the server offers (never plain text
		// over an unencrypted connection, the library refuses that).
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(sv.Username), gomail.WithPassword(sv.Password))
	}
	return gomail.NewClient(sv.Host, opts...)
}

// Send delivers m within Options.Timeout (or ctx's deadline, if sooner).
// A 5xx refusal is a *RejectedError; anything else may be retried.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	if len(m.To) == 0 {
		return errors.New("mail: no recipient")
	}
	msg := gomail.NewMsg()
	name, addr := s.from.Name, s.from.Address
	if m.FromName != "" {
		name = oneLine(m.FromName)
	}
	if m.FromAddress != "" {
		addr = m.FromAddress
	}
	if err := msg.FromFormat(name, addr); err != nil {
		return fmt.Errorf("mail: from: %w", err)
	}
	if err := msg.To(m.To...); err != nil {
		return fmt.Errorf("mail: to: %w", err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return fmt.Errorf("mail: reply-to: %w", err)
		}
	}
	msg.Subject(oneLine(m.Subject))
	msg.SetDate()
	if m.MessageID != "" {
		msg.SetMessageIDWithValue(m.MessageID)
	} else {
		msg.SetMessageID()
	}
	for k, v := range m.Headers {
		msg.SetGenHeader(gomail.Header(oneLine(k)), oneLine(v))
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	c, err := s.client()
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, s.opt.Timeout)
	defer cancel()
	err = c.DialAndSendWithContext(ctx, msg)
	if err == nil {
		return nil
	}
	var se *gomail.SendError
	if errors.As(err, &se) && !se.IsTemp() && se.ErrorCode() >= 500 && se.ErrorCode() < 600 {
		return &RejectedError{Code: se.ErrorCode(), Recipient: se.Reason == gomail.ErrSMTPRcptTo, Err: err}
	}
	return fmt.Errorf("mail: %w", err)
}

// ResponseCode is the SMTP reply code behind err (4xx or 5xx), 0 when the
// server gave none (no connection, a timeout).
func ResponseCode(err error) int {
	var rej *RejectedError
	if errors.As(err, &rej) {
		return rej.Code
	}
	var se *gomail.SendError
	if errors.As(err, &se) {
		return se.ErrorCode()
	}
	return 0
}

// oneLine folds line breaks to spaces: header values come from posts
// (a lead's name in the subject) and read as one line in every client.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("\r", " ", "\n", " ").Replace(s)), " ")
}
