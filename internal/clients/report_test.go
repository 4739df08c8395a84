package clients

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

// reportLead is one seeded lead of the report's client.
type reportLead struct {
	agent, source, review, feedback, state, text string
	at                                           time.Time
}

func nov(d, h int) time.Time { return time.Date(2026, 11, d, h, 0, 0, 0, time.UTC) }

// seedReport stores the report's client: three agents (one without leads),
// nine leads in November 2026 and two just outside it, three channels
// with deliveries and attempts, and another client's lead. It answers the
// client, its lead ids by name and its channels' ids.
func seedReport(t *testing.T, e *env) (*Client, map[string]string, []string) {
	t.Helper()
	d := e.d
	c := &Client{Name: "Acme", Status: StatusActive, ICP: testICP()}
	c.ICP.Exclusions = []string{"Homework"}
	if err := e.store.CreateClient(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	other := newClient(t, e.store, 0)
	a1 := newAgent(t, e.store, c.ID, func(a *Agent) { a.Name = "Funding watch" })
	a2 := newAgent(t, e.store, c.ID, func(a *Agent) { a.Name = "Hiring watch" })
	newAgent(t, e.store, c.ID, func(a *Agent) { a.Name = "Idle" })
	good := "We closed our Series B and are hiring account executives"
	leads := map[string]reportLead{
		"L1":  {a1.ID, "reddit", ReviewApproved, VerdictGood, StateNew, good, nov(1, 10)},
		"L2":  {a1.ID, "reddit", ReviewApproved, VerdictGood, StateNew, good, nov(3, 9)},
		"L3":  {a1.ID, "reddit", ReviewApproved, VerdictNoise, StateNew, "Student homework about a CRM", nov(4, 9)},
		"L4":  {a1.ID, "reddit", ReviewRejected, "", StateNew, "Rejected before delivery", nov(5, 9)},
		"L5":  {a2.ID, "hackernews", ReviewApproved, VerdictNoise, StateNew, "Student homework on hiring plans", nov(10, 9)},
		"L6":  {a2.ID, "hackernews", ReviewApproved, VerdictNoise, StateNew, "Student homework for my class", nov(11, 9)},
		"L7":  {a2.ID, "hackernews", ReviewPending, "", StateNew, "Waiting for review", nov(12, 9)},
		"L8":  {a2.ID, "hackernews", ReviewApproved, VerdictGood, StateMeeting, good, nov(12, 10)},
		"L9":  {"", "reddit", ReviewApproved, VerdictNoise, StateNew, "Student homework: pipeline ideas", nov(30, 23)},
		"L10": {a1.ID, "reddit", ReviewApproved, VerdictGood, StateNew, good, nov(1, 0).Add(-time.Second)},
		"L11": {a1.ID, "reddit", ReviewApproved, VerdictNoise, StateNew, "Student homework late", nov(30, 0).Add(24 * time.Hour)},
	}
	ids := map[string]string{}
	for name, l := range leads {
		id := db.NewID()
		ids[name] = id
		var agent, feedbackAt any
		if l.agent != "" {
			agent = l.agent
		}
		if l.feedback != "" {
			feedbackAt = d.TimeArg(l.at.Add(time.Hour))
		}
		raw, _ := json.Marshal(map[string]string{"fullContext": l.text})
		execT(t, d, `INSERT INTO client_leads (id, client_id, agent_id, post_id, post_key, url, source, tier, signal_type, score, lead,
			review, feedback, feedback_at, state, created_at) VALUES (?, ?, ?, ?, ?, '', ?, 'warm', 'funding', 60, ?, ?, ?, ?, ?, ?)`,
			id, c.ID, agent, name, name, l.source, string(raw), l.review, l.feedback, feedbackAt, l.state, d.TimeArg(l.at))
	}
	execT(t, d, `INSERT INTO client_leads (id, client_id, post_id, post_key, url, source, tier, signal_type, score, lead, review, feedback, created_at)
		VALUES (?, ?, 'x', 'x', '', 'reddit', 'warm', 'funding', 60, '{}', 'approved', 'good', ?)`, db.NewID(), other.ID, d.TimeArg(nov(10, 9)))

	var chans []string
	for i, ch := range []struct{ kind, target string }{
		{ChannelWebhook, "https://hooks.example/acme?token=secret"}, {ChannelEmail, "sales@acme.example"}, {ChannelSlack, "https://hooks.slack.com/services/T/B/X"},
	} {
		id := db.NewID()
		chans = append(chans, id)
		execT(t, d, `INSERT INTO client_channels (id, client_id, kind, target, cadence, created_at, updated_at) VALUES (?, ?, ?, ?, 'instant', ?, ?)`,
			id, c.ID, ch.kind, ch.target, d.TimeArg(nov(1, i)), d.TimeArg(nov(1, i)))
	}
	deliver := func(ch, lead, status string, at time.Time) string {
		id := db.NewID()
		execT(t, d, `INSERT INTO client_deliveries (id, client_id, channel_id, lead_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			id, c.ID, ch, ids[lead], status, d.TimeArg(at))
		return id
	}
	attempt := func(del, ch, outcome, msg string, at time.Time) {
		execT(t, d, `INSERT INTO client_delivery_attempts (id, delivery_id, client_id, channel_id, attempted_at, outcome, error)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, db.NewID(), del, c.ID, ch, d.TimeArg(at), outcome, msg)
	}
	d1 := deliver(chans[0], "L1", "delivered", nov(1, 11))
	attempt(d1, chans[0], "delivered", "", nov(1, 11))
	deliver(chans[0], "L2", "delivered", nov(3, 10))
	d3 := deliver(chans[0], "L3", "failed", nov(4, 10))
	attempt(d3, chans[0], "retry", "HTTP 500", nov(4, 10))
	attempt(d3, chans[0], "snoozed", "Retry-After", nov(4, 11))
	attempt(d3, chans[0], "failed", "HTTP 503", nov(5, 10))
	attempt(d3, chans[0], "failed", "after the month", nov(30, 0).Add(48*time.Hour))
	deliver(chans[0], "L5", "pending", nov(10, 10))
	deliver(chans[0], "L10", "delivered", nov(1, 0).Add(-time.Second)) // before the month
	deliver(chans[1], "L1", "delivered", nov(1, 12))
	deliver(chans[1], "L2", "cancelled", nov(3, 12))
	return c, ids, chans
}

func rateOf(v float64) *float64 { return &v }

func sameRate(a, b *float64) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a-*b < 1e-9 && *b-*a < 1e-9
}

