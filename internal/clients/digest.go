package clients

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	_ "time/tzdata" // clients' digest time zones load on hosts without a zoneinfo database

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// Daily and weekly digests (docs/clients.md "Delivery"): at the client's
// digest hour in its time zone (weekly: on its weekday) every digest
// channel gets ONE message with the client's leads that no message to that
// channel carried yet. A digest is a client_digests row per (channel,
// period) whose id, derived from both, is the webhook-id; its leads' (lead,
// channel) delivery rows point at it and are marked delivered with it in one
// transaction, so a lead reaches a channel once, by digest or not at all.

// Digest cadences and the status of a digest that found no leads.
const (
	CadenceDaily  = "daily"
	CadenceWeekly = "weekly"

	DigestEmpty = "empty"

	// DigestEvery is how often the scheduler looks for digests due.
	DigestEvery = time.Minute
	// DefaultDigestHour and DefaultTimeZone are a client's digest time
	// until set; weekly digests go out on DefaultDigestWeekday.
	DefaultDigestHour    = 9
	DefaultTimeZone      = "UTC"
	DefaultDigestWeekday = "monday"

	// maxDigestLeads bounds one digest; leads beyond it wait for the next.
	maxDigestLeads = 1000
	// slackDigestBlocks is Block Kit's limit of blocks in one message.
	slackDigestBlocks = 50
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

// DigestBoundary is the latest digest time at or before now: hour:00 in
// loc of today or yesterday (daily), or of the last day wd (weekly).
// Dates are counted in loc's calendar, so a digest stays at the client's
// hour across daylight-saving changes (a day is then 23 or 25 hours); an
// hour the change skips is the time time.Date gives for it.
func DigestBoundary(now time.Time, cadence string, hour int, wd time.Weekday, loc *time.Location) time.Time {
	local := now.In(loc)
	y, m, d := local.Date()
	step := 1
	if cadence == CadenceWeekly {
		d -= (int(local.Weekday()) - int(wd) + 7) % 7
		step = 7
	}
	b := time.Date(y, m, d, hour, 0, 0, 0, loc)
	if b.After(now) {
		b = time.Date(y, m, d-step, hour, 0, 0, 0, loc)
	}
	return b
}

// DigestID is the stable id (webhook-id) of channel channelID's digest for
// the period ending at end.
func DigestID(channelID string, end time.Time) string {
	sum := sha256.Sum256([]byte("digest|" + channelID + "|" + end.UTC().Format(time.RFC3339)))
	return "msg_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(sum[:16]))
}

// digestChannel is a digest channel with its client's digest time.
type digestChannel struct {
	channel  *Channel
	settings Settings
}

// ScheduleDigests makes the digests due at now: for every active daily or
// weekly channel whose latest period boundary is after the channel was
// made and has no digest yet, one digest with the leads not yet sent to the
// channel (made before the boundary, after the channel), and its job. A
// digest already made (by this or another instance) is left alone. It
// returns how many digests it made with leads.
func (s *Store) ScheduleDigests(ctx context.Context, now time.Time) (int, error) {
	if s.jobs == nil {
		return 0, nil
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT ch.id, ch.client_id, ch.kind, ch.target, ch.secret, ch.cadence,
		ch.status, ch.disabled_reason, ch.created_at, c.settings
		FROM client_channels ch JOIN clients c ON c.id = ch.client_id
		WHERE ch.status = ? AND ch.cadence IN (?, ?) ORDER BY ch.id`), ChannelActive, CadenceDaily, CadenceWeekly)
	if err != nil {
		return 0, fmt.Errorf("digest channels: %w", err)
	}
	var due []digestChannel
	for rows.Next() {
		var (
			c        Channel
			created  db.Time
			settings string
			dc       digestChannel
		)
		if err := rows.Scan(&c.ID, &c.ClientID, &c.Kind, &c.Target, &c.secret, &c.Cadence, &c.Status, &c.DisabledReason, &created, &settings); err != nil {
			rows.Close()
			return 0, fmt.Errorf("digest channels: %w", err)
		}
		c.CreatedAt = created.Time
		_ = json.Unmarshal([]byte(settings), &dc.settings)
		dc.settings.normalize()
		dc.channel = &c
		due = append(due, dc)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("digest channels: %w", err)
	}
	made := 0
	var errs []error
	for _, dc := range due {
		ok, err := s.makeDigest(ctx, dc, now)
		if err != nil {
			errs = append(errs, fmt.Errorf("channel %s: %w", dc.channel.ID, err))
		}
		if ok {
			made++
		}
	}
	return made, errors.Join(errs...)
}

// makeDigest makes dc's digest due at now, if any, and reports whether it
// has leads (and so a job).
func (s *Store) makeDigest(ctx context.Context, dc digestChannel, now time.Time) (bool, error) {
	ch, st := dc.channel, dc.settings
	loc, err := loadZone(st.TimeZone)
	if err != nil {
		loc = time.UTC // settings are validated when saved; an unreadable one falls back
	}
	wd, _ := weekday(st.DigestWeekday)
	end := DigestBoundary(now, ch.Cadence, st.DigestHour, wd, loc)
	if end.Before(ch.CreatedAt) {
		return false, nil // no period of this channel has ended yet
	}
	id := DigestID(ch.ID, end)
	var one int
	switch err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT 1 FROM client_digests WHERE id = ?`), id).Scan(&one); {
	case err == nil:
		return false, nil // made already
	case !errors.Is(err, sql.ErrNoRows):
		return false, fmt.Errorf("find digest: %w", err)
	}
	// The leads not yet sent to the channel. A lead whose run commits after
	// this read (made before the boundary) has no delivery row and goes in
	// the next digest; one a concurrent digest took is skipped by the
	// (channel, lead) key below.
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT l.id FROM client_leads l
		WHERE l.client_id = ? AND l.created_at >= ? AND l.created_at < ?
		AND NOT EXISTS (SELECT 1 FROM client_deliveries d WHERE d.channel_id = ? AND d.lead_id = l.id)
		ORDER BY l.created_at, l.id LIMIT ?`), ch.ClientID, s.d.TimeArg(ch.CreatedAt), s.d.TimeArg(end), ch.ID, maxDigestLeads)
	if err != nil {
		return false, fmt.Errorf("digest leads: %w", err)
	}
	var leads []string
	for rows.Next() {
		var l string
		if err := rows.Scan(&l); err != nil {
			rows.Close()
			return false, fmt.Errorf("digest leads: %w", err)
		}
		leads = append(leads, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return false, fmt.Errorf("digest leads: %w", err)
	}
	made := false
	at := s.d.TimeArg(now.UTC())
	err = s.jobs.InTx(ctx, func(tx jobs.Tx) error {
		made = false
		n, err := tx.Exec(ctx, `INSERT INTO client_digests (id, client_id, channel_id, period_end, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, id, ch.ClientID, ch.ID, s.d.TimeArg(end.UTC()), DeliveryPending, at)
		if err != nil {
			return fmt.Errorf("insert digest: %w", err)
		}
		if n == 0 {
			return nil // another instance made it
		}
		added := 0
		for _, l := range leads {
			n, err := tx.Exec(ctx, `INSERT INTO client_deliveries (id, client_id, channel_id, lead_id, status, created_at, digest_id)
				VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, DeliveryID(l, ch.ID), ch.ClientID, ch.ID, l, DeliveryPending, at, id)
			if err != nil {
				return fmt.Errorf("insert digest delivery: %w", err)
			}
			added += int(n)
		}
		if added == 0 {
			_, err := tx.Exec(ctx, `UPDATE client_digests SET status = ? WHERE id = ?`, DigestEmpty, id)
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE client_digests SET lead_count = ? WHERE id = ?`, added, id); err != nil {
			return fmt.Errorf("count digest: %w", err)
		}
		if _, err := tx.Enqueue(ctx, DigestArgs{DigestID: id}, nil); err != nil {
			return fmt.Errorf("enqueue digest: %w", err)
		}
		made = true
		return nil
	})
	return made, err
}

