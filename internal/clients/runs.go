package clients

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// Queue is the River queue agent runs work on.
const Queue = "agents"

// QueueConfig is the agents queue's River configuration. A run with little
// new to read spends most of its time waiting on the database, so an
// instance works 2 runs per CPU at once and fetches again 20 ms after a run
// ends: with 2 workers and River's default fetch timing, 1,000 agents due
// in one period took 30 s to start on 2 cores; with this, 7 s
// (docs/performance.md "Clients and agents").
func QueueConfig() river.QueueConfig {
	return river.QueueConfig{MaxWorkers: 2 * runtime.NumCPU(), FetchCooldown: 20 * time.Millisecond,
		FetchPollInterval: 250 * time.Millisecond}
}

// RunArgs is the job that performs one agent run, recorded in agent_runs
// as RunID. Only AgentID and Slot make a scheduled run unique: two
// schedulers (two instances, or one retried) enqueueing the same agent for
// the same period insert one job (see Store.schedule).
type RunArgs struct {
	RunID   string `json:"runId"`
	AgentID string `json:"agentId" river:"unique"`
	// Slot is the schedule period's number (Unix seconds / schedule); 0
	// for a run started by an admin.
	Slot int64 `json:"slot" river:"unique"`
}

// Kind implements river.JobArgs.
func (RunArgs) Kind() string { return "agent_run" }

// InsertOpts puts runs on their own queue; an interrupted run (shutdown,
// crash) runs again twice.
func (RunArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: Queue, MaxAttempts: 3} }

// scheduledOpts make a scheduled run unique by agent and slot among jobs in
// any state River keeps.
var scheduledOpts = &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: rivertype.UniqueOptsByStateDefault()}}

// errDuplicateRun rolls back a scheduled run another scheduler already
// enqueued.
var errDuplicateRun = errors.New("run already scheduled for this period")

// errNoRunner is a run asked of a store without a job runner.
var errNoRunner = errors.New("clients: no job runner to start runs on")

// StartRun records a run of the agent and enqueues it, in one transaction,
// and returns the run's id. An unknown agent is ErrNotFound.
func (s *Store) StartRun(ctx context.Context, agentID string) (string, error) {
	a, err := s.Agent(ctx, agentID)
	if err != nil {
		return "", err
	}
	id, _, err := s.enqueueRun(ctx, a, RunManual, 0)
	return id, err
}

// enqueueRun inserts the run row, marks the agent's last run and enqueues
// the job, unique by slot when kind is RunSchedule. A duplicate scheduled
// run stores nothing and reports dup.
func (s *Store) enqueueRun(ctx context.Context, a *Agent, kind string, slot int64) (id string, dup bool, err error) {
	if s.jobs == nil {
		return "", false, errNoRunner
	}
	id, now := db.NewID(), s.now().UTC()
	var opts *river.InsertOpts
	if kind == RunSchedule {
		opts = scheduledOpts
	}
	err = s.jobs.InTx(ctx, func(tx jobs.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO agent_runs (id, agent_id, client_id, kind, status, sources, notes, started_at)
			VALUES (?, ?, ?, ?, ?, '[]', '[]', ?)`, id, a.ID, a.ClientID, kind, RunRunning, s.d.TimeArg(now)); err != nil {
			return fmt.Errorf("insert run: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE agents SET last_run_at = ? WHERE id = ?`, s.d.TimeArg(now), a.ID); err != nil {
			return fmt.Errorf("mark agent run: %w", err)
		}
		res, err := tx.Enqueue(ctx, RunArgs{RunID: id, AgentID: a.ID, Slot: slot}, opts)
		if err != nil {
			return fmt.Errorf("enqueue run: %w", err)
		}
		if res.Duplicate {
			return errDuplicateRun
		}
		return nil
	})
	if errors.Is(err, errDuplicateRun) {
		return "", true, nil
	}
	return id, false, err
}

const runColumns = `id, agent_id, client_id, kind, status, posts_read, leads_added, sources, notes, error, started_at, finished_at,
	attempt, heartbeat_at, interrupted_at`

