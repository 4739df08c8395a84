package delivery

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	_ "time/tzdata" // clients' digest time zones load on hosts without a zoneinfo database

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
)

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
	return river.InsertOpts{Queue: clients.DeliveryQueue, MaxAttempts: clients.DeliveryAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// digestRenderer makes the body POSTed for a digest of leads (oldest
// first) to a channel of one kind. A channel kind with a digest adds its
// renderer to digestRenderers; email, sent over SMTP rather than POSTed,
// has its own branch in DigestWorker.Work (email_digest.go).
// br is the client's brand (a Slack digest's footer).
type digestRenderer func(dg *digest, leads []*clients.ClientLead, inboxURL string, links map[string]clients.FeedbackLinks, br clients.Brand) ([]byte, error)

var digestRenderers = map[string]digestRenderer{
	clients.ChannelWebhook: webhookDigest,
	clients.ChannelSlack:   slackDigest,
}

// webhookDigest is one JSON body with every lead; its timestamp is the
// period's end, so every attempt sends the same body.
func webhookDigest(dg *digest, leads []*clients.ClientLead, _ string, _ map[string]clients.FeedbackLinks, _ clients.Brand) ([]byte, error) {
	return json.Marshal(map[string]any{"type": "leads.digest", "timestamp": dg.periodEnd.UTC().Format(time.RFC3339Nano),
		"data": map[string]any{"digestId": dg.id, "channelId": dg.channel.ID, "cadence": dg.channel.Cadence,
			"periodEnd": dg.periodEnd.UTC().Format(time.RFC3339), "count": len(leads), "leads": linkSafe(leads...)}})
}

// slackDigest is one Block Kit message: a header, one section per lead
// (who, signal, score and tier, the post link, its signed Good / Noise
// links) and, beyond Block Kit's 50 blocks, "and N more" with a link to the
// inbox. links maps a lead id to its links (none without a key).
func slackDigest(dg *digest, leads []*clients.ClientLead, inboxURL string, links map[string]clients.FeedbackLinks, br clients.Brand) ([]byte, error) {
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
		line := "*" + slackEscape(clients.Clip(who, 200)) + "*"
		if u := engine.LinkURL(l.URL); u != "" { // http(s) only
			line = "<" + strings.NewReplacer("|", "%7C", ">", "%3E", "<", "%3C").Replace(u) + "|" + slackEscape(clients.Clip(who, 200)) + ">"
		}
		line += fmt.Sprintf(" · %s · score %d (%s)", slackEscape(strings.ReplaceAll(l.SignalType, "_", " ")), l.Score, l.Tier)
		if lead.Signal != "" {
			line += "\n>" + slackEscape(clients.Clip(lead.Signal, 300))
		}
		if fl := links[l.ID]; fl.Good != "" {
			line += "\n<" + fl.Good + "|Good> · <" + fl.Noise + "|Noise>"
		}
		blocks = append(blocks, map[string]any{"type": "section", "text": map[string]any{"type": "mrkdwn", "text": clients.Clip(line, 3000)}})
	}
	if more := len(leads) - shown; more > 0 {
		text := fmt.Sprintf("…and %d more", more)
		if inboxURL != "" {
			text += " in <" + inboxURL + "|the inbox>"
		}
		blocks = append(blocks, map[string]any{"type": "section", "text": map[string]any{"type": "mrkdwn", "text": text}})
	}
	if f := slackFooter(br); f != nil {
		blocks = append(blocks, f)
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
	if errors.Is(err, clients.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if dg.status != clients.DeliveryPending {
		return nil
	}
	if dg.channel.Status != clients.ChannelActive {
		return d.store.cancelDigest(ctx, dg, "channel disabled: "+dg.channel.DisabledReason)
	}
	render, ok := digestRenderers[dg.channel.Kind]
	if !ok && dg.channel.Kind != clients.ChannelEmail {
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
	start := d.store.Now()
	a := DeliveryAttempt{AttemptedAt: start.UTC()}
	var outcome, status, disable string
	var jobErr error
	if dg.channel.Kind == clients.ChannelEmail { // sent over SMTP, not POSTed (email_digest.go)
		outcome, status, disable, jobErr = d.sendEmailDigest(ctx, dg, leads, inbox, start, &a)
	} else {
		links, err := d.digestLinks(ctx, dg)
		if err != nil {
			return err
		}
		br, err := d.store.BrandFor(ctx, dg.clientID)
		if err != nil {
			return err
		}
		for id, fl := range links {
			links[id] = br.RebaseLinks(fl, d.opt.BaseURL)
		}
		body, err := render(dg, leads, br.Rebase(inbox, d.opt.BaseURL), links, br)
		if err != nil {
			return river.JobCancel(err)
		}
		outcome, status, disable, jobErr = d.post(ctx, &pendingDelivery{id: dg.id, clientID: dg.clientID, channel: dg.channel}, body, start, &a)
	}
	a.LatencyMS = d.store.Now().Sub(start).Milliseconds()
	a.Outcome = outcome
	if jobErr != nil && !isSnooze(jobErr) && status == "" && j.Attempt >= j.MaxAttempts {
		status, a.Outcome = clients.DeliveryFailed, clients.OutcomeFailed
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
	n, err := w.store.ScheduleDigests(ctx, w.store.Now())
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
func (d *Delivery) digestLinks(ctx context.Context, dg *digest) (map[string]clients.FeedbackLinks, error) {
	out := map[string]clients.FeedbackLinks{}
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
