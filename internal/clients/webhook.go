package clients

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base32"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/riverqueue/river"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/jobs"
	"github.com/signalpipe/signalpipe/internal/mail"
	"github.com/signalpipe/signalpipe/internal/notices"
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

// Channel is where a client's leads go. Secret is only shown when made.
type Channel struct {
	ID             string    `json:"id"`
	ClientID       string    `json:"clientId"`
	Kind           string    `json:"kind"`
	Target         string    `json:"target"`
	Cadence        string    `json:"cadence"`
	Status         string    `json:"status"`
	DisabledReason string    `json:"disabledReason"`
	CreatedAt      time.Time `json:"createdAt"`
	// FailingSince is the first failed attempt since the last 2xx (nil
	// while the channel works); PauseAfter later the channel is paused.
	FailingSince *time.Time `json:"failingSince"`
	secret       string
}

// DeliveryAttempt is one line of the delivery log.
type DeliveryAttempt struct {
	ID           string    `json:"id"`
	DeliveryID   string    `json:"deliveryId"`
	ChannelID    string    `json:"channelId"`
	LeadID       string    `json:"leadId"`
	AttemptedAt  time.Time `json:"attemptedAt"`
	Outcome      string    `json:"outcome"`
	LatencyMS    int64     `json:"latencyMs"`
	ResponseCode int       `json:"responseCode"`
	Error        string    `json:"error"`
	// DeliveryStatus is the delivery's status now (pending, delivered,
	// failed, cancelled): failed and cancelled ones can be retried.
	DeliveryStatus string `json:"deliveryStatus"`
}

// newWebhookSecret is whsec_ and base64 of 32 random bytes (the Standard
// Webhooks secret format).
func newWebhookSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return "whsec_" + base64.StdEncoding.EncodeToString(b)
}

// DeliveryID is the stable id of lead leadID's delivery to channel
// channelID: the webhook-id its receiver sees on every attempt.
func DeliveryID(leadID, channelID string) string {
	sum := sha256.Sum256([]byte(leadID + "|" + channelID))
	return "msg_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:16]))
}

// errPrivateAddress: a webhook host resolving to an address not allowed.
var errPrivateAddress = errors.New("resolves to a loopback, link-local or private address (set ALLOW_PRIVATE_WEBHOOKS=true to allow)")

// blockedAddr reports whether ip is loopback, link-local, private,
// unspecified, multicast or shared (100.64.0.0/10) address space.
func blockedAddr(ip netip.Addr) bool {
	ip = ip.Unmap()
	return !ip.IsValid() || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() || ip.IsPrivate() ||
		ip.IsUnspecified() || ip.IsMulticast() || ip.IsInterfaceLocalMulticast() || netip.MustParsePrefix("100.64.0.0/10").Contains(ip)
}

// checkWebhookURL says why raw is no webhook target: not an absolute
// http(s) URL, credentials in it, or (unless allowPrivate) a host any of
// whose addresses is blocked. It resolves the host (every address).
func checkWebhookURL(ctx context.Context, raw string, allowPrivate bool) error {
	u, err := url.Parse(raw)
	switch {
	case err != nil || len(raw) > maxTarget:
		return fmt.Errorf("must be an http or https URL of at most %d characters", maxTarget)
	case u.Scheme != "http" && u.Scheme != "https" || u.Hostname() == "" || u.Opaque != "":
		return errors.New("must be an absolute http or https URL")
	case u.User != nil:
		return errors.New("must not hold a user name or password")
	case u.Fragment != "":
		return errors.New("must not hold a #fragment")
	}
	if allowPrivate {
		return nil
	}
	host := u.Hostname()
	var addrs []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{ip}
	} else {
		rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if addrs, err = net.DefaultResolver.LookupNetIP(rctx, "ip", host); err != nil || len(addrs) == 0 {
			return fmt.Errorf("host %s does not resolve", host)
		}
	}
	for _, a := range addrs {
		if blockedAddr(a) {
			return fmt.Errorf("host %s %w", host, errPrivateAddress)
		}
	}
	return nil
}

