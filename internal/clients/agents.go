package clients

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

const agentColumns = `id, client_id, name, template, signal_types, queries, sources, icp, threshold, schedule_s,
	active, post_cursor, last_run_at, created_at`

func scanAgent(r scanner) (*Agent, error) {
	var (
		a                    Agent
		types, queries, srcs string
		icp                  sql.NullString
		schedule             int64
		lastRun, created     db.Time
	)
	err := r.Scan(&a.ID, &a.ClientID, &a.Name, &a.Template, &types, &queries, &srcs, &icp, &a.Threshold, &schedule,
		&a.Active, &a.Cursor, &lastRun, &created)
	if err != nil {
		return nil, err
	}
	for _, f := range []struct {
		raw string
		dst *[]string
	}{{types, &a.SignalTypes}, {queries, &a.Queries}, {srcs, &a.Sources}} {
		if err := json.Unmarshal([]byte(f.raw), f.dst); err != nil {
			return nil, fmt.Errorf("agent %s: %w", a.ID, err)
		}
		*f.dst = orEmpty(*f.dst)
	}
	if icp.Valid {
		a.ICP = &engine.ICP{}
		if err := json.Unmarshal([]byte(icp.String), a.ICP); err != nil {
			return nil, fmt.Errorf("agent %s icp: %w", a.ID, err)
		}
	}
	a.Schedule = Duration(time.Duration(schedule) * time.Second)
	a.LastRunAt, a.CreatedAt = lastRun.Ptr(), created.Time
	return &a, nil
}

func icpArg(p *engine.ICP) any {
	if p == nil {
		return nil
	}
	return mustJSON(p)
}

// CreateAgent stores a for its client, setting its id and creation time.
// An unknown client is ErrNotFound.
func (s *Store) CreateAgent(ctx context.Context, a *Agent) error {
	if _, err := s.Client(ctx, a.ClientID); err != nil {
		return err
	}
	a.ID, a.CreatedAt = db.NewID(), s.now().UTC()
	a.SignalTypes, a.Queries, a.Sources = orEmpty(a.SignalTypes), orEmpty(a.Queries), orEmpty(a.Sources)
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`INSERT INTO agents (`+agentColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		a.ID, a.ClientID, a.Name, a.Template, mustJSON(a.SignalTypes), mustJSON(a.Queries), mustJSON(a.Sources),
		icpArg(a.ICP), a.Threshold, int64(time.Duration(a.Schedule)/time.Second), a.Active, a.Cursor, nil, s.d.TimeArg(a.CreatedAt))
	if err != nil {
		return fmt.Errorf("insert agent: %w", err)
	}
	return nil
}

// Agent returns one agent, or ErrNotFound.
func (s *Store) Agent(ctx context.Context, id string) (*Agent, error) {
	a, err := scanAgent(s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT `+agentColumns+` FROM agents WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load agent %s: %w", id, err)
	}
	return a, nil
}

// Agents lists a client's agents, oldest first; an unknown client is
// ErrNotFound.
func (s *Store) Agents(ctx context.Context, clientID string) ([]*Agent, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return nil, err
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT `+agentColumns+` FROM agents
		WHERE client_id = ? ORDER BY created_at, id`), clientID)
	if err != nil {
		return nil, fmt.Errorf("list agents: %w", err)
	}
	defer rows.Close()
	out := []*Agent{}
	for rows.Next() {
		a, err := scanAgent(rows)
		if err != nil {
			return nil, fmt.Errorf("list agents: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// UpdateAgent applies edit to the stored agent under a row lock and stores
// the editable fields (not the cursor, which only runs move).
func (s *Store) UpdateAgent(ctx context.Context, id string, edit func(a *Agent) error) (*Agent, error) {
	var out *Agent
	err := s.tx(ctx, func(tx *sql.Tx) error {
		a, err := scanAgent(tx.QueryRowContext(ctx, s.d.Rebind(`SELECT `+agentColumns+` FROM agents WHERE id = ?`+s.forUpdate()), id))
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("load agent %s: %w", id, err)
		}
		if err := edit(a); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.d.Rebind(`UPDATE agents SET name = ?, signal_types = ?, queries = ?, sources = ?,
			icp = ?, threshold = ?, schedule_s = ?, active = ? WHERE id = ?`),
			a.Name, mustJSON(orEmpty(a.SignalTypes)), mustJSON(orEmpty(a.Queries)), mustJSON(orEmpty(a.Sources)), icpArg(a.ICP),
			a.Threshold, int64(time.Duration(a.Schedule)/time.Second), a.Active, id)
		if err != nil {
			return fmt.Errorf("update agent %s: %w", id, err)
		}
		out = a
		return nil
	})
	return out, err
}

// DeleteAgent removes agent id with its runs and tuning; the leads it
// found stay with the client (their agent_id becomes NULL).
func (s *Store) DeleteAgent(ctx context.Context, id string) error {
	res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`DELETE FROM agents WHERE id = ?`), id)
	if err != nil {
		return fmt.Errorf("delete agent %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
