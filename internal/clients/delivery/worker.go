package delivery

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/mail"
)

// DeliveryOptions configure delivery.
type DeliveryOptions struct {
	// AllowPrivate lets webhooks reach loopback, link-local and private
	// addresses (ALLOW_PRIVATE_WEBHOOKS).
	AllowPrivate bool
	// Timeout bounds one webhook POST (DefaultWebhookTimeout when 0).
	Timeout time.Duration
	// BaseURL is the public origin (BASE_URL): the feeds' URLs, the inbox
	// link of a Slack digest and the host of Message-IDs.
	BaseURL string
	Logger  *slog.Logger
	// Mail sends email channels' messages; nil: mail is not configured
	// (no SMTP_URL), and email channels cannot be saved.
	Mail mail.Sender
	// MailTimeout is the sender's own bound on one message (SMTP_TIMEOUT),
	// for the job's timeout.
	MailTimeout time.Duration
	// Links signs the Good, Noise and unsubscribe links in messages; nil:
	// messages carry none and the link routes answer 404.
	Links *Links
	// LinkLimit rate-limits the link routes (per client address).
	LinkLimit func(http.Handler) http.Handler
	// Slack is the install's optional Slack app (slackapp.go).
	Slack SlackApp
	// HubSpotAPIURL and PipedriveAPIURL are the CRM channels' API origins
	// (HUBSPOT_API_URL, PIPEDRIVE_API_URL: tests point them at fakes).
	HubSpotAPIURL, PipedriveAPIURL string
}

// Delivery serves the channel and delivery-log admin calls and works the
// delivery jobs.
type Delivery struct {
	river.WorkerDefaults[clients.DeliveryArgs]
	store  *Store
	opt    DeliveryOptions
	client *http.Client
	// slackHTTP updates Slack messages and crmHTTP calls the CRMs (fixed,
	// configured hosts; no redirects).
	slackHTTP, crmHTTP *http.Client
	// crmLimits keeps the CRMs' published rate limits per token.
	crmLimits crmLimits
}

