package clients

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// The owner's report on a client (docs/clients.md "Reports"): what the
// client's agents found, what the owner approved, what the client judged,
// which agents and sources are precise, what to exclude, and what reached
// the client's channels, over a window of whole days (UTC). Every figure
// is read from the database in a fixed number of queries, whatever the
// client's size; a count with nothing behind it is 0, a rate with nothing
// to divide is null.

// Report bounds.
const (
	// ReportMaxDays is the longest window a report covers.
	ReportMaxDays = 366
	// reportDefaultWeeks is the window when none is given: this week and
	// the eleven before it.
	reportDefaultWeeks = 12
	// reportMaxExclusions bounds the suggested exclusions.
	reportMaxExclusions = 8
)

// ReportWindow is a report's days, From to To inclusive, in UTC.
type ReportWindow struct {
	From time.Time
	To   time.Time
}

// end is the first instant after the window.
func (w ReportWindow) end() time.Time { return w.To.AddDate(0, 0, 1) }

// DefaultReportWindow is the last reportDefaultWeeks weeks (Monday to
// today) as of now.
func DefaultReportWindow(now time.Time) ReportWindow {
	to := day(now)
	return ReportWindow{From: weekStart(to).AddDate(0, 0, -7*(reportDefaultWeeks-1)), To: to}
}

// MonthWindow is the calendar month "YYYY-MM".
func MonthWindow(month string) (ReportWindow, bool) {
	t, err := time.Parse("2006-01", month)
	if err != nil || t.Year() < 2000 || t.Year() > 9999 {
		return ReportWindow{}, false
	}
	return ReportWindow{From: t, To: t.AddDate(0, 1, -1)}, true
}

// ParseReportWindow reads from and to (YYYY-MM-DD, inclusive; either may
// be empty: the default window's) into a window, or field errors.
func ParseReportWindow(from, to string, now time.Time) (ReportWindow, map[string]string) {
	w := DefaultReportWindow(now)
	errs := map[string]string{}
	if to != "" {
		t, err := time.Parse(time.DateOnly, to)
		if err != nil {
			errs["to"] = "must be a date, YYYY-MM-DD"
		}
		w.To = t
		if from == "" {
			w.From = weekStart(t).AddDate(0, 0, -7*(reportDefaultWeeks-1))
		}
	}
	if from != "" {
		f, err := time.Parse(time.DateOnly, from)
		if err != nil {
			errs["from"] = "must be a date, YYYY-MM-DD"
		}
		w.From = f
	}
	if len(errs) == 0 {
		switch {
		case w.From.After(w.To):
			errs["from"] = "must not be after to"
		case w.To.Sub(w.From) >= ReportMaxDays*24*time.Hour:
			errs["from"] = fmt.Sprintf("the window must be at most %d days", ReportMaxDays)
		}
	}
	if len(errs) > 0 {
		return ReportWindow{}, errs
	}
	return w, nil
}

func day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// weekStart is the Monday of t's week.
func weekStart(t time.Time) time.Time {
	t = day(t)
	return t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7))
}

// Report is a client's report over a window.
type Report struct {
	ClientID   string       `json:"clientId"`
	ClientName string       `json:"clientName"`
	From       string       `json:"from"` // YYYY-MM-DD, inclusive
	To         string       `json:"to"`   // YYYY-MM-DD, inclusive
	Totals     ReportCounts `json:"totals"`
	// States counts the window's leads by the client's workflow state
	// (every state of LeadStates, 0 included).
	States map[string]int `json:"states"`
	// Weeks are the window's weeks (Monday, UTC), oldest first, each with
	// the leads found in it (the first and last may be partial weeks).
	Weeks []ReportWeek `json:"weeks"`
	// Agents and Sources are the precision of the window's leads per
	// agent (every agent of the client) and per source.
	Agents  []Precision `json:"agents"`
	Sources []Precision `json:"sources"`
	// Exclusions are terms the client's noise verdicts point to, to add
	// to the ICP's exclusions (POST /api/admin/clients/{id}/exclusions).
	Exclusions []ExclusionSuggestion `json:"exclusions"`
	// Channels are the client's channels with the window's deliveries.
	Channels []ChannelReport `json:"channels"`
}

// ReportCounts are the leads found in a period: how the owner reviewed
// them and how the client judged them. ApprovalRate is approved /
// (approved + rejected), GoodRate good / (good + noise); null when there is
// nothing to divide.
type ReportCounts struct {
	Leads        int      `json:"leads"`
	Pending      int      `json:"pending"`
	Approved     int      `json:"approved"`
	Rejected     int      `json:"rejected"`
	ApprovalRate *float64 `json:"approvalRate"`
	Good         int      `json:"good"`
	Noise        int      `json:"noise"`
	GoodRate     *float64 `json:"goodRate"`
}

// ReportWeek is one week's counts.
type ReportWeek struct {
	Week string `json:"week"` // its Monday, YYYY-MM-DD
	ReportCounts
}

// ExclusionSuggestion is a term of the client's noise-judged leads that
// its good leads rarely have (the feedback tuning's learning, tuning.go,
// over the client's judged leads of the window).
type ExclusionSuggestion struct {
	Term   string  `json:"term"`
	Noise  int     `json:"noise"`
	Good   int     `json:"good"`
	Weight float64 `json:"weight"`
}

