package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/mail"
)

// Targets of a notification job.
const (
	TargetEmail = "email"
	TargetSlack = "slack"

	// DefaultTimeout bounds one Slack POST.
	DefaultTimeout = 10 * time.Second
	// maxAttempts: with River's backoff (attempt⁴ s) about a day of retries.
	maxAttempts = 12
)

// Field is one labelled value of a message (kind, email, company, …).
type Field struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Message is what the owner is told. Link is a path of the site (e.g.
// /admin) or an absolute URL.
type Message struct {
	Subject string  `json:"subject"`
	Text    string  `json:"text"`
	Link    string  `json:"link"`
	Fields  []Field `json:"fields,omitempty"`
}

// Args is the job that sends one Message to one target.
type Args struct {
	Target  string  `json:"target"`
	Message Message `json:"message"`
}

// Kind implements river.JobArgs.
func (Args) Kind() string { return "owner_notify" }

// InsertOpts implements river.JobArgsWithInsertOpts.
// Notices run on jobs.PublicQueue: most follow a visitor's submission.
func (Args) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: jobs.PublicQueue, MaxAttempts: maxAttempts}
}

// Options configure the owner's channels.
type Options struct {
	// Mail sends the emails; To are the addresses (OWNER_NOTIFY_EMAIL).
	Mail mail.Sender
	To   []string
	// SlackURL is OWNER_SLACK_WEBHOOK_URL.
	SlackURL string
	// BaseURL makes Message.Link absolute.
	BaseURL string
	// Timeout bounds one Slack POST (DefaultTimeout when 0); MailTimeout
	// is the sender's own bound, for the job's timeout.
	Timeout, MailTimeout time.Duration
	Logger               *slog.Logger
}

// Owner enqueues and sends the owner's notifications.
type Owner struct {
	river.WorkerDefaults[Args]
	runner *jobs.Runner
	opt    Options
	client *http.Client
}

