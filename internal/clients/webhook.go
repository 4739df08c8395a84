package clients

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/netguard"
)

// Lead delivery to a client's channels (docs/clients.md "Delivery"): today
// signed webhooks (Standard Webhooks) and Slack (slack.go), instant or in
// daily and weekly digests (digest.go). Each (lead, channel) is one
// row in client_deliveries whose id, derived from both, is the webhook-id;
// the row and its River job are written in one transaction, so enqueueing
// twice (a retried run) delivers once.

// Channel kinds and cadences.
const (
	ChannelWebhook = "webhook"
	CadenceInstant = "instant"

	ChannelActive   = "active"
	ChannelDisabled = "disabled" // ChannelPaused: channelstate.go

	// DeliveryQueue is the River queue of deliveries, apart from the agent
	// runs so a slow receiver never holds a run's worker.
	DeliveryQueue = "deliveries"
	// DefaultWebhookTimeout bounds one webhook POST.
	DefaultWebhookTimeout = 10 * time.Second
	// DeliveryRescueAfter is when a delivery job still running is taken for
	// abandoned (its instance died) and handed back (jobs.QuickRescue): more
	// than an attempt's Timeout, so a working attempt is never doubled.
	DeliveryRescueAfter = 30 * time.Second

	maxChannels     = 10
	maxTarget       = 2000
	deliveryAttempt = 20 // River attempts of one delivery (exponential backoff)
	maxRetryAfter   = time.Hour
)

// Delivery statuses (client_deliveries.status) and attempt outcomes.
const (
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
	DeliveryCancelled = "cancelled"

	OutcomeDelivered = "delivered"
	OutcomeRetry     = "retry"
	OutcomeSnoozed   = "snoozed"
	OutcomeDisabled  = "disabled"
	OutcomeFailed    = "failed"
)

// DeliveryWorkers is how many deliveries one instance attempts at once.
const DeliveryWorkers = 32

// DeliveryQueueConfig is the deliveries queue's River configuration. River
// fetches at most MaxWorkers jobs per fetch and waits FetchCooldown (100 ms
// by default) between fetches, which capped a drain at 20 / 100 ms = 200
// deliveries a second; 32 workers and a 20 ms cooldown lift that bound far
// above what the database and the receiver allow (docs/performance.md
// "Lead delivery"). The 250 ms poll is the pickup time on SQLite, which has
// no LISTEN/NOTIFY.
func DeliveryQueueConfig() river.QueueConfig {
	return river.QueueConfig{MaxWorkers: DeliveryWorkers, FetchCooldown: 20 * time.Millisecond, FetchPollInterval: 250 * time.Millisecond}
}

// DeliveryID is the stable id of lead leadID's delivery to channel
// channelID: the webhook-id its receiver sees on every attempt.
func DeliveryID(leadID, channelID string) string {
	sum := sha256.Sum256([]byte(leadID + "|" + channelID))
	return "msg_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:16]))
}

// EnqueueDeliveries enqueues one delivery per lead of run runID and active
// instant channel of its client. A (lead, channel) already enqueued is
// skipped (its row exists), so calling it again (a retried run) adds
// nothing. It returns how many deliveries it added.
func (s *Store) EnqueueDeliveries(ctx context.Context, runID string) (int, error) {
	if s.jobs == nil {
		return 0, nil
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT l.id, l.client_id, c.id FROM client_leads l
		JOIN client_channels c ON c.client_id = l.client_id AND c.status = ? AND c.cadence = ?
		WHERE l.run_id = ? AND l.review = ? ORDER BY l.created_at, l.id, c.id`), ChannelActive, CadenceInstant, runID, ReviewApproved)
	if err != nil {
		return 0, fmt.Errorf("find deliveries: %w", err)
	}
	type pair struct{ lead, client, channel string }
	var pairs []pair
	for rows.Next() {
		var p pair
		if err := rows.Scan(&p.lead, &p.client, &p.channel); err != nil {
			rows.Close()
			return 0, fmt.Errorf("find deliveries: %w", err)
		}
		pairs = append(pairs, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(pairs) == 0 {
		return 0, err
	}
	added := 0
	now := s.now().UTC()
	err = s.jobs.InTx(ctx, func(tx jobs.Tx) error {
		added = 0
		for _, p := range pairs {
			id := DeliveryID(p.lead, p.channel)
			n, err := tx.Exec(ctx, `INSERT INTO client_deliveries (id, client_id, channel_id, lead_id, status, created_at)
				VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, id, p.client, p.channel, p.lead, DeliveryPending, s.d.TimeArg(now))
			if err != nil {
				return fmt.Errorf("insert delivery: %w", err)
			}
			if n == 0 {
				continue
			}
			if _, err := tx.Enqueue(ctx, DeliveryArgs{DeliveryID: id}, nil); err != nil {
				return fmt.Errorf("enqueue delivery: %w", err)
			}
			added++
		}
		return nil
	})
	return added, err
}

// post sends the signed request and classifies the answer: the attempt's
// outcome, the delivery's new status ("" stays pending), a reason to
// disable the channel, and the job's result.
func (d *Delivery) post(ctx context.Context, p *pendingDelivery, body []byte, now time.Time, a *DeliveryAttempt) (string, string, string, error) {
	fail := func(msg string) (string, string, string, error) {
		a.Error = msg
		return OutcomeRetry, "", "", errors.New(msg)
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
	if p.channel.Kind == ChannelWebhook { // Slack's incoming webhooks carry no signature
		wh, err := standardwebhooks.NewWebhook(p.channel.secret)
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
		return OutcomeDelivered, DeliveryDelivered, "", nil
	case c >= 300 && c < 400:
		return fail(fmt.Sprintf("answered %d (redirects are not followed)", c))
	case c == http.StatusGone || p.channel.Kind == ChannelSlack && (c == http.StatusNotFound || c == http.StatusForbidden):
		// Slack answers 404/403/410 for a removed webhook or an archived
		// channel: no retry can succeed.
		why := fmt.Sprintf("the receiver answered %d at %s", c, now.UTC().Format(time.RFC3339))
		if c == http.StatusGone {
			why = fmt.Sprintf("the receiver answered 410 Gone at %s", now.UTC().Format(time.RFC3339))
		}
		a.Error = why
		return OutcomeDisabled, DeliveryCancelled, why, river.JobCancel(errors.New(why))
	case c == http.StatusTooManyRequests || c == http.StatusServiceUnavailable:
		wait := retryAfter(resp.Header.Get("Retry-After"), now)
		a.Error = fmt.Sprintf("answered %d; retrying after %s", c, wait)
		return OutcomeSnoozed, "", "", river.JobSnooze(wait)
	default:
		return fail(fmt.Sprintf("answered %d", c))
	}
}

// Admin calls.
