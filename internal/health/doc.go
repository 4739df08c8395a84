// Package health records how each search source is doing and reports it
// (README.md, "Source health"): every fetch, by a live search or by ingest,
// on any instance, writes its outcome to the source_health tables; the
// report turns them into a state per source (ok, degraded, failing,
// disabled, unconfigured) with the last success, the last error and
// 24-hour counts of posts, errors and rate limits. `signalpipe sources`
// prints it, GET /api/admin/sources (package search/sources) answers it, and the admin console
// shows it. A rate-limited source is paused (paused_until) until its
// Retry-After or backoff has passed, across instances.
package health
