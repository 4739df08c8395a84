package delivery

import (
	"context"
	"errors"

	"github.com/signalpipe/signalpipe/internal/clients"

	"github.com/riverqueue/river"
)

// held decides a delivery of a client that is not working in full: a
// paused client's waits HeldFor (snoozed, no attempt made), a churned
// client's is cancelled. ok is true when the delivery may go.
func (d *Delivery) held(ctx context.Context, p *pendingDelivery) (ok bool, err error) {
	st, err := d.store.ClientStatus(ctx, p.clientID)
	if errors.Is(err, clients.ErrNotFound) {
		return false, river.JobCancel(err)
	}
	if err != nil {
		return false, err
	}
	switch st {
	case clients.StatusPaused:
		return false, river.JobSnooze(clients.HeldFor)
	case clients.StatusChurned:
		return false, d.store.setDeliveryStatus(ctx, p.id, clients.DeliveryCancelled, "client churned")
	}
	return true, nil
}
