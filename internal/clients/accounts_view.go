package clients

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/accounts"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// Account is one company of a client's, as its leads show it: the
// stacked score, the sentence saying why now, every signal newest first
// and the people who showed up (docs/api.md "Accounts").
type Account struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Domain string `json:"domain"`
	// Score is 0-100 (accounts.Score); WhyNow is "" when no signal is
	// recent enough to count.
	Score        int             `json:"score"`
	WhyNow       string          `json:"whyNow"`
	LastSignalAt time.Time       `json:"lastSignalAt"`
	Signals      []AccountSignal `json:"signals"`
	People       []AccountPerson `json:"people"`

	events []leadEvt // as "why now" read them (accounts_drafts.go)
}

// AccountSignal is one signal on an account's timeline.
type AccountSignal struct {
	Type     string    `json:"type"`
	URL      string    `json:"url"`
	At       time.Time `json:"at"`
	LeadID   string    `json:"leadId,omitempty"`
	Source   string    `json:"source"`
	Platform string    `json:"platform"`
	Person   string    `json:"person"`
	Title    string    `json:"title"`
	// Summary is the signal's text, clipped.
	Summary string `json:"summary"`
	// Score is the lead's intent score; State its place in the client's
	// workflow; Confidence how sure the link to the company is.
	Score      int     `json:"score"`
	State      string  `json:"state"`
	Confidence float64 `json:"confidence"`
	// Review is the lead's review state, in the owner's view only.
	Review string `json:"review,omitempty"`
}

// AccountPerson is someone seen at an account.
type AccountPerson struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// ShowedUp says how: the signal types of their posts, in words.
	ShowedUp []string  `json:"showedUp"`
	LeadIDs  []string  `json:"leadIds"`
	LastAt   time.Time `json:"lastAt"`
	// State is the client's workflow state of their latest lead: whether
	// they were contacted yet.
	State string `json:"state"`
	// Seniority (executive, manager, practitioner) and Draft, a first
	// message fitted to them: on one account's read (accounts_drafts.go).
	Seniority string        `json:"seniority,omitempty"`
	Draft     *engine.Draft `json:"draft,omitempty"`
}

// AccountQuery selects a page of a client's accounts.
type AccountQuery struct {
	// WithPending counts pending leads too (the owner's view); the client
	// only ever sees approved ones.
	WithPending bool
	Cursor      string
	Limit       int
}

// signalWords are the signal types as people read them.
var signalWords = map[string]string{
	string(engine.CompetitorEngagement): "competitor complaint",
	string(engine.TechResearch):         "researching the category",
	string(engine.HiringActivity):       "hiring",
	string(engine.JobChange):            "new role",
	string(engine.FundingEvent):         "funding",
}

// Accounts returns a page of the client's accounts, best first (score,
// then the latest signal), and the next page's cursor ("" after the
// last); an unknown client is ErrNotFound. Only approved leads count
// unless q.WithPending: a company seen only in pending or rejected leads
// is not listed.
func (s *Store) Accounts(ctx context.Context, clientID string, q AccountQuery) ([]*Account, string, error) {
	if _, err := s.Client(ctx, clientID); err != nil {
		return nil, "", err
	}
	offset, err := decodeOffset(q.Cursor)
	if err != nil {
		return nil, "", err
	}
	now := s.now().UTC()
	ids, total, err := s.rankAccounts(ctx, clientID, q.WithPending, now, offset, q.Limit)
	if err != nil {
		return nil, "", err
	}
	if len(ids) == 0 {
		return []*Account{}, "", nil
	}
	page, err := s.buildAccounts(ctx, clientID, ids, q.WithPending, now)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if offset+q.Limit < total {
		next = encodeOffset(offset + q.Limit)
	}
	return page, next, nil
}

// Account returns one account of the client (ErrNotFound when it is
// another client's, merged away, or has no lead the view counts).
func (s *Store) Account(ctx context.Context, clientID, id string, withPending bool) (*Account, error) {
	out, err := s.accountsOf(ctx, clientID, id, withPending)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, ErrNotFound
	}
	if err := s.withPersonDrafts(ctx, clientID, out[0]); err != nil {
		return nil, err
	}
	return out[0], nil
}

// accountsOf builds the client's accounts (only accountID's when not ""),
// sorted best first.
func (s *Store) accountsOf(ctx context.Context, clientID, accountID string, withPending bool) ([]*Account, error) {
	if err := s.backfillAccounts(ctx, clientID); err != nil {
		return nil, err
	}
	var ids []string
	if accountID != "" {
		ids = []string{accountID}
	}
	return s.buildAccounts(ctx, clientID, ids, withPending, s.now().UTC())
}

