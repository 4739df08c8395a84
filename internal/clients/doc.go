// Package clients keeps Signalpipe's clients, their always-on agents, their
// runs and leads (docs/clients.md for the rules, docs/api.md for the HTTP
// calls). Its files, by concern:
//
// The clients model:
//   - model.go, store.go: clients, their settings and contact; duration.go
//     the agents' schedules; mapping.go a client from an onboarding
//     submission (ICP, settings, planned channels); policy.go what a
//     paused or churned client may still do; brand.go the agency's and a
//     client's white-label brand, brand_logo_store.go its uploaded logos.
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
//     the account.heated event; accounts_rank.go and accounts_rank_sync.go
//     the list's order from a per-instance summary kept current by
//     migration 00037's stamps; accounts_lead.go a lead's account (why
//     now, postscript); accounts_drafts.go each person's draft;
//     accounts_export.go the CSV export; handlers_accounts.go their routes.
//   - report.go, report_queries.go: the client's report over a window;
//     handlers_report.go its routes (JSON and PDF).
//   - handlers.go, handlers_input.go (the client and settings bodies),
//     handlers_agents.go, handlers_agent_actions.go, handlers_leads.go,
//     categories.go, drafts.go: the admin API; strict.go its strict JSON
//     decoding.
//
// What the model knows of delivery: channels.go the channel store (a
// client is made with its planned channels); delivery_model.go the
// channels' kinds, statuses and cadences, the delivery rows and their
// jobs' arguments (EnqueueDeliveries after a run; review.go on approval);
// crm_mapping.go a CRM channel's mapping and a lead's CRM records. The
// delivery itself (webhook, Slack, email, CRMs, digests, feed, signed
// links, channel state, its workers and routes) is the package
// internal/clients/delivery, above this one; the scheduler pauses failing
// channels through the hook it sets (Store.OnSchedule).
//
// The client portal (its routes, invites, API tokens and scopes) is the
// package internal/clients/portal, above the delivery; exports.go names
// what both use of the model's helpers.
package clients
