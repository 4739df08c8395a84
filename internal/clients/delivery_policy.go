package clients

import (
	"context"
	"errors"

	"github.com/riverqueue/river"
)

// held decides a delivery of a client that is not working in full: a
// paused client's waits HeldFor (snoozed, no attempt made), a churned
// client's is cancelled. ok is true when the delivery may go.
func (d *Delivery) held(ctx context.Context, p *pendingDelivery) (ok bool, err error) {
	st, err := d.store.clientStatus(ctx, p.clientID)
	if errors.Is(err, ErrNotFound) {
		return false, river.JobCancel(err)
	}
	if err != nil {
		return false, err
	}
	switch st {
	case StatusPaused:
		return false, river.JobSnooze(HeldFor)
	case StatusChurned:
		return false, d.store.setDeliveryStatus(ctx, p.id, DeliveryCancelled, "client churned")
	}
	return true, nil
}