// webhookClient posts without following redirects, within timeout, and
// keeps a kept-alive connection per delivery worker to a host (a drain to
// one receiver reuses them instead of dialling per POST), and
// (unless allowPrivate) refuses to connect to a blocked address: the check
// is on the address actually dialled, so a DNS answer changed between the
// URL check and the connection (rebinding) is caught too.
func webhookClient(timeout time.Duration, allowPrivate bool) *http.Client {
	d := &net.Dialer{Timeout: timeout}
	if !allowPrivate {
		d.Control = func(_, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || blockedAddr(ap.Addr()) {
				return fmt.Errorf("connect to %s: %w", address, errPrivateAddress)
			}
			return nil
		}
	}
	return &http.Client{Timeout: timeout,
		Transport:     &http.Transport{DialContext: d.DialContext, TLSHandshakeTimeout: timeout, MaxIdleConnsPerHost: DeliveryWorkers, IdleConnTimeout: time.Minute},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// CreateChannel stores a channel of client clientID and returns it; its
// secret (webhooks) is in the returned string, to be shown once.
func (s *Store) CreateChannel(ctx context.Context, clientID, kind, target, cadence string) (*Channel, string, error) {
	now := s.now().UTC()
	ch := &Channel{ID: db.NewID(), ClientID: clientID, Kind: kind, Target: target, Cadence: cadence, Status: ChannelActive,
		CreatedAt: now}
	if kind == ChannelWebhook {
		ch.secret = newWebhookSecret()
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		n, err := s.countLocked(ctx, tx, clientID, "client_channels")
		if err != nil {
			return fmt.Errorf("create channel: %w", err)
		}
		if n >= maxChannels {
			return fieldErrors{"kind": fmt.Sprintf("a client has at most %d channels", maxChannels)}
		}
		return s.insertChannel(ctx, tx, ch)
	})
	if err != nil {
		return nil, "", err
	}
	return ch, ch.secret, nil
}

// insertChannel stores the new channel ch in tx.
func (s *Store) insertChannel(ctx context.Context, tx *sql.Tx, ch *Channel) error {
	_, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO client_channels (id, client_id, kind, target, secret, cadence, status, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`), ch.ID, ch.ClientID, ch.Kind, ch.Target, ch.secret, ch.Cadence, ch.Status,
		s.d.TimeArg(ch.CreatedAt), s.d.TimeArg(ch.CreatedAt))
	if err != nil {
		return fmt.Errorf("create channel: %w", err)
	}
	return nil
}

const channelColumns = `id, client_id, kind, target, secret, cadence, status, disabled_reason, created_at, failing_since`

func scanChannel(r scanner) (*Channel, error) {
	var (
		c                Channel
		created, failing db.Time
	)
	if err := r.Scan(&c.ID, &c.ClientID, &c.Kind, &c.Target, &c.secret, &c.Cadence, &c.Status, &c.DisabledReason, &created, &failing); err != nil {
		return nil, err
	}
	c.CreatedAt, c.FailingSince = created.Time, failing.Ptr()
	return &c, nil
}

// Channels lists client clientID's channels, oldest first.
func (s *Store) Channels(ctx context.Context, clientID string) ([]*Channel, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return nil, err
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT `+channelColumns+` FROM client_channels WHERE client_id = ? ORDER BY created_at, id`), clientID)
	if err != nil {
		return nil, fmt.Errorf("list channels: %w", err)
	}
	defer rows.Close()
	out := []*Channel{}
	for rows.Next() {
		c, err := scanChannel(rows)
		if err != nil {
			return nil, fmt.Errorf("list channels: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
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
		WHERE l.run_id = ? ORDER BY l.created_at, l.id, c.id`), ChannelActive, CadenceInstant, runID)
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
				VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`, id, p.client, p.channel, p.lead, DeliveryPending, s.d.TimeArg(now))
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

// Deliveries is client clientID's delivery log: attempts, newest first, at
// most limit, of one channel when channelID is set.
func (s *Store) Deliveries(ctx context.Context, clientID, channelID string, limit int) ([]*DeliveryAttempt, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return nil, err
	}
	q, args := `SELECT a.id, a.delivery_id, a.channel_id, d.lead_id, a.attempted_at, a.outcome, a.latency_ms, a.response_code, a.error, d.status
		FROM client_delivery_attempts a JOIN client_deliveries d ON d.id = a.delivery_id WHERE a.client_id = ?`, []any{clientID}
	if channelID != "" {
		q, args = q+` AND a.channel_id = ?`, append(args, channelID)
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(q+` ORDER BY a.attempted_at DESC, a.id DESC LIMIT ?`), append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("delivery log: %w", err)
	}
	defer rows.Close()
	out := []*DeliveryAttempt{}
	for rows.Next() {
		var (
			a  DeliveryAttempt
			at db.Time
		)
		if err := rows.Scan(&a.ID, &a.DeliveryID, &a.ChannelID, &a.LeadID, &at, &a.Outcome, &a.LatencyMS, &a.ResponseCode, &a.Error, &a.DeliveryStatus); err != nil {
			return nil, fmt.Errorf("delivery log: %w", err)
		}
		a.AttemptedAt = at.Time
		out = append(out, &a)
	}
	return out, rows.Err()
}

// pendingDelivery is what an attempt needs.
type pendingDelivery struct {
	id, clientID, leadID, status string
	channel                      *Channel
}

func (s *Store) loadDelivery(ctx context.Context, id string) (*pendingDelivery, error) {
	var p pendingDelivery
	var channelID string
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT id, client_id, channel_id, lead_id, status FROM client_deliveries WHERE id = ?`), id).
		Scan(&p.id, &p.clientID, &channelID, &p.leadID, &p.status)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load delivery: %w", err)
	}
	p.channel, err = scanChannel(s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT `+channelColumns+` FROM client_channels WHERE id = ?`), channelID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load channel: %w", err)
	}
	return &p, nil
}

