package clients

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/search"
)

// LastRun is the newest run of any of a client's agents.
type LastRun struct {
	At     time.Time `json:"at"`
	Status string    `json:"status"`
}

// ClientSummary is a client as the owner's console lists it
// (docs/clients.md "Owner's console").
type ClientSummary struct {
	*Client
	// LeadsThisMonth counts the leads added since the start of the month (UTC).
	LeadsThisMonth int `json:"leadsThisMonth"`
	// LastRun is the newest run of its agents; nil when none ran.
	LastRun *LastRun `json:"lastRun"`
	// FailingSources are the sources that failed in its agents' last runs.
	FailingSources []string `json:"failingSources"`
	// FailedDeliveries counts its deliveries that gave up (client_deliveries)
	// and those still retrying on a channel failing for CHANNEL_ALERT_AFTER.
	FailedDeliveries int `json:"failedDeliveries"`
	// AlertingChannels counts its channels failing for CHANNEL_ALERT_AFTER.
	AlertingChannels int `json:"alertingChannels"`
}

// queryer is what Overview reads through (the reader pool; a counting
// wrapper in the tests).
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Overview lists up to limit clients, newest first, each with its month's
// leads, last run, failing sources and failed deliveries: one query
// whatever the number of clients.
func (s *Store) Overview(ctx context.Context, limit int) ([]*ClientSummary, error) {
	return s.overview(ctx, s.d.Reader, limit)
}

func (s *Store) overview(ctx context.Context, q queryer, limit int) ([]*ClientSummary, error) {
	// page: the clients with their counts; last_ids: each of their agents'
	// newest run's id, found through agent_runs_agent (materialized, so the
	// runs are then read by id, never scanned whole); last_runs joined on:
	// one row per agent that ran, or one with NULLs.
	rows, err := q.QueryContext(ctx, s.d.Rebind(`WITH page AS (
			SELECT `+clientColumns+`,
				(SELECT count(*) FROM client_leads l WHERE l.client_id = c.id AND l.created_at >= ?) AS month_leads,
				(SELECT count(*) FROM client_deliveries d WHERE d.client_id = c.id AND (d.status = 'failed'
					OR d.status = 'pending' AND d.channel_id IN (SELECT ch.id FROM client_channels ch WHERE ch.client_id = c.id AND ch.alerted_at IS NOT NULL))) AS failed_deliveries,
				(SELECT count(*) FROM client_channels ch WHERE ch.client_id = c.id AND ch.alerted_at IS NOT NULL) AS alerting
			FROM clients c ORDER BY created_at DESC, id DESC LIMIT ?),
		last_ids AS MATERIALIZED (
			SELECT a.client_id, (SELECT r.id FROM agent_runs r WHERE r.agent_id = a.id
				ORDER BY r.started_at DESC, r.id DESC LIMIT 1) AS run_id
			FROM agents a WHERE a.client_id IN (SELECT id FROM page)),
		last_runs AS (
			SELECT l.client_id, r.status, r.sources, r.started_at
			FROM last_ids l JOIN agent_runs r ON r.id = l.run_id)
		SELECT `+prefixed("p.", clientColumns)+`, p.month_leads, p.failed_deliveries, p.alerting, lr.status, lr.sources, lr.started_at
		FROM page p LEFT JOIN last_runs lr ON lr.client_id = p.id
		ORDER BY p.created_at DESC, p.id DESC`), s.d.TimeArg(monthStart(s.now())), limit)
	if err != nil {
		return nil, fmt.Errorf("client overview: %w", err)
	}
	defer rows.Close()
	out := []*ClientSummary{}
	byID := map[string]*ClientSummary{}
	for rows.Next() {
		var (
			month, failed, alerting int
			runStatus, srcRaw       sql.NullString
			runAt                   db.Time
		)
		c, err := scanClient(rows, &month, &failed, &alerting, &runStatus, &srcRaw, &runAt)
		if err != nil {
			return nil, fmt.Errorf("client overview: %w", err)
		}
		sum := byID[c.ID]
		if sum == nil {
			sum = &ClientSummary{Client: c, LeadsThisMonth: month, FailedDeliveries: failed, AlertingChannels: alerting, FailingSources: []string{}}
			byID[c.ID] = sum
			out = append(out, sum)
		}
		if !runStatus.Valid {
			continue
		}
		if sum.LastRun == nil || runAt.Time.After(sum.LastRun.At) {
			sum.LastRun = &LastRun{At: runAt.Time, Status: runStatus.String}
		}
		var states []SourceState
		if err := json.Unmarshal([]byte(srcRaw.String), &states); err != nil {
			continue // a run recorded before its sources were (the column's '{}' default)
		}
		for _, ss := range states {
			if ss.Status == RunFailed && !slices.Contains(sum.FailingSources, ss.Name) {
				sum.FailingSources = append(sum.FailingSources, ss.Name)
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("client overview: %w", err)
	}
	for _, sum := range out {
		slices.Sort(sum.FailingSources)
	}
	return out, nil
}

func (h *Handler) listClients(w http.ResponseWriter, r *http.Request) {
	list, err := h.store.Overview(r.Context(), 500)
	if err != nil {
		answer(w, r, err)
		return
	}
	noStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"clients": list})
}

