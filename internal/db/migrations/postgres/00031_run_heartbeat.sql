-- +goose Up
-- A run heartbeats while it works (docs/clients.md "Runs"): its worker
-- writes heartbeat_at every 5 s, with attempt, the River attempt working
-- it. A run still 'running' whose heartbeat is older than 15 s lost its
-- instance: every instance looks every 5 s, marks it interrupted
-- (interrupted_at, heartbeat_at back to NULL, in one statement that only
-- one instance wins) and hands its job back, so it is retried at once; a
-- retry writes its own attempt, and the interrupted attempt's heartbeat
-- (matching the old attempt) stops it if it was only slow.
ALTER TABLE agent_runs ADD COLUMN heartbeat_at TIMESTAMPTZ;
ALTER TABLE agent_runs ADD COLUMN attempt INTEGER NOT NULL DEFAULT 0;
ALTER TABLE agent_runs ADD COLUMN interrupted_at TIMESTAMPTZ;
CREATE INDEX agent_runs_heartbeat ON agent_runs (status, heartbeat_at);

-- +goose Down
DROP INDEX agent_runs_heartbeat;
ALTER TABLE agent_runs DROP COLUMN interrupted_at;
ALTER TABLE agent_runs DROP COLUMN attempt;
ALTER TABLE agent_runs DROP COLUMN heartbeat_at;
