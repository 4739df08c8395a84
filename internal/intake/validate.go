package intake

import (
	"encoding/json"
	"fmt"
	"math"
	"net/mail"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Field error texts, shown beside the field by the web app.
const (
	msgRequired = "This field is required"
	msgText     = "Must be text"
	msgEmail    = "Enter a valid email address"
	msgURL      = "Enter a valid http(s) URL"
	msgOption   = "Choose one of the listed options"
	msgList     = "Must be a list of the listed options"
	msgNumber   = "Must be a whole number of 0 or more"
	msgConfirm  = "Confirm all four statements"
	msgTime     = "Must be an ISO 8601 date and time"
)

// checker reads the fields of one decoded JSON object, collecting the
// normalised values in out and one error per bad field in errs.
type checker struct {
	raw  map[string]json.RawMessage
	out  map[string]any
	errs map[string]string
}

func newChecker(raw map[string]json.RawMessage) *checker {
	return &checker{raw: raw, out: map[string]any{}, errs: map[string]string{}}
}

func (c *checker) fail(name, msg string) { c.errs[name] = msg }

// present reports whether name was sent with a non-null value.
func (c *checker) present(name string) bool {
	v, ok := c.raw[name]
	return ok && string(v) != "null"
}

// text reads a string field, trimmed. Absent or blank reads as "".
func (c *checker) text(name string, required bool, limit int) string {
	if !c.present(name) {
		if required {
			c.fail(name, msgRequired)
		}
		return ""
	}
	var s string
	if err := json.Unmarshal(c.raw[name], &s); err != nil {
		c.fail(name, msgText)
		return ""
	}
	s = strings.TrimSpace(s)
	switch {
	case s == "" && required:
		c.fail(name, msgRequired)
	case utf8.RuneCountInString(s) > limit:
		c.fail(name, fmt.Sprintf("Must be at most %d characters", limit))
	default:
		c.out[name] = s
	}
	return s
}

func (c *checker) email(name string, required bool) string {
	s := c.text(name, required, maxEmail)
	if s != "" && c.errs[name] == "" && !validEmail(s) {
		c.fail(name, msgEmail)
		delete(c.out, name)
	}
	return s
}

func (c *checker) httpURL(name string, required bool) string {
	s := c.text(name, required, 2048)
	if s != "" && c.errs[name] == "" && !validHTTPURL(s) {
		c.fail(name, msgURL)
		delete(c.out, name)
	}
	return s
}

// enum reads an optional choice; "" counts as unanswered.
func (c *checker) enum(name string, options []string) string {
	s := c.text(name, false, maxText)
	if s != "" && c.errs[name] == "" && !slices.Contains(options, s) {
		c.fail(name, msgOption)
		delete(c.out, name)
	}
	if s == "" {
		delete(c.out, name)
	}
	return s
}

// list reads a list of option values, answering them in option order
// without duplicates. A required list must hold every option.
func (c *checker) list(name string, required bool, options []string) {
	var vals []string
	if c.present(name) {
		if err := json.Unmarshal(c.raw[name], &vals); err != nil {
			c.fail(name, msgList)
			return
		}
	}
	for _, v := range vals {
		if !slices.Contains(options, v) {
			c.fail(name, msgList)
			return
		}
	}
	picked := make([]string, 0, len(vals))
	for _, o := range options {
		if slices.Contains(vals, o) {
			picked = append(picked, o)
		}
	}
	if required && len(picked) != len(options) {
		c.fail(name, msgConfirm)
		return
	}
	c.out[name] = picked
}

// wholeNumber reads an optional whole number >= 0, sent as a JSON number or
// a string of digits.
func (c *checker) wholeNumber(name string) {
	if !c.present(name) {
		return
	}
	raw := c.raw[name]
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if strings.TrimSpace(s) == "" {
			return
		}
		raw = json.RawMessage(strings.TrimSpace(s))
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil || f < 0 || f != math.Trunc(f) || f > maxLeadGoal {
		c.fail(name, msgNumber)
		return
	}
	c.out[name] = int64(f)
}

// fixed checks that an optional label, if sent, is exactly want, and stores want.
func (c *checker) fixed(name, want string) {
	if c.present(name) {
		var s string
		if json.Unmarshal(c.raw[name], &s) != nil || s != want {
			c.fail(name, fmt.Sprintf("Must be %q", want))
			return
		}
	}
	c.out[name] = want
}

func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || strings.ContainsAny(s, " \t\r\n\"") {
		return false
	}
	domain := s[strings.LastIndexByte(s, '@')+1:]
	return strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}

func validHTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" &&
		!strings.ContainsAny(s, " \t\r\n")
}

// validPage accepts the page a dialog was opened on: an http(s) URL or a
// site path.
func validPage(s string) bool {
	if strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") {
		return !strings.ContainsAny(s, " \t\r\n")
	}
	return validHTTPURL(s)
}

// submission is a validated form, ready to store.
type submission struct {
	kind    string
	email   string
	company string
	summary string
	payload map[string]any
}

// validateBooking checks a booking lead (docs/api.md "Booking lead").
func validateBooking(raw map[string]json.RawMessage) (submission, map[string]string) {
	c := newChecker(raw)
	email := c.email("email", true)
	company := c.text("company", true, maxCompany)
	challenge := c.text("primaryChallenge", true, maxText)
	if challenge != "" && c.errs["primaryChallenge"] == "" && !slices.Contains(ChallengeOptions, challenge) {
		c.fail("primaryChallenge", msgOption)
	}
	if c.present("timestamp") {
		var ms float64
		if json.Unmarshal(raw["timestamp"], &ms) != nil || ms < 0 || ms != math.Trunc(ms) || ms > 1e15 {
			c.fail("timestamp", "Must be a time in epoch milliseconds")
		} else {
			c.out["timestamp"] = int64(ms)
		}
	}
	c.fixed("source", BookingSource)
	if page := c.text("url", false, 2048); page != "" && c.errs["url"] == "" && !validPage(page) {
		c.fail("url", "Must be an http(s) URL or a path")
	}
	c.text("userAgent", false, 1000)
	if len(c.errs) > 0 {
		return submission{}, c.errs
	}
	return submission{kind: KindBooking, email: email, company: company, summary: challenge, payload: c.out}, nil
}

// validateOnboarding checks an onboarding answer set (docs/api.md
// "Onboarding answers"); unknown fields are dropped.
func validateOnboarding(raw map[string]json.RawMessage) (submission, map[string]string) {
	c := newChecker(raw)
	for _, f := range onboardingFields {
		switch f.kind {
		case kindText:
			limit := maxText
			if f.name == "phone" {
				limit = maxPhone
			}
			c.text(f.name, f.required, limit)
		case kindEmail:
			c.email(f.name, f.required)
		case kindURL:
			c.httpURL(f.name, f.required)
		case kindEnum:
			c.enum(f.name, f.options)
		case kindList:
			c.list(f.name, f.required, f.options)
		case kindNumber:
			c.wholeNumber(f.name)
		}
	}
	c.submittedAt()
	c.fixed("source", OnboardingSource)
	if len(c.errs) > 0 {
		return submission{}, c.errs
	}
	str := func(k string) string { s, _ := c.out[k].(string); return s }
	return submission{kind: KindOnboarding, email: str("contact_email"), company: str("company_name"),
		summary: truncate(str("pain_points"), maxSummaryLen), payload: c.out}, nil
}

// submittedAt keeps the browser's ISO 8601 time, or sets the server's.
func (c *checker) submittedAt() {
	s := c.text("submitted_at", false, 64)
	if s == "" {
		if c.errs["submitted_at"] == "" {
			c.out["submitted_at"] = time.Now().UTC().Format(time.RFC3339Nano)
		}
		return
	}
	if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
		c.fail("submitted_at", msgTime)
	}
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