// recordAttempt logs one attempt and moves the delivery (status "" leaves
// it pending); disable, when set, disables the channel with that reason.
func (s *Store) recordAttempt(ctx context.Context, p *pendingDelivery, a DeliveryAttempt, status, disable string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO client_delivery_attempts (id, delivery_id, client_id, channel_id,
			attempted_at, outcome, latency_ms, response_code, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			db.NewID(), p.id, p.clientID, p.channel.ID, s.d.TimeArg(a.AttemptedAt), a.Outcome, a.LatencyMS, a.ResponseCode, a.Error); err != nil {
			return fmt.Errorf("record attempt: %w", err)
		}
		st := DeliveryPending
		if status != "" {
			st = status
		}
		var delivered any
		if status == DeliveryDelivered {
			delivered = s.d.TimeArg(a.AttemptedAt)
		}
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE client_deliveries SET status = ?, attempts = attempts + 1, last_error = ?,
			delivered_at = ? WHERE id = ? AND status = ?`), st, a.Error, delivered, p.id, DeliveryPending); err != nil {
			return fmt.Errorf("record delivery: %w", err)
		}
		if disable != "" {
			res, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE client_channels SET status = ?, disabled_reason = ?, updated_at = ? WHERE id = ? AND status <> ?`),
				ChannelDisabled, disable, s.d.TimeArg(a.AttemptedAt), p.channel.ID, ChannelDisabled)
			if err != nil {
				return fmt.Errorf("disable channel: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 1 { // one notice, however many deliveries saw the 410
				var name string
				if err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT name FROM clients WHERE id = ?`), p.clientID).Scan(&name); err != nil {
					return fmt.Errorf("disable channel: %w", err)
				}
				text := fmt.Sprintf("%s's %s channel (%s) was disabled: %s. Enable it in the client's delivery log once the receiver works.",
					name, p.channel.Kind, redactTarget(p.channel.Target), disable)
				if _, err := notices.AddTx(ctx, s.d, tx, a.AttemptedAt, notices.KindChannelDisabled, text, ""); err != nil {
					return err
				}
			}
		}
		return s.noteHealth(ctx, tx, p, a, a.Outcome)
	})
}

func (s *Store) setDeliveryStatus(ctx context.Context, id, status, why string) error {
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE client_deliveries SET status = ?, last_error = ? WHERE id = ? AND status = ?`),
		status, why, id, DeliveryPending)
	return err
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
}

