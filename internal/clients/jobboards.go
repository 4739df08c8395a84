package clients

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/signalpipe/signalpipe/internal/search/jobboards"
)

// JobBoards are the job boards of every onboarding or active client's
// target accounts (settings.jobBoards), each once: ingest reads them with
// JOB_BOARDS's (README.md "Job boards"). A paused or churned client's
// boards are not read.
func (s *Store) JobBoards(ctx context.Context) ([]jobboards.Board, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT settings FROM clients WHERE status IN (?, ?)`), StatusOnboarding, StatusActive)
	if err != nil {
		return nil, fmt.Errorf("clients' job boards: %w", err)
	}
	defer rows.Close()
	var out []jobboards.Board
	seen := map[string]bool{}
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return nil, fmt.Errorf("clients' job boards: %w", err)
		}
		var st struct {
			JobBoards []string `json:"jobBoards"`
		}
		if err := json.Unmarshal([]byte(raw), &st); err != nil {
			return nil, fmt.Errorf("clients' job boards: %w", err)
		}
		for _, spec := range st.JobBoards {
			b, err := jobboards.ParseSpec(spec)
			if err != nil { // saved through apply, which checks it; skip rather than stop every board
				continue
			}
			if k := strings.ToLower(b.Key()); !seen[k] {
				seen[k] = true
				out = append(out, b)
			}
		}
	}
	return out, rows.Err()
}
