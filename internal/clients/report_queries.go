package clients

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// noAgentKey names, among the agents' precision, the leads no agent of
// the client found (filed searches, deleted agents).
const noAgentKey = ""

// reportPrecision reads the precision per agent and per source in one
// query (GROUP BY both) and sums it each way.
func (s *Store) reportPrecision(ctx context.Context, rep *Report, clientID string, from, end any) error {
	agents, err := s.Agents(ctx, clientID)
	if err != nil {
		return err
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT COALESCE(agent_id, ''), source, count(*),
		sum(CASE WHEN feedback = 'good' THEN 1 ELSE 0 END), sum(CASE WHEN feedback = 'noise' THEN 1 ELSE 0 END)
		FROM client_leads WHERE client_id = ? AND created_at >= ? AND created_at < ?
		GROUP BY COALESCE(agent_id, ''), source`), clientID, from, end)
	if err != nil {
		return fmt.Errorf("report precision: %w", err)
	}
	defer rows.Close()
	byAgent, bySource := map[string]Precision{}, map[string]Precision{}
	for rows.Next() {
		var agent, source string
		var p Precision
		if err := rows.Scan(&agent, &source, &p.Leads, &p.Good, &p.Noise); err != nil {
			return fmt.Errorf("report precision: %w", err)
		}
		for _, m := range []struct {
			to map[string]Precision
			k  string
		}{{byAgent, agent}, {bySource, source}} {
			sum := m.to[m.k]
			sum.Leads, sum.Good, sum.Noise = sum.Leads+p.Leads, sum.Good+p.Good, sum.Noise+p.Noise
			m.to[m.k] = sum
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("report precision: %w", err)
	}
	withRate := func(p Precision, key, name string) Precision {
		p.Key, p.Name = key, name
		if judged := p.Good + p.Noise; judged > 0 {
			v := float64(p.Good) / float64(judged)
			p.Precision = &v
		}
		return p
	}
	rep.Agents, rep.Sources = []Precision{}, []Precision{}
	for _, a := range agents {
		rep.Agents = append(rep.Agents, withRate(byAgent[a.ID], a.ID, a.Name))
		delete(byAgent, a.ID)
	}
	// Leads of no agent of the client's (filed searches; agents deleted)
	// are one row, so the rows add up to the totals.
	var rest Precision
	for _, p := range byAgent {
		rest.Leads, rest.Good, rest.Noise = rest.Leads+p.Leads, rest.Good+p.Good, rest.Noise+p.Noise
	}
	if rest.Leads > 0 {
		rep.Agents = append(rep.Agents, withRate(rest, noAgentKey, "No agent (filed searches, deleted agents)"))
	}
	for _, k := range sortedKeys(bySource) {
		name := k
		if name == "" {
			name = "unknown"
		}
		rep.Sources = append(rep.Sources, withRate(bySource[k], k, name))
	}
	return nil
}

// reportExclusions learns, as the agents' feedback tuning does (learn),
// from the client's judged leads of the window (the newest tuneWindow),
// and suggests the terms that speak against a lead, strongest first,
// leaving out what the ICP excludes already.
func (s *Store) reportExclusions(ctx context.Context, c *Client, from, end any) ([]ExclusionSuggestion, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT lead, feedback, feedback_reason, COALESCE(feedback_at, created_at)
		FROM client_leads WHERE client_id = ? AND feedback <> '' AND created_at >= ? AND created_at < ?
		ORDER BY COALESCE(feedback_at, created_at) DESC, id DESC LIMIT ?`), c.ID, from, end, tuneWindow)
	if err != nil {
		return nil, fmt.Errorf("report exclusions: %w", err)
	}
	defer rows.Close()
	var judged []judgedLead
	for rows.Next() {
		var raw, verdict, reason string
		var at db.Time
		if err := rows.Scan(&raw, &verdict, &reason, &at); err != nil {
			return nil, fmt.Errorf("report exclusions: %w", err)
		}
		var l engine.Lead
		_ = json.Unmarshal([]byte(raw), &l) // an unreadable lead adds only its reason
		judged = append(judged, judgedLead{text: l.FullContext, reason: reason, good: verdict == VerdictGood, at: at.Time})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("report exclusions: %w", err)
	}
	out := []ExclusionSuggestion{}
	if len(judged) == 0 {
		return out, nil
	}
	t := learn(judged, s.now())
	for _, term := range t.Terms {
		if term.Weight >= 0 || excludes(c.ICP.Exclusions, term.Term) {
			continue
		}
		out = append(out, ExclusionSuggestion{Term: term.Term, Noise: term.Noise, Good: term.Good, Weight: term.Weight})
		if len(out) == reportMaxExclusions {
			break
		}
	}
	return out, nil
}