// New returns the owner's notifier; register it with river.AddWorker.
func New(runner *jobs.Runner, o Options) *Owner {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	return &Owner{runner: runner, opt: o, client: &http.Client{Timeout: o.Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// targets are the configured channels.
func (o *Owner) targets() []string {
	var out []string
	if o.opt.Mail != nil && len(o.opt.To) > 0 {
		out = append(out, TargetEmail)
	}
	if o.opt.SlackURL != "" {
		out = append(out, TargetSlack)
	}
	return out
}

// Notify tells the owner subject and text, with a link (a path of the
// site or a URL). It only enqueues; nothing configured, it does nothing.
func (o *Owner) Notify(ctx context.Context, subject, text, link string) error {
	if len(o.targets()) == 0 {
		return nil
	}
	return o.runner.InTx(ctx, func(tx jobs.Tx) error {
		return o.NotifyTx(ctx, tx, Message{Subject: subject, Text: text, Link: link})
	})
}

// NotifyTx enqueues m in tx (one job per configured target), so it is
// sent only if tx commits.
func (o *Owner) NotifyTx(ctx context.Context, tx jobs.Tx, m Message) error {
	for _, t := range o.targets() {
		if _, err := tx.Enqueue(ctx, Args{Target: t, Message: m}, nil); err != nil {
			return fmt.Errorf("enqueue owner notification: %w", err)
		}
	}
	return nil
}

// Timeout bounds one attempt: one email or one POST, and a little more.
func (o *Owner) Timeout(*river.Job[Args]) time.Duration {
	return max(o.opt.Timeout, o.opt.MailTimeout) + 5*time.Second
}

// Work sends one notification; an error is retried with backoff.
func (o *Owner) Work(ctx context.Context, j *river.Job[Args]) error {
	m := j.Args.Message
	m.Link = o.absolute(m.Link)
	var err error
	switch j.Args.Target {
	case TargetEmail:
		if o.opt.Mail == nil || len(o.opt.To) == 0 {
			return river.JobCancel(errors.New("owner email is no longer configured"))
		}
		err = o.opt.Mail.Send(ctx, mail.Message{To: o.opt.To, Subject: m.Subject, Text: plainText(m), HTML: htmlText(m)})
	case TargetSlack:
		if o.opt.SlackURL == "" {
			return river.JobCancel(errors.New("owner Slack webhook is no longer configured"))
		}
		err = o.postSlack(ctx, m)
	default:
		return river.JobCancel(fmt.Errorf("unknown target %q", j.Args.Target))
	}
	log := o.opt.Logger.With("target", j.Args.Target, "subject", m.Subject, "attempt", j.Attempt)
	if err != nil {
		log.Warn("owner notification failed", "err", err)
		return err
	}
	log.Info("owner notified")
	return nil
}

func (o *Owner) absolute(link string) string {
	if strings.HasPrefix(link, "/") {
		return strings.TrimRight(o.opt.BaseURL, "/") + link
	}
	return link
}

func plainText(m Message) string {
	var b strings.Builder
	if m.Text != "" {
		b.WriteString(m.Text + "\n\n")
	}
	for _, f := range m.Fields {
		fmt.Fprintf(&b, "%s: %s\n", f.Label, f.Value)
	}
	if m.Link != "" {
		fmt.Fprintf(&b, "\n%s\n", m.Link)
	}
	return b.String()
}

func htmlText(m Message) string {
	var b strings.Builder
	esc := func(s string) string {
		return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
	}
	b.WriteString(`<!doctype html><html><body style="font-family: system-ui, sans-serif">`)
	if m.Text != "" {
		b.WriteString("<p>" + esc(m.Text) + "</p>")
	}
	if len(m.Fields) > 0 {
		b.WriteString("<table>")
		for _, f := range m.Fields {
			b.WriteString(`<tr><th align="left" style="padding-right: 1rem">` + esc(f.Label) + "</th><td>" + esc(f.Value) + "</td></tr>")
		}
		b.WriteString("</table>")
	}
	if m.Link != "" {
		b.WriteString(`<p><a href="` + esc(m.Link) + `">Open in Signalpipe</a></p>`)
	}
	b.WriteString("</body></html>")
	return b.String()
}

// clip cuts s to n characters (Block Kit's limits).
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// slackEscape escapes the three characters Slack's mrkdwn reserves.
func slackEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// slackBody is the Block Kit message: the subject as header, the fields,
// the text and a button to the link.
func slackBody(m Message) ([]byte, error) {
	blocks := []any{map[string]any{"type": "header", "text": map[string]any{"type": "plain_text", "text": clip(m.Subject, 150)}}}
	if len(m.Fields) > 0 {
		var fields []any
		for _, f := range m.Fields[:min(len(m.Fields), 10)] { // Block Kit: at most 10 fields
			v := f.Value
			if v == "" {
				v = "—"
			}
			fields = append(fields, map[string]any{"type": "mrkdwn", "text": clip("*"+slackEscape(f.Label)+"*\n"+slackEscape(v), 2000)})
		}
		blocks = append(blocks, map[string]any{"type": "section", "fields": fields})
	}
	if m.Text != "" {
		blocks = append(blocks, map[string]any{"type": "section", "text": map[string]any{"type": "mrkdwn", "text": clip(slackEscape(m.Text), 3000)}})
	}
	if m.Link != "" {
		blocks = append(blocks, map[string]any{"type": "actions", "elements": []any{map[string]any{"type": "button",
			"text": map[string]any{"type": "plain_text", "text": "Open in Signalpipe"}, "url": m.Link, "action_id": "open"}}})
	}
	return json.Marshal(map[string]any{"text": clip(slackEscape(m.Subject), 3000), "blocks": blocks})
}

func (o *Owner) postSlack(ctx context.Context, m Message) error {
	body, err := slackBody(m)
	if err != nil {
		return river.JobCancel(err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.opt.SlackURL, bytes.NewReader(body))
	if err != nil {
		return river.JobCancel(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := o.client.Do(req)
	if err != nil {
		return fmt.Errorf("post to Slack: %w", err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("slack answered %d", resp.StatusCode)
	}
	return nil
}
