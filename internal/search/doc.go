// Package search is the live lead search: the posts index (SQLite FTS5 or
// PostgreSQL full text), the research-leads and check-webset-status calls
// of spec 000 §7, the background search jobs behind them, and the
// admin-session data calls over stored leads, signals and jobs.
//
// A search started anonymously (with the demo key) keeps its result only in
// a bounded in-memory cache for its visitor and stores nothing; one started
// with an admin session is recorded in search_jobs and its leads and
// signals are stored (DECISIONS.md, "Who may do what").
package search
