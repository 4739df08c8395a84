package clients

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// LeadFilter selects a page of a client's inbox.
type LeadFilter struct {
	State, AgentID, Tier, Signal string
	// Review selects pending, approved or rejected leads (the owner's
	// queue); Delivered keeps only approved ones: what the client sees.
	Review    string
	Delivered bool
	Since     time.Time
	// Cursor is the previous page's nextCursor ("" for the first page).
	Cursor string
	Limit  int
	// Ascending pages oldest first, after Cursor (the REST API's
	// since=<cursor>, docs/api.md "REST API"); the inbox pages newest first.
	Ascending bool
	// ByScore pages best first (score, then newest; the inboxes'
	// sort=score); its cursors are not the newest-first ones.
	ByScore bool
}

// The inbox's orders (?sort=): newest first (the default), or best first.
const (
	SortNewest = "newest"
	SortScore  = "score"
)

// encodeScoreCursor and decodeScoreCursor: the keyset of the best-first
// order, the last lead's (score, created_at, id).
func encodeScoreCursor(score int, at time.Time, id string) string {
	return encodeCursor(at, "s"+strconv.Itoa(score)+"|"+id)
}

func decodeScoreCursor(c string) (int, time.Time, string, error) {
	at, rest, err := decodeCursor(c)
	if err != nil {
		return 0, time.Time{}, "", err
	}
	sc, id, ok := strings.Cut(rest, "|")
	n, err := strconv.Atoi(strings.TrimPrefix(sc, "s"))
	if !ok || !strings.HasPrefix(sc, "s") || err != nil || id == "" {
		return 0, time.Time{}, "", errBadCursor
	}
	return n, at, id, nil
}

// errBadCursor is a cursor this server did not write.
var errBadCursor = errors.New("not a cursor from a previous page")

// encodeCursor and decodeCursor: the last lead's (created_at, id), the
// keyset the inbox pages on.
func encodeCursor(at time.Time, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(at.UTC().Format(time.RFC3339Nano) + "|" + id))
}

func decodeCursor(c string) (time.Time, string, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return time.Time{}, "", errBadCursor
	}
	at, id, ok := strings.Cut(string(b), "|")
	t, err := time.Parse(time.RFC3339Nano, at)
	if !ok || err != nil || id == "" || len(id) > 64 {
		return time.Time{}, "", errBadCursor
	}
	return t, id, nil
}

const leadColumns = `id, client_id, agent_id, run_id, post_id, url, tier, signal_type, score, lead, state, feedback,
	feedback_reason, note, owner, created_at, review`

func scanLead(r scanner) (*ClientLead, error) {
	var (
		l             ClientLead
		agent, run    sql.NullString
		lead, verdict string
		reason        string
		created       db.Time
	)
	err := r.Scan(&l.ID, &l.ClientID, &agent, &run, &l.PostID, &l.URL, &l.Tier, &l.SignalType, &l.Score, &lead,
		&l.State, &verdict, &reason, &l.Note, &l.Owner, &created, &l.Review)
	if err != nil {
		return nil, err
	}
	if agent.Valid {
		l.AgentID = &agent.String
	}
	if run.Valid {
		l.RunID = &run.String
	}
	if verdict != "" {
		l.Feedback = &Feedback{Verdict: verdict, Reason: reason}
	}
	l.Lead, l.CreatedAt = []byte(lead), created.Time
	return &l, nil
}