// Delivery serves the channel and delivery-log admin calls and works the
// delivery jobs.
type Delivery struct {
	river.WorkerDefaults[DeliveryArgs]
	store  *Store
	opt    DeliveryOptions
	client *http.Client
}

// NewDelivery returns the delivery worker and admin handler.
func NewDelivery(store *Store, o DeliveryOptions) *Delivery {
	if o.Timeout <= 0 {
		o.Timeout = DefaultWebhookTimeout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return &Delivery{store: store, opt: o, client: webhookClient(o.Timeout, o.AllowPrivate)}
}

// Timeout is one POST (or email) plus a little to record it; under
// DeliveryRescueAfter.
func (d *Delivery) Timeout(*river.Job[DeliveryArgs]) time.Duration {
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
func (d *Delivery) Work(ctx context.Context, j *river.Job[DeliveryArgs]) error {
	p, err := d.store.loadDelivery(ctx, j.Args.DeliveryID)
	if errors.Is(err, ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if p.status != DeliveryPending {
		return nil // delivered (or given up) already
	}
	if ok, err := d.held(ctx, p); !ok { // a paused or churned client (policy.go)
		return err
	}
	if p.channel.Status != ChannelActive { // disabled or paused: stop; enabling the channel queues it again
		return d.store.setDeliveryStatus(ctx, p.id, DeliveryCancelled, "channel "+p.channel.Status+": "+p.channel.DisabledReason)
	}
	lead, err := d.store.Lead(ctx, p.clientID, p.leadID)
	if errors.Is(err, ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	var body []byte
	switch p.channel.Kind {
	case ChannelSlack:
		var links feedbackLinks
		if links, err = d.opt.Links.forDelivery(ctx, p.id); err != nil {
			return err // the database is unavailable: retried
		}
		body, err = slackMessage(lead, links)
	case ChannelWebhook:
		body, err = json.Marshal(map[string]any{"type": "lead.created", "timestamp": lead.CreatedAt.UTC().Format(time.RFC3339Nano), "data": lead})
	}
	if err != nil {
		return river.JobCancel(err)
	}
	start := d.store.now()
	a := DeliveryAttempt{AttemptedAt: start.UTC()}
	var outcome, status, disable string
	var jobErr error
	if p.channel.Kind == ChannelEmail {
		outcome, status, disable, jobErr = d.sendEmail(ctx, p, lead, start, &a)
	} else {
		outcome, status, disable, jobErr = d.post(ctx, p, body, start, &a)
	}
	a.LatencyMS = d.store.now().Sub(start).Milliseconds()
	a.Outcome = outcome
	if jobErr != nil && !isSnooze(jobErr) && status == "" && j.Attempt >= j.MaxAttempts {
		status, a.Outcome = DeliveryFailed, OutcomeFailed
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
			return fail("target " + errPrivateAddress.Error())
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

// Routes is the channel and delivery-log route table (an admin session).
func (d *Delivery) Routes() []httpx.Route {
	admin := httpx.AccessAdmin
	return []httpx.Route{
		{Method: "POST", Path: "/api/admin/clients/{id}/channels", Handler: http.HandlerFunc(d.createChannel), Access: admin, OperationID: "createChannel"},
		{Method: "GET", Path: "/api/admin/clients/{id}/channels", Handler: http.HandlerFunc(d.listChannels), Access: admin, OperationID: "listChannels"},
		{Method: "GET", Path: "/api/admin/clients/{id}/deliveries", Handler: http.HandlerFunc(d.listDeliveries), Access: admin, OperationID: "listDeliveries"},
		{Method: "POST", Path: "/api/admin/clients/{id}/feed", Handler: http.HandlerFunc(d.createFeed), Access: admin, OperationID: "createClientFeed"},
		{Method: "GET", Path: "/api/admin/clients/{id}/feed", Handler: http.HandlerFunc(d.getFeed), Access: admin, OperationID: "getClientFeed"},
		{Method: "DELETE", Path: "/api/admin/clients/{id}/feed", Handler: http.HandlerFunc(d.deleteFeed), Access: admin, OperationID: "revokeClientFeed"},
		{Method: "POST", Path: "/api/admin/channels/{id}/enable", Handler: http.HandlerFunc(d.enableChannel), Access: admin, OperationID: "enableChannel"},
		{Method: "POST", Path: "/api/admin/deliveries/{id}/retry", Handler: http.HandlerFunc(d.retryDelivery), Access: admin, OperationID: "retryDelivery"},
	}
}

// FeedRoutes is the public route of the clients' Atom feeds, outside /api
// (the token in the URL is the credential; docs/clients.md "Delivery").
func (d *Delivery) FeedRoutes() []httpx.Route {
	return []httpx.Route{{Method: "GET", Path: FeedPath + "{file}", Handler: http.HandlerFunc(d.ServeFeed), Access: httpx.AccessPublic, OperationID: "getClientFeedAtom"}}
}

// DeliveryRouteList names every route Delivery.Routes mounts (the admin
// calls; LinkRoutes and FeedRoutes are public).
func DeliveryRouteList() []string { return patterns((&Delivery{}).Routes()) }

type channelInput struct {
	Kind    string `json:"kind"`
	Target  string `json:"target"`
	Cadence string `json:"cadence"`
}

func (d *Delivery) createChannel(w http.ResponseWriter, r *http.Request) {
	d.addChannel(w, r, r.PathValue("id"))
}

// addChannel validates the body and makes a channel of client clientID:
// the admin's call and the portal's (portal_workspace.go).
func (d *Delivery) addChannel(w http.ResponseWriter, r *http.Request, clientID string) {
	var in channelInput
	if !decode(w, r, &in) {
		return
	}
	in.Target = strings.TrimSpace(in.Target)
	if in.Cadence == "" {
		in.Cadence = CadenceInstant
	}
	errs := fieldErrors{}
	switch in.Kind {
	case ChannelWebhook:
		if err := checkWebhookURL(r.Context(), in.Target, d.opt.AllowPrivate); err != nil {
			errs["target"] = err.Error()
		}
	case ChannelSlack:
		if err := checkSlackURL(r.Context(), in.Target, d.opt.AllowPrivate); err != nil {
			errs["target"] = err.Error()
		}
	case ChannelEmail:
		if d.opt.Mail == nil {
			errs["kind"] = "mail is not configured on this server (set SMTP_URL); use webhook or slack"
		} else if to, err := checkEmailTarget(in.Target); err != nil {
			errs["target"] = err.Error()
		} else {
			in.Target = to
		}
	default:
		errs["kind"] = "must be email, webhook or slack"
	}
	switch in.Cadence {
	case CadenceInstant, CadenceDaily, CadenceWeekly:
	default:
		errs["cadence"] = "must be instant, daily or weekly"
	}
	if err := errs.err(); err != nil {
		answer(w, r, err)
		return
	}
	ch, secret, err := d.store.CreateChannel(r.Context(), clientID, in.Kind, in.Target, in.Cadence)
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("delivery channel created", "client", ch.ClientID, "channel", ch.ID, "kind", ch.Kind)
	noStore(w)
	out := map[string]any{"id": ch.ID, "channel": ch}
	if ch.Kind == ChannelWebhook {
		out["secret"] = secret
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
}

func (d *Delivery) listChannels(w http.ResponseWriter, r *http.Request) {
	cs, err := d.store.Channels(r.Context(), r.PathValue("id"))
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"channels": cs})
}

func (d *Delivery) listDeliveries(w http.ResponseWriter, r *http.Request) {
	limit := 100
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 500 {
			answer(w, r, fieldErrors{"limit": "must be a whole number from 1 to 500"})
			return
		}
		limit = n
	}
	as, err := d.store.Deliveries(r.Context(), r.PathValue("id"), r.URL.Query().Get("channel"), limit)
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"attempts": as})
}