func scanRun(r scanner) (*Run, error) {
	var (
		run               Run
		sources, notes    string
		started, finish   db.Time
		beat, interrupted db.Time
	)
	err := r.Scan(&run.ID, &run.AgentID, &run.ClientID, &run.Kind, &run.Status, &run.PostsRead, &run.LeadsAdded,
		&sources, &notes, &run.Error, &started, &finish, &run.Attempt, &beat, &interrupted)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(sources), &run.Sources); err != nil {
		return nil, fmt.Errorf("run %s sources: %w", run.ID, err)
	}
	if err := json.Unmarshal([]byte(notes), &run.Notes); err != nil {
		return nil, fmt.Errorf("run %s notes: %w", run.ID, err)
	}
	if run.Sources == nil {
		run.Sources = []SourceState{}
	}
	run.Notes = orEmpty(run.Notes)
	run.StartedAt, run.FinishedAt = started.Time, finish.Ptr()
	run.HeartbeatAt, run.InterruptedAt = beat.Ptr(), interrupted.Ptr()
	return &run, nil
}

// Run returns one run, or ErrNotFound.
func (s *Store) Run(ctx context.Context, id string) (*Run, error) {
	run, err := scanRun(s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT `+runColumns+` FROM agent_runs WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load run %s: %w", id, err)
	}
	return run, nil
}

// Runs lists an agent's latest runs, newest first.
func (s *Store) Runs(ctx context.Context, agentID string, limit int) ([]*Run, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT `+runColumns+` FROM agent_runs WHERE agent_id = ?
		ORDER BY started_at DESC, id DESC LIMIT ?`), agentID, limit)
	if err != nil {
		return nil, fmt.Errorf("list runs: %w", err)
	}
	defer rows.Close()
	out := []*Run{}
	for rows.Next() {
		run, err := scanRun(rows)
		if err != nil {
			return nil, fmt.Errorf("list runs: %w", err)
		}
		out = append(out, run)
	}
	return out, rows.Err()
}

// failRun records a run that could not finish (its job gave up).
func (s *Store) failRun(ctx context.Context, id, msg string) error {
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE agent_runs SET status = ?, error = ?, finished_at = ?
		WHERE id = ? AND status = ?`), RunFailed, msg, s.d.TimeArg(s.now()), id, RunRunning)
	return err
}

// slot is the number of the schedule period holding t.
func slot(t time.Time, schedule time.Duration) int64 {
	return t.Unix() / int64(schedule/time.Second)
}

// ScheduleDue enqueues a run of every active agent of an active client
// whose last run was in an earlier period of its schedule, and returns how
// many it enqueued. Each run is unique by agent and period (RunArgs), so
// schedulers on several instances never run an agent twice in one period.
func (s *Store) ScheduleDue(ctx context.Context) (int, error) {
	now := s.now()
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT `+prefixed("a.", agentColumns)+` FROM agents a
		JOIN clients c ON c.id = a.client_id WHERE a.active = ? AND c.status = ?`), true, StatusActive)
	if err != nil {
		return 0, fmt.Errorf("due agents: %w", err)
	}
	var due []*Agent
	for rows.Next() {
		a, err := scanAgent(rows)
		if err != nil {
			rows.Close()
			return 0, fmt.Errorf("due agents: %w", err)
		}
		cur := slot(now, time.Duration(a.Schedule))
		if a.LastRunAt == nil || slot(*a.LastRunAt, time.Duration(a.Schedule)) < cur {
			due = append(due, a)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("due agents: %w", err)
	}
	n := 0
	for _, a := range due {
		_, dup, err := s.enqueueRun(ctx, a, RunSchedule, slot(now, time.Duration(a.Schedule)))
		if err != nil {
			return n, err
		}
		if !dup {
			n++
		}
	}
	return n, nil
}

// Heartbeats (issue 29): a run's worker writes heartbeat_at every
// HeartbeatEvery while it works; every instance looks every
// jobs.QuickRescueEvery (5 s) for runs still 'running' whose last beat is
// older than HeartbeatStale, marks each interrupted (one instance wins, in
// one statement) and hands its job back, so a run whose instance was
// killed is retried within about 25 s of its last beat instead of after
// the worker's Timeout (2.5 minutes). An attempt that was only slow finds
// at its next beat that the run was taken back (the attempt no longer its
// own) and stops; finishRun stores nothing for it.
const (
	HeartbeatEvery = 5 * time.Second
	HeartbeatStale = 15 * time.Second
)

// beginAttempt records that River attempt attempt now works run id.
func (s *Store) beginAttempt(ctx context.Context, id string, attempt int) error {
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE agent_runs SET heartbeat_at = ?, attempt = ? WHERE id = ? AND status = ?`),
		s.d.TimeArg(s.now().UTC()), attempt, id, RunRunning)
	if err != nil {
		return fmt.Errorf("begin run %s attempt %d: %w", id, attempt, err)
	}
	return nil
}