// ChannelReport is one channel's deliveries of the window's leads (by when
// each was queued) and its failed attempts in the window.
type ChannelReport struct {
	ID             string `json:"id"`
	Kind           string `json:"kind"`
	Label          string `json:"label"`
	Status         string `json:"status"`
	Deliveries     int    `json:"deliveries"`
	Delivered      int    `json:"delivered"`
	Failed         int    `json:"failed"`
	Pending        int    `json:"pending"`
	Cancelled      int    `json:"cancelled"`
	FailedAttempts int    `json:"failedAttempts"`
	LastError      string `json:"lastError"`
}

func (c *ReportCounts) rates() {
	c.ApprovalRate = ratio(c.Approved, c.Approved+c.Rejected)
	c.GoodRate = ratio(c.Good, c.Good+c.Noise)
}

func (c *ReportCounts) add(o ReportCounts) {
	c.Leads += o.Leads
	c.Pending += o.Pending
	c.Approved += o.Approved
	c.Rejected += o.Rejected
	c.Good += o.Good
	c.Noise += o.Noise
}

func ratio(n, of int) *float64 {
	if of == 0 {
		return nil
	}
	v := float64(n) / float64(of)
	return &v
}

// dayExpr is the UTC day (YYYY-MM-DD) of the timestamp column col.
func (s *Store) dayExpr(col string) string {
	if s.d.Dialect == db.Postgres {
		return `to_char(` + col + ` AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
	}
	return `substr(` + col + `, 1, 10)`
}

// ClientReport computes the client's report over w. An unknown client is
// ErrNotFound.
func (s *Store) ClientReport(ctx context.Context, clientID string, w ReportWindow) (*Report, error) {
	c, err := s.Client(ctx, clientID)
	if err != nil {
		return nil, err
	}
	from, end := s.d.TimeArg(w.From), s.d.TimeArg(w.end())
	rep := &Report{ClientID: c.ID, ClientName: c.Name, From: w.From.Format(time.DateOnly), To: w.To.Format(time.DateOnly),
		States: map[string]int{}, Weeks: []ReportWeek{}}
	if err := s.reportWeeks(ctx, rep, w, clientID, from, end); err != nil {
		return nil, err
	}
	if err := s.reportStates(ctx, rep, clientID, from, end); err != nil {
		return nil, err
	}
	if err := s.reportPrecision(ctx, rep, clientID, from, end); err != nil {
		return nil, err
	}
	if rep.Exclusions, err = s.reportExclusions(ctx, c, from, end); err != nil {
		return nil, err
	}
	if rep.Channels, err = s.reportChannels(ctx, clientID, from, end); err != nil {
		return nil, err
	}
	return rep, nil
}

// reviewCounts are the SUMs of a ReportCounts over client_leads.
const reviewCounts = `count(*),
	sum(CASE WHEN review = 'pending' THEN 1 ELSE 0 END), sum(CASE WHEN review = 'approved' THEN 1 ELSE 0 END),
	sum(CASE WHEN review = 'rejected' THEN 1 ELSE 0 END),
	sum(CASE WHEN feedback = 'good' THEN 1 ELSE 0 END), sum(CASE WHEN feedback = 'noise' THEN 1 ELSE 0 END)`

// reportWeeks reads the leads per day and folds the days into weeks.
func (s *Store) reportWeeks(ctx context.Context, rep *Report, w ReportWindow, clientID string, from, end any) error {
	dayCol := s.dayExpr("created_at")
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT `+dayCol+`, `+reviewCounts+`
		FROM client_leads WHERE client_id = ? AND created_at >= ? AND created_at < ? GROUP BY `+dayCol), clientID, from, end)
	if err != nil {
		return fmt.Errorf("report weeks: %w", err)
	}
	defer rows.Close()
	byWeek := map[string]ReportCounts{}
	for rows.Next() {
		var d string
		var n ReportCounts
		if err := rows.Scan(&d, &n.Leads, &n.Pending, &n.Approved, &n.Rejected, &n.Good, &n.Noise); err != nil {
			return fmt.Errorf("report weeks: %w", err)
		}
		t, err := time.Parse(time.DateOnly, d)
		if err != nil {
			return fmt.Errorf("report weeks: day %q: %w", d, err)
		}
		k := weekStart(t).Format(time.DateOnly)
		sum := byWeek[k]
		sum.add(n)
		byWeek[k] = sum
		rep.Totals.add(n)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("report weeks: %w", err)
	}
	rep.Totals.rates()
	for wk := weekStart(w.From); !wk.After(w.To); wk = wk.AddDate(0, 0, 7) {
		k := wk.Format(time.DateOnly)
		n := byWeek[k]
		n.rates()
		rep.Weeks = append(rep.Weeks, ReportWeek{Week: k, ReportCounts: n})
	}
	return nil
}

func (s *Store) reportStates(ctx context.Context, rep *Report, clientID string, from, end any) error {
	for _, st := range LeadStates {
		rep.States[st] = 0
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT state, count(*) FROM client_leads
		WHERE client_id = ? AND created_at >= ? AND created_at < ? GROUP BY state`), clientID, from, end)
	if err != nil {
		return fmt.Errorf("report states: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return fmt.Errorf("report states: %w", err)
		}
		rep.States[st] = n
	}
	return rows.Err()
}

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
