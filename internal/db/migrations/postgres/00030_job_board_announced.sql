-- +goose Up
-- An opening is announced once the post naming it is stored (README.md,
-- "Sources", job boards): announced_at stays NULL until then. A fetch
-- claims a board's unannounced openings (claimed_by names the fetch,
-- claimed_at starts a 10-minute lease), so instances fetching at once put
-- each opening in one post, and a fetch whose post was never stored (a
-- crash, a failed store) only delays it: after the lease the next fetch
-- announces it again, in the same batch and so at the same URL. Openings
-- recorded before this migration count as announced (their posts were
-- made when they were first seen).
ALTER TABLE job_board_jobs ADD COLUMN announced_at TIMESTAMPTZ;
ALTER TABLE job_board_jobs ADD COLUMN claimed_at TIMESTAMPTZ;
ALTER TABLE job_board_jobs ADD COLUMN claimed_by TEXT;
UPDATE job_board_jobs SET announced_at = first_seen_at;

-- +goose Down
ALTER TABLE job_board_jobs DROP COLUMN claimed_by;
ALTER TABLE job_board_jobs DROP COLUMN claimed_at;
ALTER TABLE job_board_jobs DROP COLUMN announced_at;
