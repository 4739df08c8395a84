// Package clients keeps Signalpipe's clients and their always-on agents:
// a client made from an onboarding submission (or blank) with its ICP and
// settings, the agents that watch the posts index and the live sources for
// it, the agents' runs (River jobs, run now or on each agent's schedule),
// and the client's leads inbox. The rules are in docs/clients.md; the HTTP
// calls in docs/api.md.
package clients
