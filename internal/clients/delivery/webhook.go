package delivery

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/netguard"
)

// Lead delivery to a client's channels (docs/clients.md "Delivery"): today
// signed webhooks (Standard Webhooks) and Slack (slack.go), instant or in
// daily and weekly digests (digest.go). Each (lead, channel) is one
// row in client_deliveries whose id, derived from both, is the webhook-id;
// the row and its River job are written in one transaction, so enqueueing
// twice (a retried run) delivers once.

// Delivery bounds.
const (
	// DefaultWebhookTimeout bounds one webhook POST.
	DefaultWebhookTimeout = 10 * time.Second

	maxRetryAfter = time.Hour
)

// post sends the signed request and classifies the answer: the attempt's
// outcome, the delivery's new status ("" stays pending), a reason to
// disable the channel, and the job's result.
func (d *Delivery) post(ctx context.Context, p *pendingDelivery, body []byte, now time.Time, a *DeliveryAttempt) (string, string, string, error) {
	fail := func(msg string) (string, string, string, error) {
		a.Error = msg
		return clients.OutcomeRetry, "", "", errors.New(msg)
	}
	if err := checkWebhookURL(ctx, p.channel.Target, d.opt.AllowPrivate); err != nil {
		return fail("target " + err.Error())
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.channel.Target, strings.NewReader(string(body)))
	if err != nil {
		return fail("request: " + err.Error())
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Signalpipe-Webhooks/1")
	if p.channel.Kind == clients.ChannelWebhook { // Slack's incoming webhooks carry no signature
		wh, err := standardwebhooks.NewWebhook(p.channel.Secret())
		if err != nil {
			return fail("channel secret unreadable")
		}
		sig, err := wh.Sign(p.id, now, body)
		if err != nil {
			return fail("sign: " + err.Error())
		}
		req.Header.Set("webhook-id", p.id)
		req.Header.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
		req.Header.Set("webhook-signature", sig)
	}
	resp, err := d.client.Do(req)
	if err != nil {
		if errors.Is(err, errPrivateAddress) {
			msg := "target " + errPrivateAddress.Error()
			if be := (*netguard.BlockedError)(nil); errors.As(err, &be) {
				msg += ": " + be.Error()
			}
			return fail(msg)
		}
		var te interface{ Timeout() bool }
		if errors.As(err, &te) && te.Timeout() {
			return fail(fmt.Sprintf("no answer within %s", d.opt.Timeout))
		}
		return fail("post: " + err.Error())
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	a.ResponseCode = resp.StatusCode
	switch c := resp.StatusCode; {
	case c >= 200 && c < 300:
		return clients.OutcomeDelivered, clients.DeliveryDelivered, "", nil
	case c >= 300 && c < 400:
		return fail(fmt.Sprintf("answered %d (redirects are not followed)", c))
	case c == http.StatusGone || p.channel.Kind == clients.ChannelSlack && (c == http.StatusNotFound || c == http.StatusForbidden):
		// Slack answers 404/403/410 for a removed webhook or an archived
		// channel: no retry can succeed.
		why := fmt.Sprintf("the receiver answered %d at %s", c, now.UTC().Format(time.RFC3339))
		if c == http.StatusGone {
			why = fmt.Sprintf("the receiver answered 410 Gone at %s", now.UTC().Format(time.RFC3339))
		}
		a.Error = why
		return clients.OutcomeDisabled, clients.DeliveryCancelled, why, river.JobCancel(errors.New(why))
	case c == http.StatusTooManyRequests || c == http.StatusServiceUnavailable:
		wait := retryAfter(resp.Header.Get("Retry-After"), now)
		a.Error = fmt.Sprintf("answered %d; retrying after %s", c, wait)
		return clients.OutcomeSnoozed, "", "", river.JobSnooze(wait)
	default:
		return fail(fmt.Sprintf("answered %d", c))
	}
}

// Admin calls.