// heartbeat records that attempt still works run id; false when the run
// is no longer this attempt's (rescued and handed to a retry, or
// finished): the attempt must stop.
func (s *Store) heartbeat(ctx context.Context, id string, attempt int) (bool, error) {
	res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE agent_runs SET heartbeat_at = ?
		WHERE id = ? AND attempt = ? AND status = ? AND heartbeat_at IS NOT NULL`), s.d.TimeArg(s.now().UTC()), id, attempt, RunRunning)
	if err != nil {
		return true, fmt.Errorf("heartbeat of run %s: %w", id, err) // the database, not the run: keep working
	}
	n, err := res.RowsAffected()
	return n == 1 || err != nil, nil
}

// RescueInterrupted finds the runs whose instance stopped heartbeating,
// marks them interrupted and hands their jobs back for a retry; it returns
// how many it rescued. Safe on every instance at once: the update only
// matches a run still stale, so one instance rescues each.
func (s *Store) RescueInterrupted(ctx context.Context) (int, error) {
	now := s.now().UTC()
	horizon := s.d.TimeArg(now.Add(-HeartbeatStale))
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT id, attempt, notes FROM agent_runs
		WHERE status = ? AND heartbeat_at IS NOT NULL AND heartbeat_at < ?`), RunRunning, horizon)
	if err != nil {
		return 0, fmt.Errorf("stale runs: %w", err)
	}
	type stale struct {
		id      string
		attempt int
		notes   string
	}
	var found []stale
	for rows.Next() {
		var st stale
		if err := rows.Scan(&st.id, &st.attempt, &st.notes); err != nil {
			rows.Close()
			return 0, fmt.Errorf("stale runs: %w", err)
		}
		found = append(found, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("stale runs: %w", err)
	}
	won := map[string]bool{}
	for _, st := range found {
		var notes []string
		_ = json.Unmarshal([]byte(st.notes), &notes)
		notes = append(notes, fmt.Sprintf("interrupted at %s (attempt %d: its instance stopped heartbeating); retried",
			now.Format("15:04:05 UTC"), st.attempt))
		res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE agent_runs SET heartbeat_at = NULL, interrupted_at = ?, notes = ?
			WHERE id = ? AND status = ? AND attempt = ? AND heartbeat_at IS NOT NULL AND heartbeat_at < ?`),
			s.d.TimeArg(now), mustJSON(notes), st.id, RunRunning, st.attempt, horizon)
		if err != nil {
			return len(won), fmt.Errorf("mark run %s interrupted: %w", st.id, err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			won[st.id] = true
		}
	}
	if len(won) == 0 || s.jobs == nil {
		return len(won), nil
	}
	_, err = s.jobs.HandBack(ctx, RunArgs{}.Kind(), func(args []byte) bool {
		var a RunArgs
		return json.Unmarshal(args, &a) == nil && won[a.RunID]
	}, fmt.Sprintf("interrupted: no heartbeat for %s (its instance stopped); handed back", HeartbeatStale))
	return len(won), err
}
