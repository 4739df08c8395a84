// Package delivery sends a client's leads to its channels (docs/clients.md
// "Delivery", docs/api.md for the HTTP calls): webhooks, Slack, email,
// CRMs, digests and the Atom feed. The clients model (internal/clients)
// writes the delivery rows and enqueues their jobs (its delivery_model.go
// names the channel kinds and statuses and the jobs' arguments); this
// package does the work. Its files:
//   - store.go the store (the clients store with the delivery's tables);
//     worker.go the River worker of lead deliveries and its options;
//     handlers.go the admin API of channels and the delivery log;
//     channel_edit.go editing and test-sending a channel.
//   - ssrf.go the guard on webhook and Slack targets; webhook.go the
//     signed POST; slack.go and slackapp.go (the Slack app's buttons),
//     email.go, email_digest.go the other kinds; digest.go and
//     digest_worker.go daily and weekly digests.
//   - crm.go the CRM calls, hubspot.go and pipedrive.go each CRM's,
//     crmlimit.go their rate limits, crm_state.go the job that carries a
//     lead's state change to the CRM; crm_brand.go the brand's name on
//     CRM records.
//   - attempts.go the one attempt recorder of every kind; channelstate.go
//     failing, paused and re-enabled channels; alerts.go the owner's
//     notice of a failing channel; policy.go a paused or churned client's
//     deliveries; accounts_heated.go the account.heated webhook.
//   - links.go signed Good / Noise / Unsubscribe links; feed.go the
//     client's Atom feed; exports.go what the portal uses of this package.
//
// It imports the clients model and never the reverse; the portal
// (internal/clients/portal) is above it.
package delivery
