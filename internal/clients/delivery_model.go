package clients

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/riverqueue/river"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/mail"
)

// What the model knows of delivery (internal/clients/delivery does it):
// the channels' kinds, statuses and cadences, the delivery rows' statuses,
// and the delivery jobs' arguments. The model enqueues a lead's deliveries
// when a run finishes (EnqueueDeliveries) or the lead is approved
// (review.go), in the transaction that writes their rows.

// Channel kinds and cadences.
const (
	ChannelWebhook = "webhook"
	CadenceInstant = "instant"

	ChannelActive   = "active"
	ChannelDisabled = "disabled" // ChannelPaused: channelstate.go

	// DeliveryQueue is the River queue of deliveries, apart from the agent
	// runs so a slow receiver never holds a run's worker.
	DeliveryQueue = "deliveries"
	// DeliveryRescueAfter is when a delivery job still running is taken for
	// abandoned (its instance died) and handed back (jobs.QuickRescue): more
	// than an attempt's Timeout, so a working attempt is never doubled.
	DeliveryRescueAfter = 30 * time.Second

	deliveryAttempt = 20 // River attempts of one delivery (exponential backoff)

	maxChannels = 10   // channels of one client
	maxTarget   = 2000 // characters of a channel's target
	// maxEmailRecipients bounds an email channel's target.
	maxEmailRecipients = 10
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

// DeliveryArgs is the job that delivers one lead to one channel; unique
// by its id, on top of the client_deliveries row. Requeue tells a job
// queued again from the console (channelstate.go) from the delivery's
// earlier jobs, which River's uniqueness would otherwise count.
type DeliveryArgs struct {
	DeliveryID string `json:"deliveryId" river:"unique"`
	Requeue    int64  `json:"requeue,omitempty" river:"unique"`
}

// Kind implements river.JobArgs.
func (DeliveryArgs) Kind() string { return "lead_delivery" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (DeliveryArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: DeliveryQueue, MaxAttempts: deliveryAttempt, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// CRMStateArgs is the job that carries a lead's state change to one CRM
// channel's records (UpdateLead enqueues it with the change). It reads the
// lead's state when it runs, so jobs of quick successive changes all send
// the latest.
type CRMStateArgs struct {
	LeadID    string `json:"leadId"`
	ChannelID string `json:"channelId"`
	At        int64  `json:"at"`
}

// Kind implements river.JobArgs.
func (CRMStateArgs) Kind() string { return "crm_state" }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (CRMStateArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: DeliveryQueue, MaxAttempts: deliveryAttempt}
}

// Digest cadences; a client's digest time until set (weekly digests go
// out on DefaultDigestWeekday).
const (
	CadenceDaily  = "daily"
	CadenceWeekly = "weekly"

	DefaultDigestHour    = 9
	DefaultTimeZone      = "UTC"
	DefaultDigestWeekday = "monday"
)

// Weekdays names the weekly digest's days, Sunday first (time.Weekday).
var Weekdays = []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}

func weekday(name string) (time.Weekday, bool) {
	for i, n := range Weekdays {
		if n == name {
			return time.Weekday(i), true
		}
	}
	return 0, false
}

// loadZone is time.LoadLocation for a client's time zone: an IANA name;
// "Local" (the server's zone) is refused.
func loadZone(name string) (*time.Location, error) {
	if name == "" || name == "Local" {
		return nil, errors.New("must be an IANA time zone such as Europe/Paris")
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, errors.New("must be an IANA time zone such as Europe/Paris")
	}
	return loc, nil
}

// ChannelEmail is an email channel: one message per lead, over SMTP_URL,
// to the target's addresses (docs/clients.md "Delivery").
const ChannelEmail = "email"

// checkEmailTarget reads an email channel's target (comma-separated
// addresses) and returns it normalised, or why it is refused.
func checkEmailTarget(raw string) (string, error) {
	if len(raw) > maxTarget {
		return "", fmt.Errorf("must be at most %d characters", maxTarget)
	}
	to, err := mail.ParseRecipients(raw, maxEmailRecipients)
	if err != nil {
		return "", err
	}
	return strings.Join(to, ", "), nil
}

// ChannelSlack is a Slack incoming webhook: one Block Kit message per lead
// (docs/clients.md "Delivery").
const ChannelSlack = "slack"

// clip cuts s to n characters (Block Kit text limits), with an ellipsis.
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// CRM channel kinds.
const (
	ChannelHubSpot   = "hubspot"
	ChannelPipedrive = "pipedrive"
)

func isCRM(kind string) bool { return kind == ChannelHubSpot || kind == ChannelPipedrive }

// ChannelPaused is the status of a channel paused for failing.
const ChannelPaused = "paused"

// conflictError is a request the delivery's or channel's state forbids
// (answered 409).
type conflictError string

func (e conflictError) Error() string { return string(e) }

// feedbackLinks are a delivery's Good, Noise and unsubscribe links.
type feedbackLinks struct{ Good, Noise, Unsubscribe string }

// DefaultAlertAfter is CHANNEL_ALERT_AFTER's default.
const DefaultAlertAfter = 15 * time.Minute
