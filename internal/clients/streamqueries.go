package clients

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/signalpipe/signalpipe/internal/search/querylang"
)

// ActiveQueries are the parsed queries of every active agent of an active
// client, the ones a streaming source (the Bluesky Jetstream consumer,
// README.md "Bluesky Jetstream") filters posts with. An agent without
// queries adds none; a stored query that no longer parses (they are
// checked when saved) is left out.
func (s *Store) ActiveQueries(ctx context.Context) ([]querylang.Query, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT a.queries FROM agents a JOIN clients c ON c.id = a.client_id
		WHERE a.active = ? AND c.status = ?`), true, StatusActive)
	if err != nil {
		return nil, fmt.Errorf("active queries: %w", err)
	}
	defer rows.Close()
	var out []querylang.Query
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return nil, fmt.Errorf("active queries: %w", err)
		}
		var list []string
		if err := json.Unmarshal([]byte(raw), &list); err != nil {
			continue
		}
		for _, q := range list {
			if pq, err := querylang.ParseQuery(q); err == nil {
				out = append(out, pq)
			}
		}
	}
	return out, rows.Err()
}