// excludes reports whether the exclusions have term (case apart).
func excludes(list []string, term string) bool {
	return slices.ContainsFunc(list, func(e string) bool { return strings.EqualFold(strings.TrimSpace(e), term) })
}

// failedOutcomes are the attempts that count as failures.
const failedOutcomes = `('retry', 'failed', 'disabled')`

// reportChannels reads, in one query, every channel of the client with
// its deliveries of the window (by when each was queued), its failed
// attempts in the window and the last one's error.
func (s *Store) reportChannels(ctx context.Context, clientID string, from, end any) ([]ChannelReport, error) {
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT ch.id, ch.kind, ch.target, ch.status, count(d.id),
		sum(CASE WHEN d.status = 'delivered' THEN 1 ELSE 0 END), sum(CASE WHEN d.status = 'failed' THEN 1 ELSE 0 END),
		sum(CASE WHEN d.status = 'pending' THEN 1 ELSE 0 END), sum(CASE WHEN d.status = 'cancelled' THEN 1 ELSE 0 END),
		(SELECT count(*) FROM client_delivery_attempts a WHERE a.client_id = ch.client_id AND a.channel_id = ch.id
			AND a.attempted_at >= ? AND a.attempted_at < ? AND a.outcome IN `+failedOutcomes+`),
		COALESCE((SELECT a.error FROM client_delivery_attempts a WHERE a.client_id = ch.client_id AND a.channel_id = ch.id
			AND a.attempted_at >= ? AND a.attempted_at < ? AND a.outcome IN `+failedOutcomes+`
			ORDER BY a.attempted_at DESC, a.id DESC LIMIT 1), '')
		FROM client_channels ch
		LEFT JOIN client_deliveries d ON d.channel_id = ch.id AND d.created_at >= ? AND d.created_at < ?
		WHERE ch.client_id = ? GROUP BY ch.id, ch.client_id, ch.kind, ch.target, ch.status, ch.created_at
		ORDER BY ch.created_at, ch.id`), from, end, from, end, from, end, clientID)
	if err != nil {
		return nil, fmt.Errorf("report channels: %w", err)
	}
	defer rows.Close()
	out := []ChannelReport{}
	for rows.Next() {
		var c ChannelReport
		var target string
		var delivered, failed, pending, cancelled sql.NullInt64 // SUM over no delivery is NULL
		if err := rows.Scan(&c.ID, &c.Kind, &target, &c.Status, &c.Deliveries, &delivered, &failed, &pending, &cancelled,
			&c.FailedAttempts, &c.LastError); err != nil {
			return nil, fmt.Errorf("report channels: %w", err)
		}
		c.Delivered, c.Failed, c.Pending, c.Cancelled = int(delivered.Int64), int(failed.Int64), int(pending.Int64), int(cancelled.Int64)
		c.Label = channelLabel(c.Kind, target)
		out = append(out, c)
	}
	return out, rows.Err()
}

// channelLabel names a channel without its secrets: an email channel's
// address, a URL's host, a CRM's kind.
func channelLabel(kind, target string) string {
	switch {
	case kind == ChannelEmail:
		return target
	case isCRM(kind):
		return kind
	}
	if u, err := url.Parse(target); err == nil && u.Host != "" {
		return u.Host
	}
	return kind
}
