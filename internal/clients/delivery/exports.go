package delivery

import (
	"context"
	"net/http"
)

// What the portal uses of the delivery's own helpers.

// AddChannel exports addChannel (delivery_handlers.go) to the packages above.
func (d *Delivery) AddChannel(w http.ResponseWriter, r *http.Request, clientID string) {
	d.addChannel(w, r, clientID)
}

// Enable exports enable (channelstate.go) to the packages above.
func (d *Delivery) Enable(w http.ResponseWriter, r *http.Request, id string) { d.enable(w, r, id) }

// FeedURL exports feedURL (feed.go) to the packages above.
func FeedURL(baseURL string, token string) string { return feedURL(baseURL, token) }

// HTMLEscape exports htmlEscape (crm.go) to the packages above.
func HTMLEscape(s string) string { return htmlEscape(s) }

// Held exports held (policy.go) to the packages above.
func (d *Delivery) Held(ctx context.Context, p *PendingDelivery) (bool, error) { return d.held(ctx, p) }

// IsSnooze exports isSnooze (delivery_worker.go) to the packages above.
func IsSnooze(err error) bool { return isSnooze(err) }

// Opt exports opt (delivery_worker.go) to the packages above.
func (x *Delivery) Opt() DeliveryOptions { return x.opt }

// PendingDelivery exports pendingDelivery (attempts.go) to the packages above.
type PendingDelivery = pendingDelivery

// PendingFor is a pending delivery of id to a channel of clientID (the
// status policy's tests ask Held about it).
func PendingFor(id, clientID string) *PendingDelivery {
	return &pendingDelivery{id: id, clientID: clientID}
}
