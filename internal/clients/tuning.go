package clients

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"github.com/signalpipe/signalpipe/internal/search/querylang"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// Feedback tuning (docs/clients.md "Feedback tuning"): each agent learns,
// from the leads its client judged good or noise, which terms of a post
// speak for or against it, and a run moves each post's score by what its
// terms say before the threshold is applied.
const (
	// TuneMinJudged is how many judged leads an agent needs before its
	// tuning acts, with at least TuneMinEach of each verdict.
	TuneMinJudged = 10
	TuneMinEach   = 2
	// tuneMinSupport is how many judged leads a term must appear in.
	tuneMinSupport = 3
	// tuneMinWeight drops terms whose log-odds say little.
	tuneMinWeight = 0.5
	// tuneMaxTerms bounds the terms kept per agent.
	tuneMaxTerms = 40
	// TuneMaxAdjust bounds how far feedback moves a score, either way.
	TuneMaxAdjust = 25
	// tuneGain is the points a post's score moves per unit of summed
	// log-odds (natural log).
	tuneGain = 6.0
	// TuneHalfLife is the age at which a verdict counts half.
	TuneHalfLife = 90 * 24 * time.Hour
	// TuneRefresh is how old a tuning may be before a run learns it
	// again, so that verdicts fade without new feedback.
	TuneRefresh = 24 * time.Hour
	// tuneWindow is how many of the newest judged leads are read.
	tuneWindow = 1000
	// tuneSmoothing is the add-α smoothing of the agent's precision.
	tuneSmoothing = 1.0
	// tunePrior is how many pseudo-leads of the rarer verdict, at the
	// agent's precision, a term's own precision starts from.
	tunePrior = 2.0
	// tuneMinVotes is how many leads of the verdict a term speaks for it
	// must appear in: a down-weighted term is in at least 3 noise leads (2 let
	// one-off words cut recall by 0.11 for a 0.05 precision gain in
	// TestFeedbackReplay's "any intent" client).
	tuneMinVotes = 3
)

func logit(p float64) float64 { return math.Log(p / (1 - p)) }

// TunedTerm is one learned term: its weight (log-odds of good over noise;
// negative down-weights) and the judged leads it appeared in.
type TunedTerm struct {
	Term   string  `json:"term"`
	Weight float64 `json:"weight"`
	Good   int     `json:"good"`
	Noise  int     `json:"noise"`
}

// Tuning is what an agent learned from its client's feedback.
type Tuning struct {
	AgentID string `json:"agentId"`
	// Active is true once enough leads are judged (TuneMinJudged, with
	// TuneMinEach of each verdict); only then do runs use it.
	Active bool        `json:"active"`
	Judged int         `json:"judged"`
	Good   int         `json:"good"`
	Noise  int         `json:"noise"`
	Terms  []TunedTerm `json:"terms"`
	// Summary says what was learned in words, one line a term.
	Summary   []string   `json:"summary"`
	ResetAt   *time.Time `json:"resetAt"`
	UpdatedAt *time.Time `json:"updatedAt"`

	weights map[string]float64
}

// judgedLead is one judged lead as the learner reads it.
type judgedLead struct {
	text, reason string
	good         bool
	at           time.Time
}

// tuneTerms are the distinct words (3+ letters, not stop words) and word
// pairs (neither end a stop word) of text.
func tuneTerms(text string) map[string]bool {
	ws := querylang.Words(text)
	out := make(map[string]bool, 2*len(ws))
	for i, w := range ws {
		if stopWords[w] {
			continue
		}
		if len(w) >= 3 {
			out[w] = true
		}
		if i+1 < len(ws) && !stopWords[ws[i+1]] {
			out[w+" "+ws[i+1]] = true
		}
	}
	return out
}

