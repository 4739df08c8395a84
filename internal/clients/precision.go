package clients

import (
	"context"
	"fmt"
	"slices"
)

// Precision is the feedback on a group of a client's leads: precision =
// good / (good + noise), null before any feedback (docs/clients.md
// "Precision").
type Precision struct {
	Key       string   `json:"key"` // the agent's id, or the source's name
	Name      string   `json:"name"`
	Leads     int      `json:"leads"`
	Good      int      `json:"good"`
	Noise     int      `json:"noise"`
	Precision *float64 `json:"precision"`
}

// PrecisionReport is a client's precision per agent and per source.
type PrecisionReport struct {
	Agents  []Precision `json:"agents"`
	Sources []Precision `json:"sources"`
}

// ClientPrecision counts the client's leads and their feedback per agent
// (every agent, with or without leads) and per source. An unknown client
// is ErrNotFound.
func (s *Store) ClientPrecision(ctx context.Context, clientID string) (*PrecisionReport, error) {
	agents, err := s.Agents(ctx, clientID)
	if err != nil {
		return nil, err
	}
	byAgent, err := s.precisionBy(ctx, clientID, "COALESCE(agent_id, '')")
	if err != nil {
		return nil, err
	}
	rep := &PrecisionReport{Agents: []Precision{}, Sources: []Precision{}}
	for _, a := range agents {
		p := byAgent[a.ID]
		p.Key, p.Name = a.ID, a.Name
		rep.Agents = append(rep.Agents, p)
	}
	bySource, err := s.precisionBy(ctx, clientID, "source")
	if err != nil {
		return nil, err
	}
	for _, k := range sortedKeys(bySource) {
		p := bySource[k]
		p.Key, p.Name = k, k
		rep.Sources = append(rep.Sources, p)
	}
	return rep, nil
}

// precisionBy groups the client's leads by the column expression col (a
// constant of this file, never input).
func (s *Store) precisionBy(ctx context.Context, clientID, col string) (map[string]Precision, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT `+col+`, count(*),
		sum(CASE WHEN feedback = 'good' THEN 1 ELSE 0 END), sum(CASE WHEN feedback = 'noise' THEN 1 ELSE 0 END)
		FROM client_leads WHERE client_id = ? GROUP BY `+col), clientID)
	if err != nil {
		return nil, fmt.Errorf("precision: %w", err)
	}
	defer rows.Close()
	out := map[string]Precision{}
	for rows.Next() {
		var k string
		var p Precision
		if err := rows.Scan(&k, &p.Leads, &p.Good, &p.Noise); err != nil {
			return nil, fmt.Errorf("precision: %w", err)
		}
		if judged := p.Good + p.Noise; judged > 0 {
			v := float64(p.Good) / float64(judged)
			p.Precision = &v
		}
		out[k] = p
	}
	return out, rows.Err()
}

func sortedKeys(m map[string]Precision) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
