// Package notify tells the owner of the site about events (README.md
// "Delivery"): new bookings and onboardings today, and anything else a
// feature passes to Owner.Notify. Each message goes to OWNER_NOTIFY_EMAIL
// (through internal/mail) and to OWNER_SLACK_WEBHOOK_URL (Block Kit), each
// as its own River job: durable, retried with backoff, never slowing the
// request that caused it.
package notify