// learn computes the tuning of judged leads as of now: each verdict weighs
// 0.5^(age/TuneHalfLife); a term's weight is the smoothed log-odds of
// appearing in a good lead over a noise lead; terms in fewer than
// tuneMinSupport leads, or weighing less than tuneMinWeight either way,
// are left out, and the strongest tuneMaxTerms kept.
func learn(judged []judgedLead, now time.Time) Tuning {
	t := Tuning{Terms: []TunedTerm{}, Summary: []string{}}
	type tally struct {
		g, n   float64
		gc, nc int
	}
	terms := map[string]*tally{}
	var G, N float64
	for _, j := range judged {
		w := math.Pow(0.5, max(0, now.Sub(j.at).Hours())/TuneHalfLife.Hours())
		found := tuneTerms(j.text)
		for k := range tuneTerms(j.reason) {
			found[k] = true
		}
		if j.good {
			t.Good++
			G += w
		} else {
			t.Noise++
			N += w
		}
		for k := range found {
			c := terms[k]
			if c == nil {
				c = &tally{}
				terms[k] = c
			}
			if j.good {
				c.g, c.gc = c.g+w, c.gc+1
			} else {
				c.n, c.nc = c.n+w, c.nc+1
			}
		}
	}
	t.Judged = t.Good + t.Noise
	t.Active = t.Judged >= TuneMinJudged && t.Good >= TuneMinEach && t.Noise >= TuneMinEach
	p0 := (G + tuneSmoothing) / (G + N + 2*tuneSmoothing) // the agent's precision, smoothed
	// The prior is worth tunePrior leads of the rarer verdict: with 95%
	// precision a term needs several noise leads, not one, to count.
	m := tunePrior / min(p0, 1-p0)
	for k, c := range terms {
		if c.gc+c.nc < tuneMinSupport {
			continue
		}
		// The term's precision, shrunk toward the agent's by tunePrior
		// pseudo-leads, against the agent's, in log-odds.
		p := (c.g + m*p0) / (c.g + c.n + m)
		w := logit(p) - logit(p0)
		if math.Abs(w) < tuneMinWeight || w < 0 && c.nc < tuneMinVotes || w > 0 && c.gc < tuneMinVotes {
			continue
		}
		t.Terms = append(t.Terms, TunedTerm{Term: k, Weight: math.Round(w*1000) / 1000, Good: c.gc, Noise: c.nc})
	}
	slices.SortFunc(t.Terms, func(x, y TunedTerm) int {
		return cmp.Or(cmp.Compare(math.Abs(y.Weight), math.Abs(x.Weight)), cmp.Compare(x.Term, y.Term))
	})
	t.Terms = t.Terms[:min(len(t.Terms), tuneMaxTerms)]
	t.summarise()
	return t
}

// summarise writes Summary from Terms.
func (t *Tuning) summarise() {
	t.Summary = []string{}
	for _, term := range t.Terms {
		if term.Weight < 0 {
			t.Summary = append(t.Summary, fmt.Sprintf("down-weights '%s' (%d noise, %d good)", term.Term, term.Noise, term.Good))
		} else {
			t.Summary = append(t.Summary, fmt.Sprintf("up-weights '%s' (%d good, %d noise)", term.Term, term.Good, term.Noise))
		}
	}
}

// Adjust is how many points feedback moves the score of a post with text:
// the summed weights of the learned terms it holds, times tuneGain,
// rounded and bounded by ±TuneMaxAdjust; 0 while the tuning is not active.
func (t *Tuning) Adjust(text string) int {
	if t == nil || !t.Active || len(t.Terms) == 0 {
		return 0
	}
	if t.weights == nil {
		t.weights = make(map[string]float64, len(t.Terms))
		for _, term := range t.Terms {
			t.weights[term.Term] = term.Weight
		}
	}
	sum := 0.0
	for k := range tuneTerms(text) {
		sum += t.weights[k]
	}
	return int(math.Round(max(-TuneMaxAdjust, min(TuneMaxAdjust, tuneGain*sum))))
}

// adjuster is the pipeline's score adjustment for t (nil when t does
// nothing), counting the posts it moved across the threshold.
func (t *Tuning) adjuster(threshold int, raised, lowered *atomic.Int64) func(p *engine.Post, score int) int {
	if t == nil || !t.Active || len(t.Terms) == 0 {
		return nil
	}
	t.Adjust("") // build the weights before the pipeline's goroutines read them
	return func(p *engine.Post, score int) int {
		adj := max(0, min(100, score+t.Adjust(p.Title+"\n"+p.Text)))
		switch {
		case score < threshold && adj >= threshold:
			raised.Add(1)
		case score >= threshold && adj < threshold:
			lowered.Add(1)
		}
		return adj
	}
}

// Tuning returns what the agent learned; an agent without feedback has an
// empty, inactive tuning. An unknown agent is ErrNotFound.
func (s *Store) Tuning(ctx context.Context, agentID string) (*Tuning, error) {
	if _, err := s.Agent(ctx, agentID); err != nil {
		return nil, err
	}
	return s.loadTuning(ctx, s.d.Reader, agentID)
}

type rowQueryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (s *Store) loadTuning(ctx context.Context, q rowQueryer, agentID string) (*Tuning, error) {
	t := &Tuning{AgentID: agentID, Terms: []TunedTerm{}, Summary: []string{}}
	var (
		terms          string
		reset, updated db.Time
	)
	err := q.QueryRowContext(ctx, s.d.Rebind(`SELECT judged, good, noise, active, terms, reset_at, updated_at
		FROM agent_tuning WHERE agent_id = ?`), agentID).Scan(&t.Judged, &t.Good, &t.Noise, &t.Active, &terms, &reset, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return t, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load tuning: %w", err)
	}
	if err := json.Unmarshal([]byte(terms), &t.Terms); err != nil {
		return nil, fmt.Errorf("tuning %s terms: %w", agentID, err)
	}
	if t.Terms == nil {
		t.Terms = []TunedTerm{}
	}
	t.ResetAt, t.UpdatedAt = reset.Ptr(), updated.Ptr()
	t.summarise()
	return t, nil
}

// Retune recomputes the agent's tuning from its judged leads (the newest
// tuneWindow judged since its reset). It runs in one transaction holding
// the agent's row, so feedback given at once on several instances never
// leaves an older tuning stored over a newer one. An unknown agent is
// ErrNotFound.
func (s *Store) Retune(ctx context.Context, agentID string) (*Tuning, error) {
	return s.retune(ctx, agentID, false)
}

// ResetTuning forgets the agent's feedback so far: the tuning starts again
// from the feedback given after now. An unknown agent is ErrNotFound.
func (s *Store) ResetTuning(ctx context.Context, agentID string) (*Tuning, error) {
	return s.retune(ctx, agentID, true)
}

func (s *Store) retune(ctx context.Context, agentID string, reset bool) (*Tuning, error) {
	var out *Tuning
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var clientID string
		err := tx.QueryRowContext(ctx, s.d.Rebind(`SELECT client_id FROM agents WHERE id = ?`+s.forUpdate()), agentID).Scan(&clientID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("lock agent: %w", err)
		}
		prev, err := s.loadTuning(ctx, tx, agentID)
		if err != nil {
			return err
		}
		now := s.now().UTC()
		resetAt := prev.ResetAt
		if reset {
			resetAt = &now
		}
		q, args := `SELECT lead, feedback, feedback_reason, COALESCE(feedback_at, created_at) FROM client_leads
			WHERE agent_id = ? AND feedback <> ''`, []any{agentID}
		if resetAt != nil {
			q, args = q+` AND feedback_at >= ?`, append(args, s.d.TimeArg(*resetAt))
		}
		rows, err := tx.QueryContext(ctx, s.d.Rebind(q+` ORDER BY COALESCE(feedback_at, created_at) DESC, id DESC LIMIT ?`), append(args, tuneWindow)...)
		if err != nil {
			return fmt.Errorf("judged leads: %w", err)
		}
		var judged []judgedLead
		for rows.Next() {
			var raw, verdict, reason string
			var at db.Time
			if err := rows.Scan(&raw, &verdict, &reason, &at); err != nil {
				rows.Close()
				return fmt.Errorf("judged leads: %w", err)
			}
			var l engine.Lead
			_ = json.Unmarshal([]byte(raw), &l) // an unreadable lead adds only its reason
			judged = append(judged, judgedLead{text: l.FullContext, reason: reason, good: verdict == VerdictGood, at: at.Time})
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("judged leads: %w", err)
		}
		t := learn(judged, now)
		t.AgentID, t.ResetAt, t.UpdatedAt = agentID, resetAt, &now
		var resetArg any
		if resetAt != nil {
			resetArg = s.d.TimeArg(*resetAt)
		}
		if _, err := tx.ExecContext(ctx, s.d.Rebind(`INSERT INTO agent_tuning (agent_id, client_id, judged, good, noise, active, terms, reset_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (agent_id) DO UPDATE SET judged = excluded.judged, good = excluded.good, noise = excluded.noise,
			active = excluded.active, terms = excluded.terms, reset_at = excluded.reset_at, updated_at = excluded.updated_at`),
			agentID, clientID, t.Judged, t.Good, t.Noise, t.Active, mustJSON(t.Terms), resetArg, s.d.TimeArg(now)); err != nil {
			return fmt.Errorf("store tuning: %w", err)
		}
		out = &t
		return nil
	})
	return out, err
}
