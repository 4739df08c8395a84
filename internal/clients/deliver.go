package clients

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// PersonWindow is how long the same person is not delivered again to a
// client (docs/clients.md "Runs").
const PersonWindow = 30 * 24 * time.Hour

// postKey identifies a post across sources: its URL, else its id.
func postKey(url, id string) string {
	if url = strings.TrimSpace(url); url != "" {
		return "url:" + url
	}
	return "id:" + id
}

// personKey is a lead's name and company ("" when either is unknown).
func personKey(l engine.Lead) string {
	name, company := strings.ToLower(strings.TrimSpace(l.Name)), strings.ToLower(strings.TrimSpace(l.Company))
	if name == "" || company == "" {
		return ""
	}
	return name + "|" + company
}

// knownPosts returns which of keys the client already had.
func (s *Store) knownPosts(ctx context.Context, clientID string, keys []string) (map[string]bool, error) {
	known := map[string]bool{}
	const chunk = 500
	for lo := 0; lo < len(keys); lo += chunk {
		part := keys[lo:min(lo+chunk, len(keys))]
		args := []any{clientID}
		for _, k := range part {
			args = append(args, k)
		}
		rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT post_key FROM client_leads WHERE client_id = ?
			AND post_key IN (?`+strings.Repeat(", ?", len(part)-1)+`)`), args...)
		if err != nil {
			return nil, fmt.Errorf("known posts: %w", err)
		}
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				rows.Close()
				return nil, fmt.Errorf("known posts: %w", err)
			}
			known[k] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("known posts: %w", err)
		}
	}
	return known, nil
}

// outcome is what a finished run records.
type outcome struct {
	run    *Run
	leads  []engine.Lead
	cursor int64
	cap    int // the client's monthly cap, 0: none
}

// finishRun stores the run's leads and its record in one transaction: the
// client's row is locked first, so runs of the client's agents deliver one
// at a time across instances and the monthly cap and the de-duplication
// hold. A lead is dropped when the client already had its post, or the
// same person (name and company, or email) within PersonWindow. It
// returns how many leads were added.
func (s *Store) finishRun(ctx context.Context, o outcome) (int, error) {
	added := 0
	err := s.tx(ctx, func(tx *sql.Tx) error {
		added = 0
		var status string
		var attempt int
		err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT status, attempt FROM agent_runs WHERE id = ?`+s.forUpdate()), o.run.ID).Scan(&status, &attempt)
		if err != nil {
			return fmt.Errorf("load run: %w", err)
		}
		if status != RunRunning || o.run.Attempt > 0 && attempt != o.run.Attempt {
			// Already recorded (a retried job): keep the first record. Or
			// this worker's attempt was taken back and retried (runs.go,
			// "Heartbeats"): the retry records it. (Attempt 0 is a run
			// executed outside River, by hand.)
			return nil
		}
		var settings string
		if err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT settings FROM clients WHERE id = ?`+s.forUpdate()), o.run.ClientID).Scan(&settings); err != nil {
			return fmt.Errorf("lock client: %w", err)
		}
		var st Settings // the delivery mode as it is now (review or auto)
		if err := json.Unmarshal([]byte(settings), &st); err != nil {
			return fmt.Errorf("client settings: %w", err)
		}
		st.normalize()
		room := -1
		if o.cap > 0 {
			n, err := s.countSince(ctx, tx, o.run.ClientID, monthStart(s.now()))
			if err != nil {
				return err
			}
			room = max(0, o.cap-n)
		}
		now := s.now().UTC()
		for _, l := range o.leads {
			if room == 0 {
				o.run.Notes = append(o.run.Notes, fmt.Sprintf("monthly cap of %d leads reached; %d more leads not delivered", o.cap, len(o.leads)-added))
				break
			}
			ok, err := s.insertLead(ctx, tx, o.run, l, st.reviewFor(l.IntentScore), now)
			if err != nil {
				return err
			}
			if ok {
				added++
				if room > 0 {
					room--
				}
			}
		}
		o.run.LeadsAdded = added
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE agent_runs SET status = ?, posts_read = ?, leads_added = ?,
			sources = ?, notes = ?, error = ?, finished_at = ? WHERE id = ?`), o.run.Status, o.run.PostsRead, added,
			mustJSON(o.run.Sources), mustJSON(orEmpty(o.run.Notes)), o.run.Error, s.d.TimeArg(now), o.run.ID); err != nil {
			return fmt.Errorf("record run: %w", err)
		}
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE agents SET post_cursor = ? WHERE id = ? AND post_cursor < ?`),
			o.cursor, o.run.AgentID, o.cursor); err != nil {
			return fmt.Errorf("move cursor: %w", err)
		}
		return nil
	})
	return added, err
}

func monthStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

func (s *Store) countSince(ctx context.Context, tx *sql.Tx, clientID string, since time.Time) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT count(*) FROM client_leads WHERE client_id = ? AND created_at >= ?`),
		clientID, s.d.TimeArg(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count month's leads: %w", err)
	}
	return n, nil
}

// insertLead adds one lead of a run unless the client had its post or its person.
func (s *Store) insertLead(ctx context.Context, tx *sql.Tx, run *Run, l engine.Lead, review string, now time.Time) (bool, error) {
	return s.insertLeadFor(ctx, tx, run.ClientID, run.AgentID, run.ID, l, review, now)
}

// insertLeadFor adds one lead to a client's inbox unless the client had
// its post, or its person within PersonWindow; agentID and runID are nil
// for a lead that came from elsewhere (a filed admin search). review is
// the lead's review state (pending, or approved).
func (s *Store) insertLeadFor(ctx context.Context, tx *sql.Tx, clientID string, agentID, runID any, l engine.Lead, review string, now time.Time) (bool, error) {
	person, email := personKey(l), strings.ToLower(strings.TrimSpace(l.Email))
	if person != "" || email != "" {
		var n int
		err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT count(*) FROM client_leads WHERE client_id = ? AND created_at >= ?
			AND ((person_key <> '' AND person_key = ?) OR (email <> '' AND email = ?))`),
			clientID, s.d.TimeArg(now.Add(-PersonWindow)), person, email).Scan(&n)
		if err != nil {
			return false, fmt.Errorf("check person: %w", err)
		}
		if n > 0 {
			return false, nil
		}
	}
	id := db.NewID()
	res, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO client_leads (id, client_id, agent_id, run_id, post_id, post_key,
		person_key, email, url, source, company, tier, signal_type, score, lead, created_at, review, reviewed_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (client_id, post_key) DO NOTHING`),
		id, clientID, agentID, runID, l.PostID, postKey(l.PostURL, l.PostID), person, email, l.PostURL,
		l.Source, strings.ToLower(strings.TrimSpace(l.Company)), string(l.IntentTier), string(l.Detection.SignalType), l.IntentScore, mustJSON(l), s.d.TimeArg(now),
		review, reviewedAt(s, review, now))
	if err != nil {
		return false, fmt.Errorf("insert client lead: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return false, nil
	}
	// Its company (accounts.go), in the same transaction.
	return true, s.attachLead(ctx, tx, clientID, id, l, now)
}

// reviewedAt is when a lead stored as review was decided: now for one
// approved at once (auto mode, a filed search), none while pending.
func reviewedAt(s *Store, review string, now time.Time) any {
	if review == ReviewPending {
		return nil
	}
	return s.d.TimeArg(now)
}
