// Package clients keeps Signalpipe's clients, their always-on agents and
// the delivery of their leads (docs/clients.md for the rules, docs/api.md
// for the HTTP calls). Its files, by concern:
//
// The clients model:
//   - model.go, store.go: clients, their settings and contact; duration.go
//     the agents' schedules; mapping.go a client from an onboarding
//     submission (ICP, settings, planned channels); policy.go what a
//     paused or churned client may still do; brand.go the agency's and a
//     client's white-label brand.
//   - agents.go, templates.go: agents and their starter templates; the
//     query language they use is internal/search/querylang.
//   - runs.go, service.go, worker.go, deliver.go: agent runs (River jobs,
//     run now or on each agent's schedule) over the posts index and the
//     live sources, and the leads a run stores (caps, no doubles).
//   - leads.go, export.go, precision.go: the leads inbox, its CSV export
//     and the precision of the client's feedback; review.go the review
//     before delivery; workflow.go a lead's state, owner and note;
//     tuning.go and suggest.go learn from the feedback; console.go the
//     owner's overview and filing a search's leads; streamqueries.go,
//     jobboards.go what the streaming and job-board sources ask for.
//   - accounts.go, accounts_view.go, accounts_merge.go, accounts_heated.go:
//     the companies of the client's leads (resolved by internal/accounts),
//     their list with score and why now, the owner's merge and split, and
//     the account.heated event; handlers_accounts.go their routes.
//   - report.go, report_queries.go: the client's report over a window;
//     handlers_report.go its routes (JSON and PDF).
//   - handlers.go, handlers_input.go (the client and settings bodies),
//     handlers_agents.go, handlers_agent_actions.go, handlers_leads.go,
//     categories.go, drafts.go: the admin API; strict.go its strict JSON
//     decoding.
//
// Delivery of leads to a client's channels:
//   - channels.go the channel store; ssrf.go the guard on webhook and
//     Slack targets; webhook.go enqueueing and the signed POST; slack.go,
//     slackapp.go (the Slack app's buttons), email.go, email_digest.go the
//     other kinds; digest.go and digest_worker.go daily and weekly digests.
//   - crm.go the CRM channels (field mapping, records, calls), hubspot.go
//     and pipedrive.go each CRM's calls, crmlimit.go their rate limits,
//     crm_state.go the job that carries a lead's state change to the CRM.
//   - attempts.go the one attempt recorder of every kind; channelstate.go
//     failing, paused and re-enabled channels; alerts.go the owner's
//     notice of a failing channel; delivery_worker.go the River worker;
//     delivery_handlers.go and channel_edit.go the admin API of channels.
//   - links.go signed Good / Noise / Unsubscribe links; feed.go the
//     client's Atom feed.
//
// The client portal (its routes, invites, API tokens and scopes) is the
// package internal/clients/portal, above this one; exports.go names what
// it uses of the model's helpers.
package clients
