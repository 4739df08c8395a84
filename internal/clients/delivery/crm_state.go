package delivery

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"

	"github.com/riverqueue/river"
)

// CRMStateWorker works crm_state jobs.
type CRMStateWorker struct {
	river.WorkerDefaults[clients.CRMStateArgs]
	d *Delivery
}

// NewCRMStateWorker returns the crm_state worker of d.
func NewCRMStateWorker(d *Delivery) *CRMStateWorker { return &CRMStateWorker{d: d} }

// Timeout bounds the job: one or two CRM calls.
func (w *CRMStateWorker) Timeout(*river.Job[clients.CRMStateArgs]) time.Duration {
	return w.d.opt.Timeout + 5*time.Second
}

// Work sends the lead's state (HubSpot: the contact's hs_lead_status;
// Pipedrive: a lost lead archived). A channel no longer active, or a lead
// gone, ends the job; 429 waits for Retry-After; 401/403 disable the
// channel with a notice, as in a delivery; 400 and 404 end it (logged);
// others retry with backoff.
func (w *CRMStateWorker) Work(ctx context.Context, j *river.Job[clients.CRMStateArgs]) error {
	s := w.d.store
	ch, err := clients.ScanChannel(s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT `+clients.ChannelColumns+` FROM client_channels WHERE id = ?`), j.Args.ChannelID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	if ch.Status != clients.ChannelActive {
		return nil
	}
	lead, err := s.Lead(ctx, ch.ClientID, j.Args.LeadID)
	if errors.Is(err, clients.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	ids, err := s.crmIDs(ctx, lead.ID, ch.ID)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, w.d.opt.Timeout)
	defer cancel()
	if ch.Kind == clients.ChannelPipedrive {
		err = w.d.pipedriveState(ctx, ch, ids, lead.State)
	} else {
		err = w.d.hubspotState(ctx, ch, ids, lead.State)
	}
	var ce *crmError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ce) && ce.code == http.StatusTooManyRequests:
		return river.JobSnooze(retryAfter(ce.retryAfter, s.Now()))
	case errors.As(err, &ce) && (ce.code == http.StatusUnauthorized || ce.code == http.StatusForbidden):
		// The token refused here as in a delivery: the channel is disabled
		// with the owner's notice.
		now := s.Now()
		why := fmt.Sprintf("%s refused the token (%d) at %s; put a valid token in the channel and enable it", ch.Kind, ce.code, now.UTC().Format(time.RFC3339))
		if derr := s.Tx(ctx, func(tx *sql.Tx) error {
			return s.disableTx(ctx, tx, attemptTarget{clientID: ch.ClientID, channel: ch}, now, why)
		}); derr != nil {
			return derr
		}
		w.d.opt.Logger.Warn("crm state not sent; channel disabled", "kind", ch.Kind, "lead", lead.ID, "channel", ch.ID, "err", err)
		return river.JobCancel(err)
	case errors.As(err, &ce) && (ce.code == http.StatusBadRequest || ce.code == http.StatusNotFound):
		w.d.opt.Logger.Warn("crm state not sent", "kind", ch.Kind, "lead", lead.ID, "channel", ch.ID, "err", err)
		return river.JobCancel(err)
	}
	return err
}