func sameCounts(got, want ReportCounts) bool {
	return got.Leads == want.Leads && got.Pending == want.Pending && got.Approved == want.Approved && got.Rejected == want.Rejected &&
		got.Good == want.Good && got.Noise == want.Noise && sameRate(got.ApprovalRate, want.ApprovalRate) && sameRate(got.GoodRate, want.GoodRate)
}

// TestClientReport: the report of November 2026 over the seeded client
// has the exact figures: totals, six weeks (the first and last partial,
// two empty), states, precision per agent (the idle one at 0, leads of no
// agent apart) and per source, the exclusions the noise points to (less
// what the ICP excludes), and each channel's deliveries and failures;
// leads outside the month and another client's are not counted.
func TestClientReport(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c, _, chans := seedReport(t, e)
		win, _ := MonthWindow("2026-11")
		rep, err := e.store.ClientReport(context.Background(), c.ID, win)
		if err != nil {
			t.Fatal(err)
		}
		if rep.From != "2026-11-01" || rep.To != "2026-11-30" || rep.ClientName != "Acme" {
			t.Fatalf("window %s..%s of %q", rep.From, rep.To, rep.ClientName)
		}
		want := ReportCounts{Leads: 9, Pending: 1, Approved: 7, Rejected: 1, Good: 3, Noise: 4, ApprovalRate: rateOf(7.0 / 8), GoodRate: rateOf(3.0 / 7)}
		if !sameCounts(rep.Totals, want) {
			t.Errorf("totals %+v, want %+v", rep.Totals, want)
		}
		weeks := []ReportWeek{
			{"2026-10-26", ReportCounts{Leads: 1, Approved: 1, Good: 1, ApprovalRate: rateOf(1), GoodRate: rateOf(1)}},
			{"2026-11-02", ReportCounts{Leads: 3, Approved: 2, Rejected: 1, Good: 1, Noise: 1, ApprovalRate: rateOf(2.0 / 3), GoodRate: rateOf(0.5)}},
			{"2026-11-09", ReportCounts{Leads: 4, Pending: 1, Approved: 3, Good: 1, Noise: 2, ApprovalRate: rateOf(1), GoodRate: rateOf(1.0 / 3)}},
			{"2026-11-16", ReportCounts{}},
			{"2026-11-23", ReportCounts{}},
			{"2026-11-30", ReportCounts{Leads: 1, Approved: 1, Noise: 1, ApprovalRate: rateOf(1), GoodRate: rateOf(0)}},
		}
		if len(rep.Weeks) != len(weeks) {
			t.Fatalf("weeks %+v", rep.Weeks)
		}
		for i, w := range weeks {
			if rep.Weeks[i].Week != w.Week || !sameCounts(rep.Weeks[i].ReportCounts, w.ReportCounts) {
				t.Errorf("week %d: %+v, want %+v", i, rep.Weeks[i], w)
			}
		}
		wantStates := map[string]int{"new": 8, "reviewed": 0, "contacted": 0, "meeting_booked": 1, "won": 0, "lost": 0}
		if len(rep.States) != len(wantStates) {
			t.Errorf("states %v", rep.States)
		}
		for k, v := range wantStates {
			if rep.States[k] != v {
				t.Errorf("states %v, want %v", rep.States, wantStates)
			}
		}
		type prec struct {
			name               string
			leads, good, noise int
			p                  *float64
		}
		check := func(what string, got []Precision, want []prec) {
			t.Helper()
			if len(got) != len(want) {
				t.Fatalf("%s: %+v", what, got)
			}
			for i, w := range want {
				g := got[i]
				if g.Name != w.name || g.Leads != w.leads || g.Good != w.good || g.Noise != w.noise || !sameRate(g.Precision, w.p) {
					t.Errorf("%s %d: %+v, want %+v", what, i, g, w)
				}
			}
		}
		check("agents", rep.Agents, []prec{{"Funding watch", 4, 2, 1, rateOf(2.0 / 3)}, {"Hiring watch", 4, 1, 2, rateOf(1.0 / 3)},
			{"Idle", 0, 0, 0, nil}, {"No agent (filed searches, deleted agents)", 1, 0, 1, rateOf(0)}})
		check("sources", rep.Sources, []prec{{"hackernews", 4, 1, 2, rateOf(1.0 / 3)}, {"reddit", 5, 2, 2, rateOf(0.5)}})

		var terms []string
		for _, x := range rep.Exclusions {
			terms = append(terms, x.Term)
			if x.Noise != 4 || x.Good != 0 || x.Weight >= 0 {
				t.Errorf("exclusion %+v: want in 4 noise leads, no good one", x)
			}
		}
		if !slices.Equal(terms, []string{"student", "student homework"}) {
			t.Errorf("exclusions %v, want student and student homework (homework is excluded already)", terms)
		}

		wantCh := []ChannelReport{
			{ID: chans[0], Kind: "webhook", Label: "hooks.example", Status: "active", Deliveries: 4, Delivered: 2, Failed: 1, Pending: 1,
				FailedAttempts: 2, LastError: "HTTP 503"},
			{ID: chans[1], Kind: "email", Label: "sales@acme.example", Status: "active", Deliveries: 2, Delivered: 1, Cancelled: 1},
			{ID: chans[2], Kind: "slack", Label: "hooks.slack.com", Status: "active"},
		}
		if !slices.Equal(rep.Channels, wantCh) {
			t.Errorf("channels\n got %+v\nwant %+v", rep.Channels, wantCh)
		}

		// A window with nothing in it: zero everywhere, every agent and
		// channel still listed, rates null.
		empty, err := e.store.ClientReport(context.Background(), c.ID, ReportWindow{From: nov(16, 0), To: nov(22, 0)})
		if err != nil {
			t.Fatal(err)
		}
		if !sameCounts(empty.Totals, ReportCounts{}) || len(empty.Weeks) != 1 || len(empty.Agents) != 3 || len(empty.Sources) != 0 ||
			len(empty.Exclusions) != 0 || len(empty.Channels) != 3 || empty.Channels[0].Deliveries != 0 {
			t.Errorf("empty week: %+v", empty)
		}
		if _, err := e.store.ClientReport(context.Background(), "nope", win); err != ErrNotFound {
			t.Errorf("unknown client: %v", err)
		}
	})
}