// buildAccounts builds the client's accounts ids (all when ids is nil),
// sorted best first at now.
func (s *Store) buildAccounts(ctx context.Context, clientID string, ids []string, withPending bool, now time.Time) ([]*Account, error) {
	reviews := []any{ReviewApproved}
	if withPending {
		reviews = append(reviews, ReviewPending)
	}
	args := append([]any{clientID}, reviews...)
	where := ""
	if ids != nil {
		if len(ids) == 0 {
			return []*Account{}, nil
		}
		where = " AND c.id IN (?" + strings.Repeat(", ?", len(ids)-1) + ")"
		for _, id := range ids {
			args = append(args, id)
		}
	}
	rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(`SELECT c.id, c.name, c.domain, l.id, l.url, l.source, l.signal_type, l.score,
		l.state, l.review, l.created_at, l.lead, cl.confidence
		FROM client_companies c
		JOIN client_company_leads cl ON cl.company_id = c.id AND cl.client_id = c.client_id
		JOIN client_leads l ON l.id = cl.lead_id AND l.client_id = c.client_id
		WHERE c.client_id = ? AND c.merged_into IS NULL AND l.review IN (?`+strings.Repeat(", ?", len(reviews)-1)+`)`+where+`
		ORDER BY c.id, l.created_at DESC, l.id DESC`), args...)
	if err != nil {
		return nil, fmt.Errorf("list accounts: %w", err)
	}
	defer rows.Close()
	byID := map[string]*Account{}
	events := map[string][]accounts.Event{}
	var order []*Account
	for rows.Next() {
		var (
			a       Account
			sig     AccountSignal
			created db.Time
			raw     string
		)
		if err := rows.Scan(&a.ID, &a.Name, &a.Domain, &sig.LeadID, &sig.URL, &sig.Source, &sig.Type, &sig.Score,
			&sig.State, &sig.Review, &created, &raw, &sig.Confidence); err != nil {
			return nil, fmt.Errorf("list accounts: %w", err)
		}
		var l engine.Lead
		_ = json.Unmarshal([]byte(raw), &l) // an unreadable lead still counts, with what its row says
		sig.At = created.Time
		if !l.PublishedAt.IsZero() && l.PublishedAt.Before(sig.At) {
			sig.At = l.PublishedAt.UTC()
		}
		sig.Platform, sig.Person, sig.Title = l.Platform, l.Name, l.Title
		sig.Summary = clip(strings.Join(strings.Fields(l.Signal), " "), 280)
		if !withPending {
			sig.Review = ""
		}
		acc := byID[a.ID]
		if acc == nil {
			acc = &a
			byID[a.ID] = acc
			order = append(order, acc)
		}
		acc.Signals = append(acc.Signals, sig)
		events[a.ID] = append(events[a.ID], leadEvent(sig, l))
		acc.events = append(acc.events, leadEvt{leadID: sig.LeadID, Event: events[a.ID][len(events[a.ID])-1]})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list accounts: %w", err)
	}
	for _, a := range order {
		slices.SortStableFunc(a.Signals, func(x, y AccountSignal) int { return y.At.Compare(x.At) })
		a.LastSignalAt = a.Signals[0].At
		ev := events[a.ID]
		sigs := make([]accounts.Signal, len(ev))
		for i, e := range ev {
			sigs[i] = e.Signal
		}
		a.Score = accounts.Score(sigs, now)
		a.WhyNow = accounts.WhyNow(ev, now)
		a.People = people(a.Signals)
	}
	slices.SortFunc(order, func(x, y *Account) int {
		if x.Score != y.Score {
			return y.Score - x.Score
		}
		if c := y.LastSignalAt.Compare(x.LastSignalAt); c != 0 {
			return c
		}
		return strings.Compare(x.ID, y.ID)
	})
	return order, nil
}

// hiringRe reads a job-board post's roles and count ("Acme is hiring:
// SRE, Platform Engineer and 1 more (3 new openings)").
var hiringRe = regexp.MustCompile(`is hiring: (.+?) \((\d+) new openings?\)`)

// leadEvent is a lead as "why now" and the score read it.
func leadEvent(sig AccountSignal, l engine.Lead) accounts.Event {
	e := accounts.Event{Signal: accounts.Signal{Type: sig.Type, At: sig.At, Strength: float64(sig.Score) / 100},
		Platform: sig.Platform, Person: sig.Person, Title: sig.Title, Terms: l.Relevance.Terms}
	if sig.Type == string(engine.HiringActivity) {
		if m := hiringRe.FindStringSubmatch(l.Signal + "\n" + l.FullContext); m != nil {
			e.Openings, _ = strconv.Atoi(m[2])
			list, _, _ := strings.Cut(m[1], " and ")
			for _, r := range strings.Split(list, ", ") {
				e.Roles = append(e.Roles, strings.TrimSpace(r))
			}
		}
		e.Person, e.Title = "", "" // a board's hiring manager is not the one who posted
	}
	return e
}

// people are the persons of an account's signals (newest first), one
// entry per name.
func people(sigs []AccountSignal) []AccountPerson {
	out := []AccountPerson{}
	at := map[string]int{}
	for _, s := range sigs {
		name := strings.TrimSpace(s.Person)
		if name == "" || s.Type == string(engine.HiringActivity) {
			continue
		}
		key := strings.ToLower(name)
		i, ok := at[key]
		if !ok {
			i = len(out)
			at[key] = i
			out = append(out, AccountPerson{Name: name, Title: s.Title, LastAt: s.At, State: s.State, ShowedUp: []string{}})
		}
		p := &out[i]
		if w := signalWords[s.Type]; w != "" && !slices.Contains(p.ShowedUp, w) {
			p.ShowedUp = append(p.ShowedUp, w)
		}
		p.LeadIDs = append(p.LeadIDs, s.LeadID)
	}
	return out
}

// encodeOffset and decodeOffset: the accounts list's cursor, the next
// page's position in the best-first order.
func encodeOffset(n int) string {
	return base64.RawURLEncoding.EncodeToString([]byte("o" + strconv.Itoa(n)))
}

func decodeOffset(c string) (int, error) {
	if c == "" {
		return 0, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || len(b) < 2 || b[0] != 'o' {
		return 0, errBadCursor
	}
	n, err := strconv.Atoi(string(b[1:]))
	if err != nil || n < 0 {
		return 0, errBadCursor
	}
	return n, nil
}