// ErrSearchRunning refuses to file a search that has not finished.
var ErrSearchRunning = errors.New("the search has not finished yet")

// errNoClient: the body names no client.
var errNoClient = fieldErrors{"clientId": "must be the id of a client"}

// FileSearch files a finished admin search under a client: its leads
// (all of them, search_job_leads) are copied into the client's inbox,
// de-duplicated as runs do (not the client's posts again, nor the same
// person within PersonWindow), and the search names the client. Filing
// again adds only what is new. It returns how many leads were added and
// how many the client already had.
func (s *Store) FileSearch(ctx context.Context, searchID, clientID string) (added, skipped int, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		added, skipped = 0, 0
		var lock string
		err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT id FROM clients WHERE id = ?`+s.forUpdate()), clientID).Scan(&lock)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoClient
		}
		if err != nil {
			return fmt.Errorf("lock client: %w", err)
		}
		var status string
		err = tx.QueryRowContext(ctx, s.d.Rebind(`SELECT status FROM search_jobs WHERE id = ?`+s.forUpdate()), searchID).Scan(&status)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("load search: %w", err)
		}
		if status == search.StatusRunning {
			return ErrSearchRunning
		}
		leads, err := searchLeads(ctx, s, tx, searchID)
		if err != nil {
			return err
		}
		now := s.now().UTC()
		for _, l := range leads {
			ok, err := s.insertLeadFor(ctx, tx, clientID, nil, nil, l, ReviewApproved, now) // the owner chose them
			if err != nil {
				return err
			}
			if ok {
				added++
			} else {
				skipped++
			}
		}
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE search_jobs SET client_id = ? WHERE id = ?`), clientID, searchID); err != nil {
			return fmt.Errorf("file search: %w", err)
		}
		return nil
	})
	return added, skipped, err
}

// searchLeads reads a search's kept leads, best first; for a search
// finished before leads were kept, the leads table's rows that name it.
func searchLeads(ctx context.Context, s *Store, tx *sql.Tx, id string) ([]engine.Lead, error) {
	var out []engine.Lead
	for _, q := range []string{`SELECT data FROM search_job_leads WHERE job_id = ? ORDER BY rank, lead_id`,
		`SELECT data FROM leads WHERE job_id = ? ORDER BY intent_score DESC, id`} {
		rows, err := tx.QueryContext(ctx, s.d.Rebind(q), id)
		if err != nil {
			return nil, fmt.Errorf("search leads: %w", err)
		}
		for rows.Next() {
			var data string
			var l engine.Lead
			if err := rows.Scan(&data); err == nil {
				err = json.Unmarshal([]byte(data), &l)
			}
			if err != nil {
				rows.Close()
				return nil, fmt.Errorf("search leads: %w", err)
			}
			out = append(out, l)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("search leads: %w", err)
		}
		if len(out) > 0 {
			break
		}
	}
	return out, nil
}

func (h *Handler) fileSearch(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ClientID string `json:"clientId"`
	}
	if !decode(w, r, &in) {
		return
	}
	if in.ClientID == "" || len(in.ClientID) > 100 {
		answer(w, r, errNoClient)
		return
	}
	added, skipped, err := h.store.FileSearch(r.Context(), r.PathValue("id"), in.ClientID)
	if errors.Is(err, ErrSearchRunning) {
		httpx.Error(w, r, http.StatusConflict, err.Error(), nil)
		return
	}
	if err != nil {
		answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("search filed", "search", r.PathValue("id"), "client", in.ClientID, "added", added)
	h.store.heatAfter(r.Context(), in.ClientID, httpx.Logger(r.Context()).Warn) // accounts the leads heated
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"clientId": in.ClientID, "added": added, "skipped": skipped})
}
