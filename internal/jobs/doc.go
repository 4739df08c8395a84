// Package jobs runs Signalpipe's durable background jobs on River, on SQLite
// (riversqlite on the single writer connection) and PostgreSQL (riverpgxv5
// on the shared pgx pool) alike.
//
// Feature packages register their workers and periodic jobs, then enqueue
// jobs inside the same transaction as the rows the jobs are about (InTx), so
// a job exists exactly when its data does.
//
// A job whose process died stays "running" until it is taken back: by
// River's rescuer after the longer of Options.RescueStuckJobsAfter and its
// worker's Timeout, or, for the Options.QuickRescue kinds, by every
// instance within seconds (README, "Forms, forwarding and the admin
// console"). Delivery is therefore at-least-once.
package jobs
