// Package jobs runs Signalpipe's durable background jobs on River, on SQLite
// (riversqlite on the single writer connection) and PostgreSQL (riverpgxv5
// on the shared pgx pool) alike.
//
// Feature packages register their workers and periodic jobs, then enqueue
// jobs inside the same transaction as the rows the jobs are about (InTx), so
// a job exists exactly when its data does.
package jobs
