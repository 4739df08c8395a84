package clients

import (
	"context"
	"fmt"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
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