// NewDelivery returns the delivery worker and admin handler.
func NewDelivery(store *Store, o DeliveryOptions) *Delivery {
	if o.Timeout <= 0 {
		o.Timeout = DefaultWebhookTimeout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Slack.APIURL == "" {
		o.Slack.APIURL = "https://slack.com/api"
	}
	o.Slack.APIURL = strings.TrimRight(o.Slack.APIURL, "/")
	if o.HubSpotAPIURL == "" {
		o.HubSpotAPIURL = "https://api.hubapi.com"
	}
	if o.PipedriveAPIURL == "" {
		o.PipedriveAPIURL = "https://api.pipedrive.com"
	}
	noRedirect := func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	store.OnSchedule(store.PauseFailing) // the scheduler pauses failing channels too
	return &Delivery{store: store, opt: o, client: webhookClient(o.Timeout, o.AllowPrivate),
		slackHTTP: &http.Client{Timeout: slackTimeout, CheckRedirect: noRedirect},
		crmHTTP:   &http.Client{Timeout: o.Timeout, CheckRedirect: noRedirect}}
}

// Timeout is one POST (or email) plus a little to record it; under
// DeliveryRescueAfter.
func (d *Delivery) Timeout(*river.Job[clients.DeliveryArgs]) time.Duration {
	return max(d.opt.Timeout, d.opt.MailTimeout) + 5*time.Second
}

// retryAfter reads a Retry-After header (seconds or an HTTP date), within
// 1 s and maxRetryAfter; 60 s when absent or unreadable.
func retryAfter(h string, now time.Time) time.Duration {
	d := time.Minute
	if n, err := strconv.Atoi(strings.TrimSpace(h)); err == nil {
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(h); err == nil {
		d = t.Sub(now)
	}
	return min(max(d, time.Second), maxRetryAfter)
}

// Work makes one attempt of a delivery. 2xx delivers; a redirect, another
// answer or no answer retries with River's backoff; 410 disables the
// channel; 429 and 503 wait for Retry-After.
func (d *Delivery) Work(ctx context.Context, j *river.Job[clients.DeliveryArgs]) error {
	p, err := d.store.loadDelivery(ctx, j.Args.DeliveryID)
	if errors.Is(err, clients.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if p.status != clients.DeliveryPending {
		return nil // delivered (or given up) already
	}
	if ok, err := d.held(ctx, p); !ok { // a paused or churned client (policy.go)
		return err
	}
	if p.channel.Status != clients.ChannelActive { // disabled or paused: stop; enabling the channel queues it again
		return d.store.setDeliveryStatus(ctx, p.id, clients.DeliveryCancelled, "channel "+p.channel.Status+": "+p.channel.DisabledReason)
	}
	lead, err := d.store.Lead(ctx, p.clientID, p.leadID)
	if errors.Is(err, clients.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	var body []byte
	switch p.channel.Kind {
	case clients.ChannelSlack:
		var links clients.FeedbackLinks
		if links, err = d.opt.Links.forDelivery(ctx, p.id); err != nil {
			return err // the database is unavailable: retried
		}
		var buttons slackButtons
		if buttons, err = d.buttonsFor(ctx, p.id); err != nil {
			return err
		}
		var br clients.Brand
		if br, err = d.store.BrandFor(ctx, p.clientID); err != nil {
			return err
		}
		body, err = slackMessage(lead, br.RebaseLinks(links, d.opt.BaseURL), buttons, "", br)
	case clients.ChannelWebhook:
		body, err = webhookPayload(lead)
	}
	if err != nil {
		return river.JobCancel(err)
	}
	start := d.store.Now()
	a := DeliveryAttempt{AttemptedAt: start.UTC()}
	var outcome, status, disable string
	var jobErr error
	switch {
	case clients.IsCRM(p.channel.Kind):
		outcome, status, disable, jobErr = d.pushCRM(ctx, p, lead, start, &a)
	case p.channel.Kind == clients.ChannelEmail:
		outcome, status, disable, jobErr = d.sendEmail(ctx, p, lead, start, &a)
	default:
		outcome, status, disable, jobErr = d.post(ctx, p, body, start, &a)
	}
	a.LatencyMS = d.store.Now().Sub(start).Milliseconds()
	a.Outcome = outcome
	if jobErr != nil && !isSnooze(jobErr) && status == "" && j.Attempt >= j.MaxAttempts {
		status, a.Outcome = clients.DeliveryFailed, clients.OutcomeFailed
	}
	if err := d.store.recordAttempt(context.WithoutCancel(ctx), p, a, status, disable); err != nil {
		return err
	}
	log := d.opt.Logger.With("delivery", p.id, "channel", p.channel.ID, "client", p.clientID, "code", a.ResponseCode, "latency_ms", a.LatencyMS)
	if jobErr != nil {
		log.Warn("lead delivery failed", "kind", p.channel.Kind, "outcome", a.Outcome, "attempt", j.Attempt, "err", a.Error)
	} else {
		log.Info("lead delivered", "kind", p.channel.Kind)
	}
	return jobErr
}

func isSnooze(err error) bool {
	var s *river.JobSnoozeError
	return errors.As(err, &s)
}

// webhookPayload is a webhook channel's body for one lead, its link
// fields as linkSafe leaves them.
func webhookPayload(lead *clients.ClientLead) ([]byte, error) {
	return json.Marshal(map[string]any{"type": "lead.created", "timestamp": lead.CreatedAt.UTC().Format(time.RFC3339Nano), "data": linkSafe(lead)[0]})
}

// linkSafe returns copies of leads for a payload a receiver may render:
// the post URL and the lead's url and linkedin fields are kept only when
// they are http(s) links (engine.LinkURL), else empty. The stored leads
// are not changed.
func linkSafe(leads ...*clients.ClientLead) []*clients.ClientLead {
	out := make([]*clients.ClientLead, len(leads))
	for i, l := range leads {
		c := *l
		c.URL = engine.LinkURL(l.URL)
		var fields map[string]json.RawMessage
		if json.Unmarshal(l.Lead, &fields) == nil {
			changed := false
			for _, k := range []string{"url", "linkedin"} {
				var v string
				if raw, ok := fields[k]; ok && json.Unmarshal(raw, &v) == nil && v != "" && engine.LinkURL(v) == "" {
					fields[k], changed = json.RawMessage(`""`), true
				}
			}
			if changed {
				if b, err := json.Marshal(fields); err == nil {
					c.Lead = b
				}
			}
		}
		out[i] = &c
	}
	return out
}
