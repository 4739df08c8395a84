package delivery

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"

	"github.com/riverqueue/river"
)

// AccountHeatedWorker posts account.heated events, signed as lead
// webhooks are (Standard Webhooks, the channel's secret).
type AccountHeatedWorker struct {
	river.WorkerDefaults[clients.AccountHeatedArgs]
	d *Delivery
}

// NewAccountHeatedWorker returns the worker; d posts the requests.
func NewAccountHeatedWorker(d *Delivery) *AccountHeatedWorker { return &AccountHeatedWorker{d: d} }

// Timeout bounds one attempt like a lead delivery's.
func (w *AccountHeatedWorker) Timeout(*river.Job[clients.AccountHeatedArgs]) time.Duration {
	return w.d.opt.Timeout + 5*time.Second
}

// Work posts the event: the account as the client sees it now, with the
// score and threshold of the crossing. A channel gone, disabled or of
// another client, an account merged away, or a churned client drop it;
// a paused client holds it.
func (w *AccountHeatedWorker) Work(ctx context.Context, j *river.Job[clients.AccountHeatedArgs]) error {
	a := j.Args
	st, err := w.d.store.ClientStatus(ctx, a.ClientID)
	switch {
	case errors.Is(err, clients.ErrNotFound):
		return river.JobCancel(err)
	case err != nil:
		return err
	case st == clients.StatusPaused:
		return river.JobSnooze(clients.HeldFor)
	case st == clients.StatusChurned:
		return nil
	}
	ch, err := w.d.store.channelOf(ctx, a.ClientID, a.ChannelID)
	if errors.Is(err, clients.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if ch.Kind != clients.ChannelWebhook || ch.Status != clients.ChannelActive {
		return nil
	}
	acc, err := w.d.store.Account(ctx, a.ClientID, a.AccountID, false)
	if errors.Is(err, clients.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	body, err := json.Marshal(map[string]any{"type": clients.EventAccountHeated, "timestamp": a.HeatedAt.UTC().Format(time.RFC3339Nano),
		"data": map[string]any{"account": acc, "score": a.Score, "threshold": a.Threshold}})
	if err != nil {
		return river.JobCancel(err)
	}
	now := w.d.store.Now()
	p := &pendingDelivery{id: a.WebhookID, clientID: a.ClientID, channel: ch}
	var attempt DeliveryAttempt
	outcome, _, _, jobErr := w.d.post(ctx, p, body, now, &attempt)
	log := w.d.opt.Logger.With("event", clients.EventAccountHeated, "account", a.AccountID, "channel", ch.ID, "client", a.ClientID, "code", attempt.ResponseCode)
	if jobErr != nil {
		log.Warn("account event failed", "outcome", outcome, "attempt", j.Attempt, "err", attempt.Error)
		return jobErr // a JobCancel (410), a JobSnooze (429, 503) or an error to retry
	}
	log.Info("account event delivered")
	return nil
}
