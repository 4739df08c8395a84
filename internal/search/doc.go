// Package search is the live lead search: the posts index (SQLite FTS5 or
// PostgreSQL full text), the research-leads and check-webset-status calls
// of docs/product.md §13.5, the background search jobs behind them, and the
// admin-session data calls over stored leads, signals and jobs.
//
// A search is a River job on the "search" queue, inserted in the same
// transaction as the search's row, so any instance may run it and any
// instance answers its status from the database; a search interrupted by a
// shutdown or a crash is run again. A search started anonymously (with the
// demo key) lives in a search_results row that expires 30 minutes after it
// finished and is never written to leads or signals; one started with an
// admin session is recorded in search_jobs and its leads and signals are
// stored (docs/product.md §13.6).
package search