// TestReportWindow: from and to read as whole days (to inclusive), with
// field errors for what is not a window.
func TestReportWindow(t *testing.T) {
	now := time.Date(2026, 12, 6, 18, 0, 0, 0, time.UTC) // a Sunday
	w, errs := ParseReportWindow("", "", now)
	if errs != nil || w.To != time.Date(2026, 12, 6, 0, 0, 0, 0, time.UTC) || w.From != time.Date(2026, 9, 14, 0, 0, 0, 0, time.UTC) {
		t.Errorf("default window %v..%v %v (want the Monday 11 weeks before this week's)", w.From, w.To, errs)
	}
	for _, tc := range []struct{ from, to, field string }{
		{"2026-11-31", "", "from"}, {"", "yesterday", "to"}, {"2026-11-10", "2026-11-09", "from"}, {"2025-01-01", "2026-12-01", "from"},
	} {
		if _, errs := ParseReportWindow(tc.from, tc.to, now); errs[tc.field] == "" {
			t.Errorf("%q..%q: %v, want an error on %s", tc.from, tc.to, errs, tc.field)
		}
	}
	if w, errs := ParseReportWindow("2026-11-09", "2026-11-09", now); errs != nil || w.end() != time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC) {
		t.Errorf("one day: %v %v", w, errs)
	}
	if _, ok := MonthWindow("2026-13"); ok {
		t.Error("month 13 read")
	}
}