// digest is what one attempt of a digest needs.
type digest struct {
	id, clientID, status string
	periodEnd            time.Time
	channel              *Channel
}

func (s *Store) loadDigest(ctx context.Context, id string) (*digest, error) {
	var (
		dg        digest
		channelID string
		end       db.Time
	)
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT id, client_id, channel_id, period_end, status FROM client_digests WHERE id = ?`), id).
		Scan(&dg.id, &dg.clientID, &channelID, &end, &dg.status)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load digest: %w", err)
	}
	dg.periodEnd = end.Time
	dg.channel, err = scanChannel(s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT `+channelColumns+` FROM client_channels WHERE id = ?`), channelID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load channel: %w", err)
	}
	return &dg, nil
}

// digestLeads are the leads digest id carries, oldest first.
func (s *Store) digestLeads(ctx context.Context, id string) ([]*ClientLead, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT `+leadColumns+` FROM client_leads
		WHERE id IN (SELECT lead_id FROM client_deliveries WHERE digest_id = ?) ORDER BY created_at, id`), id)
	if err != nil {
		return nil, fmt.Errorf("digest leads: %w", err)
	}
	defer rows.Close()
	var out []*ClientLead
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return nil, fmt.Errorf("digest leads: %w", err)
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// recordDigestAttempt logs one attempt of the digest on each of its leads'
// deliveries and moves the digest and those deliveries together (status ""
// leaves them pending), in one transaction; disable, when set, disables
// the channel with that reason.
func (s *Store) recordDigestAttempt(ctx context.Context, dg *digest, a DeliveryAttempt, status, disable string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.d.Rebind(`SELECT id FROM client_deliveries WHERE digest_id = ? ORDER BY id`), dg.id)
		if err != nil {
			return fmt.Errorf("digest deliveries: %w", err)
		}
		var ids []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return fmt.Errorf("digest deliveries: %w", err)
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("digest deliveries: %w", err)
		}
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO client_delivery_attempts (id, delivery_id, client_id, channel_id,
				attempted_at, outcome, latency_ms, response_code, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
				db.NewID(), id, dg.clientID, dg.channel.ID, s.d.TimeArg(a.AttemptedAt), a.Outcome, a.LatencyMS, a.ResponseCode, a.Error); err != nil {
				return fmt.Errorf("record attempt: %w", err)
			}
		}
		st := DeliveryPending
		if status != "" {
			st = status
		}
		var delivered any
		if status == DeliveryDelivered {
			delivered = s.d.TimeArg(a.AttemptedAt)
		}
		for _, table := range []string{"client_digests", "client_deliveries"} {
			col := "id"
			if table == "client_deliveries" {
				col = "digest_id"
			}
			if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE `+table+` SET status = ?, attempts = attempts + 1, last_error = ?,
				delivered_at = ? WHERE `+col+` = ? AND status = ?`), st, a.Error, delivered, dg.id, DeliveryPending); err != nil {
				return fmt.Errorf("record digest: %w", err)
			}
		}
		if disable != "" {
			if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE client_channels SET status = ?, disabled_reason = ?, updated_at = ? WHERE id = ?`),
				ChannelDisabled, disable, s.d.TimeArg(a.AttemptedAt), dg.channel.ID); err != nil {
				return fmt.Errorf("disable channel: %w", err)
			}
		}
		return nil
	})
}

// cancelDigest gives up digest dg and its deliveries with reason why.
func (s *Store) cancelDigest(ctx context.Context, dg *digest, why string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		for _, q := range []string{`UPDATE client_digests SET status = ?, last_error = ? WHERE id = ? AND status = ?`,
			`UPDATE client_deliveries SET status = ?, last_error = ? WHERE digest_id = ? AND status = ?`} {
			if _, err := tx.ExecContext(ctx, s.d.Rebind(q), DeliveryCancelled, why, dg.id, DeliveryPending); err != nil {
				return fmt.Errorf("cancel digest: %w", err)
			}
		}
		return nil
	})
}

// DigestArgs is the job that sends one digest; unique by its id, on top of
// the client_digests row.
type DigestArgs struct {
	DigestID string `json:"digestId" river:"unique"`
}

// Kind implements river.JobArgs.
func (DigestArgs) Kind() string { return "lead_digest" }

// InsertOpts implements river.JobArgsWithInsertOpts: the deliveries'
// queue, attempts and backoff.
func (DigestArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: DeliveryQueue, MaxAttempts: deliveryAttempt, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// digestRenderer makes the body POSTed for a digest of leads (oldest
// first) to a channel of one kind. A channel kind with a digest adds its
// renderer to digestRenderers; email, sent over SMTP rather than POSTed,
// has its own branch in DigestWorker.Work (email_digest.go).
type digestRenderer func(dg *digest, leads []*ClientLead, inboxURL string, links map[string]feedbackLinks) ([]byte, error)

var digestRenderers = map[string]digestRenderer{
	ChannelWebhook: webhookDigest,
	ChannelSlack:   slackDigest,
}

// webhookDigest is one JSON body with every lead; its timestamp is the
// period's end, so every attempt sends the same body.
func webhookDigest(dg *digest, leads []*ClientLead, _ string, _ map[string]feedbackLinks) ([]byte, error) {
	return json.Marshal(map[string]any{"type": "leads.digest", "timestamp": dg.periodEnd.UTC().Format(time.RFC3339Nano),
		"data": map[string]any{"digestId": dg.id, "channelId": dg.channel.ID, "cadence": dg.channel.Cadence,
			"periodEnd": dg.periodEnd.UTC().Format(time.RFC3339), "count": len(leads), "leads": leads}})
}

// slackDigest is one Block Kit message: a header, one section per lead
// (who, signal, score and tier, the post link, its signed Good / Noise
// links) and, beyond Block Kit's 50 blocks, "and N more" with a link to the
// inbox. links maps a lead id to its links (none without a key).
func slackDigest(dg *digest, leads []*ClientLead, inboxURL string, links map[string]feedbackLinks) ([]byte, error) {
	noun := "leads"
	if len(leads) == 1 {
		noun = "lead"
	}
	title := fmt.Sprintf("%d new %s", len(leads), noun)
	blocks := []any{map[string]any{"type": "header", "text": map[string]any{"type": "plain_text", "text": title, "emoji": false}}}
	room := slackDigestBlocks - 1
	if len(leads) > room {
		room-- // the "and N more" block
	}
	shown := min(len(leads), room)
	for _, l := range leads[:shown] {
		var lead engine.Lead
		_ = json.Unmarshal(l.Lead, &lead)
		who := lead.Name
		if who == "" {
			who = "Someone"
		}
		if lead.Company != "" {
			who += " at " + lead.Company
		}
		line := "*" + slackEscape(clip(who, 200)) + "*"
		if l.URL != "" {
			line = "<" + strings.NewReplacer("|", "%7C", ">", "%3E", "<", "%3C").Replace(l.URL) + "|" + slackEscape(clip(who, 200)) + ">"
		}
		line += fmt.Sprintf(" · %s · score %d (%s)", slackEscape(strings.ReplaceAll(l.SignalType, "_", " ")), l.Score, l.Tier)
		if lead.Signal != "" {
			line += "\n>" + slackEscape(clip(lead.Signal, 300))
		}
		if fl := links[l.ID]; fl.Good != "" {
			line += "\n<" + fl.Good + "|Good> · <" + fl.Noise + "|Noise>"
		}
		blocks = append(blocks, map[string]any{"type": "section", "text": map[string]any{"type": "mrkdwn", "text": clip(line, 3000)}})
	}
	if more := len(leads) - shown; more > 0 {
		text := fmt.Sprintf("…and %d more", more)
		if inboxURL != "" {
			text += " in <" + inboxURL + "|the inbox>"
		}
		blocks = append(blocks, map[string]any{"type": "section", "text": map[string]any{"type": "mrkdwn", "text": text}})
	}
	return json.Marshal(map[string]any{"text": title, "blocks": blocks})
}

// DigestWorker sends DigestArgs jobs: one POST per digest, with the
// deliveries' rules (signature, limits, no redirects, 410, Retry-After).
type DigestWorker struct {
	river.WorkerDefaults[DigestArgs]
	d *Delivery
}

// NewDigestWorker returns the digests' worker, sending as d does.
func NewDigestWorker(d *Delivery) *DigestWorker { return &DigestWorker{d: d} }

// Timeout is one POST or email plus a little to record it; under
// DeliveryRescueAfter, as the deliveries' own.
func (w *DigestWorker) Timeout(j *river.Job[DigestArgs]) time.Duration {
	return w.d.Timeout(nil)
}

// Work makes one attempt of a digest.
func (w *DigestWorker) Work(ctx context.Context, j *river.Job[DigestArgs]) error {
	d := w.d
	dg, err := d.store.loadDigest(ctx, j.Args.DigestID)
	if errors.Is(err, ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if dg.status != DeliveryPending {
		return nil
	}
	if dg.channel.Status != ChannelActive {
		return d.store.cancelDigest(ctx, dg, "channel disabled: "+dg.channel.DisabledReason)
	}
	render, ok := digestRenderers[dg.channel.Kind]
	if !ok && dg.channel.Kind != ChannelEmail {
		why := "channel kind " + dg.channel.Kind + " has no digest"
		return errors.Join(d.store.cancelDigest(ctx, dg, why), river.JobCancel(errors.New(why)))
	}
	leads, err := d.store.digestLeads(ctx, dg.id)
	if err != nil {
		return err
	}
	inbox := ""
	if d.opt.BaseURL != "" {
		inbox = strings.TrimSuffix(d.opt.BaseURL, "/") + "/portal"
	}
	start := d.store.now()
	a := DeliveryAttempt{AttemptedAt: start.UTC()}
	var outcome, status, disable string
	var jobErr error
	if dg.channel.Kind == ChannelEmail { // sent over SMTP, not POSTed (email_digest.go)
		outcome, status, disable, jobErr = d.sendEmailDigest(ctx, dg, leads, inbox, start, &a)
	} else {
		links, err := d.digestLinks(ctx, dg)
		if err != nil {
			return err
		}
		body, err := render(dg, leads, inbox, links)
		if err != nil {
			return river.JobCancel(err)
		}
		outcome, status, disable, jobErr = d.post(ctx, &pendingDelivery{id: dg.id, clientID: dg.clientID, channel: dg.channel}, body, start, &a)
	}
	a.LatencyMS = d.store.now().Sub(start).Milliseconds()
	a.Outcome = outcome
	if jobErr != nil && !isSnooze(jobErr) && status == "" && j.Attempt >= j.MaxAttempts {
		status, a.Outcome = DeliveryFailed, OutcomeFailed
	}
	if err := d.store.recordDigestAttempt(context.WithoutCancel(ctx), dg, a, status, disable); err != nil {
		return err
	}
	log := d.opt.Logger.With("digest", dg.id, "channel", dg.channel.ID, "client", dg.clientID, "leads", len(leads),
		"code", a.ResponseCode, "latency_ms", a.LatencyMS)
	if jobErr != nil {
		log.Warn("digest delivery failed", "outcome", a.Outcome, "attempt", j.Attempt, "err", a.Error)
	} else {
		log.Info("digest delivered")
	}
	return jobErr
}

// DigestScheduleArgs is the periodic job that makes the digests due.
type DigestScheduleArgs struct{}

// Kind implements river.JobArgs.
func (DigestScheduleArgs) Kind() string { return "schedule_digests" }

// InsertOpts: one attempt; the next minute's job tries again.
func (DigestScheduleArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 1} }

// DigestScheduleWorker performs DigestScheduleArgs jobs.
type DigestScheduleWorker struct {
	river.WorkerDefaults[DigestScheduleArgs]
	store *Store
	log   *slog.Logger
}

// NewDigestScheduleWorker returns the digest scheduler's worker.
func NewDigestScheduleWorker(store *Store, log *slog.Logger) *DigestScheduleWorker {
	if log == nil {
		log = slog.Default()
	}
	return &DigestScheduleWorker{store: store, log: log}
}

// Work makes the digests due now.
func (w *DigestScheduleWorker) Work(ctx context.Context, _ *river.Job[DigestScheduleArgs]) error {
	n, err := w.store.ScheduleDigests(ctx, w.store.now())
	if n > 0 {
		w.log.Info("digests scheduled", "digests", n)
	}
	return err
}

// DigestPeriodicJob is the digest scheduler, inserted every minute by
// River's elected leader.
func DigestPeriodicJob() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(DigestEvery),
		func() (river.JobArgs, *river.InsertOpts) { return DigestScheduleArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})
}

// digestLinks are the signed Good / Noise links of each lead of a digest
// (its delivery in the digest); empty without a link key.
func (d *Delivery) digestLinks(ctx context.Context, dg *digest) (map[string]feedbackLinks, error) {
	out := map[string]feedbackLinks{}
	if d.opt.Links == nil {
		return out, nil
	}
	deliveries, err := d.store.digestDeliveries(ctx, dg.id)
	if err != nil {
		return nil, err
	}
	for lead, id := range deliveries {
		fl, err := d.opt.Links.forDelivery(ctx, id)
		if err != nil {
			return nil, err
		}
		out[lead] = fl
	}
	return out, nil
}