// Leads returns a page of the client's leads, newest first, and the cursor
// of the next page ("" after the last). An unknown client is ErrNotFound.
func (s *Store) Leads(ctx context.Context, clientID string, f LeadFilter) ([]*ClientLead, string, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return nil, "", err
	}
	where, args := []string{"client_id = ?"}, []any{clientID}
	for _, eq := range []struct{ col, v string }{{"state", f.State}, {"agent_id", f.AgentID}, {"tier", f.Tier}, {"signal_type", f.Signal}} {
		if eq.v != "" {
			where, args = append(where, eq.col+" = ?"), append(args, eq.v)
		}
	}
	if f.Delivered {
		where, args = append(where, "review = ?"), append(args, ReviewApproved)
	} else if f.Review != "" {
		where, args = append(where, "review = ?"), append(args, f.Review)
	}
	if !f.Since.IsZero() {
		where, args = append(where, "created_at >= ?"), append(args, s.d.TimeArg(f.Since))
	}
	if f.Cursor != "" && f.ByScore {
		score, at, id, err := decodeScoreCursor(f.Cursor)
		if err != nil {
			return nil, "", err
		}
		where = append(where, "(score < ? OR (score = ? AND (created_at < ? OR (created_at = ? AND id < ?))))")
		args = append(args, score, score, s.d.TimeArg(at), s.d.TimeArg(at), id)
	} else if f.Cursor != "" {
		at, id, err := decodeCursor(f.Cursor)
		if err == nil && strings.Contains(id, "|") { // a best-first cursor
			err = errBadCursor
		}
		if err != nil {
			return nil, "", err
		}
		cmp := "<"
		if f.Ascending {
			cmp = ">"
		}
		where = append(where, "(created_at "+cmp+" ? OR (created_at = ? AND id "+cmp+" ?))")
		args = append(args, s.d.TimeArg(at), s.d.TimeArg(at), id)
	}
	order := "DESC"
	if f.Ascending {
		order = "ASC"
	}
	orderBy := `created_at ` + order + `, id ` + order
	if f.ByScore {
		orderBy = `score DESC, created_at DESC, id DESC`
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT `+leadColumns+` FROM client_leads WHERE `+
		strings.Join(where, " AND ")+` ORDER BY `+orderBy+` LIMIT ?`), append(args, f.Limit+1)...)
	if err != nil {
		return nil, "", fmt.Errorf("list client leads: %w", err)
	}
	defer rows.Close()
	out := []*ClientLead{}
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return nil, "", fmt.Errorf("list client leads: %w", err)
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, "", fmt.Errorf("list client leads: %w", err)
	}
	next := ""
	if len(out) > f.Limit {
		out = out[:f.Limit]
		last := out[len(out)-1]
		next = encodeCursor(last.CreatedAt, last.ID)
		if f.ByScore {
			next = encodeScoreCursor(last.Score, last.CreatedAt, last.ID)
		}
	}
	if err := s.withAccounts(ctx, clientID, out); err != nil {
		return nil, "", err
	}
	return out, next, nil
}

// LeadEdit is a change to a lead; nil fields stay.
type LeadEdit struct {
	State, Note, Owner *string
	Feedback           *Feedback
}

// UpdateLead applies e to the lead id of client clientID ("" for any
// client, as an admin may) and returns it; a lead of another client is
// ErrNotFound, and so is, for a client, a lead not approved (it never
// reached them).
func (s *Store) UpdateLead(ctx context.Context, clientID, id string, e LeadEdit) (*ClientLead, error) {
	var set []string
	var args []any
	for _, f := range []struct {
		col string
		v   *string
	}{{"state", e.State}, {"note", e.Note}, {"owner", e.Owner}} {
		if f.v != nil {
			set, args = append(set, f.col+" = ?"), append(args, *f.v)
		}
	}
	if e.Feedback != nil {
		set = append(set, "feedback = ?", "feedback_reason = ?", "feedback_at = ?")
		args = append(args, e.Feedback.Verdict, e.Feedback.Reason, s.d.TimeArg(s.now().UTC()))
	}
	where := " WHERE id = ?"
	args = append(args, id)
	if clientID != "" {
		where += " AND client_id = ? AND review = ?"
		args = append(args, clientID, ReviewApproved)
	}
	var crm []CRMRecord
	if e.State != nil && s.jobs != nil {
		var err error
		if crm, err = s.CRMRecords(ctx, id); err != nil {
			return nil, err
		}
	}
	switch {
	case len(crm) > 0:
		// A state change reaches the CRM records the lead has (crm.go):
		// one crm_state job per record, written with the change.
		err := s.jobs.InTx(ctx, func(tx jobs.Tx) error {
			n, err := tx.Exec(ctx, `UPDATE client_leads SET `+strings.Join(set, ", ")+where, args...)
			if err != nil {
				return fmt.Errorf("update client lead %s: %w", id, err)
			}
			if n == 0 {
				return ErrNotFound
			}
			for _, r := range crm {
				if _, err := tx.Enqueue(ctx, CRMStateArgs{LeadID: id, ChannelID: r.ChannelID, At: s.now().UnixNano()}, nil); err != nil {
					return fmt.Errorf("enqueue crm state: %w", err)
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	case len(set) > 0:
		res, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`UPDATE client_leads SET `+strings.Join(set, ", ")+where), args...)
		if err != nil {
			return nil, fmt.Errorf("update client lead %s: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, ErrNotFound
		}
	}
	l, err := s.Lead(ctx, clientID, id)
	if err != nil || e.Feedback == nil || l.AgentID == nil {
		return l, err
	}
	// Feedback retunes the lead's agent (docs/clients.md "Feedback tuning").
	if _, err := s.Retune(ctx, *l.AgentID); err != nil && !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	return l, nil
}

// Lead returns one lead of client clientID ("" for any client); a client
// sees only its approved leads.
func (s *Store) Lead(ctx context.Context, clientID, id string) (*ClientLead, error) {
	q, args := `SELECT `+leadColumns+` FROM client_leads WHERE id = ?`, []any{id}
	if clientID != "" {
		q, args = q+` AND client_id = ? AND review = ?`, append(args, clientID, ReviewApproved)
	}
	l, err := scanLead(s.d.Reader.QueryRowContext(ctx, s.d.Rebind(q), args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load client lead %s: %w", id, err)
	}
	if l.CRM, err = s.CRMRecords(ctx, id); err != nil {
		return nil, err
	}
	if len(l.CRM) == 0 {
		l.CRM = nil
	}
	if err := s.withAccounts(ctx, l.ClientID, []*ClientLead{l}); err != nil {
		return nil, err
	}
	return l, nil
}
