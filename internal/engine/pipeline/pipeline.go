// Package pipeline runs the whole intent chain over a batch of posts:
// detect → ICP fit → score → threshold → enrich → verify emails → draft →
// de-duplicate. It is what the research-leads job and the CLI call.
package pipeline

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/draft"
	"github.com/signalpipe/signalpipe/internal/engine/enrich"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/score"
	"github.com/signalpipe/signalpipe/internal/engine/speaker"
)

// Options configure a run. The zero value works offline: no email is
// looked up in DNS (emails are kept but not verified).
type Options struct {
	// Detector defaults to detect.Default().
	Detector *detect.Detector
	// Verifier, when set, verifies the returned leads' emails, all at once
	// within its Budget: an address not answered in time stays unchecked.
	Verifier *enrich.Verifier
	// Limit caps the number of leads returned (0: no cap).
	Limit int
	// Reviewer, when set, re-reads the posts behind the best ReviewTop
	// leads (see RunReviewed); nil: the detector's word stands.
	Reviewer Reviewer
	// ReviewTop is how many of the best leads the Reviewer re-reads.
	ReviewTop int
	// MaxAge, when set, drops posts published longer ago than this
	// (LEAD_MAX_AGE in live searches); 0 keeps every post.
	MaxAge time.Duration
	// Now is the time ages are measured from (time.Now when nil).
	Now func() time.Time
	// Adjust, when set, moves each post's score before the threshold is
	// applied (an agent's feedback tuning, docs/clients.md "Feedback
	// tuning"); it returns the new score, 0-100. It is called from several
	// goroutines on large batches.
	Adjust func(p *engine.Post, score int) int
	// Matcher, when set, is the ICP compiled once by the caller (a search
	// compiles it for its query and its pipeline); nil: Run compiles it.
	Matcher *icp.Matcher
	// DraftFacts are the client's own draft facts (sender, product, proof
	// point, case study; package clients reads them from its settings);
	// those left empty come from the ICP's knowledge base (draft.FactsOf).
	DraftFacts draft.Facts
	// DraftBook is the client's own wording of the templates (nil: the
	// engine's).
	DraftBook draft.Book
	// Writer, when set, has a model write the drafts of the best
	// ModelDrafts leads from the same facts; a lead whose model draft
	// fails or does not pass draft.Check keeps the template's.
	Writer draft.Writer
	// Speaker, when set, reads who speaks in place of the shipped speaker
	// model (speaker.Read): a measurement that leaves a category out
	// reads its posts with a model fitted without it.
	Speaker func(title, text string) speaker.Reading
	// ReadLive, when set, is the detector's reading of a post in place
	// of Detector's, for the same kind of measurement: a detector fitted
	// without the post's category (package examples).
	ReadLive func(p engine.Post) detect.LiveReading
}

// ModelDrafts is how many of a run's best leads a Writer drafts.
const ModelDrafts = 20

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Counts say what became of the posts a run read, for a search that
// returns no lead to say why (docs/icp-fit.md).
type Counts struct {
	Read           int `json:"read"`
	NoIntent       int `json:"noIntent"`       // no live buying signal
	TooOld         int `json:"tooOld"`         // older than MaxAge
	NotRelevant    int `json:"notRelevant"`    // intent, but about something else
	Excluded       int `json:"excluded"`       // an ICP exclusion matched
	BelowThreshold int `json:"belowThreshold"` // relevant, but scored under the signalThreshold
	Kept           int `json:"kept"`
}

func (c *Counts) add(o Counts) {
	c.Read += o.Read
	c.NoIntent += o.NoIntent
	c.TooOld += o.TooOld
	c.NotRelevant += o.NotRelevant
	c.Excluded += o.Excluded
	c.BelowThreshold += o.BelowThreshold
	c.Kept += o.Kept
}

// Scored is a post that showed intent, with its fit and score; the cheap
// first half of the pipeline, before enrichment.
type Scored struct {
	Post      *engine.Post
	Detection engine.Detection
	Contact   enrich.Contact
	Fit       engine.Fit
	Relevance engine.Relevance
	Score     int
	// Subject is what the ICP was judged on (a review re-judges it).
	Subject icp.Subject
}

// parallelMin is the batch size from which Score spreads work over
// GOMAXPROCS goroutines.
const parallelMin = 4096

// Score detects, fits and scores every post, keeping those that show
// intent and pass the ICP's signalThreshold, in input order. Large batches
// are split over GOMAXPROCS goroutines.
func Score(posts []engine.Post, p engine.ICP, det *detect.Detector) []Scored {
	out, _ := ScoreCounted(posts, icp.Compile(p), det, Options{})
	return out
}

// ScoreCounted is Score for a compiled ICP, with opt's MaxAge, and the
// counts of what became of the posts.
func ScoreCounted(posts []engine.Post, m *icp.Matcher, det *detect.Detector, opt Options) ([]Scored, Counts) {
	if det == nil {
		det = detect.Default()
	}
	now := opt.now()
	workers := runtime.GOMAXPROCS(0)
	if workers == 1 || len(posts) < parallelMin {
		return scoreRange(posts, m, det, opt, now)
	}
	parts := make([][]Scored, workers)
	counts := make([]Counts, workers)
	chunk := (len(posts) + workers - 1) / workers
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := w*chunk, min((w+1)*chunk, len(posts))
		if lo >= hi {
			break
		}
		wg.Go(func() { parts[w], counts[w] = scoreRange(posts[lo:hi], m, det, opt, now) })
	}
	wg.Wait()
	var total Counts
	for _, c := range counts {
		total.add(c)
	}
	return slices.Concat(parts...), total
}

func scoreRange(posts []engine.Post, m *icp.Matcher, det *detect.Detector, opt Options, now time.Time) ([]Scored, Counts) {
	p, maxAge := m.ICP(), opt.MaxAge
	minScore := score.MinScore(p.SignalThreshold)
	var out []Scored
	var n Counts
	for i := range posts {
		post := &posts[i]
		n.Read++
		if maxAge > 0 && !post.PublishedAt.IsZero() && now.Sub(post.PublishedAt) > maxAge {
			n.TooOld++
			continue
		}
		var lr detect.LiveReading
		if opt.ReadLive != nil {
			lr = opt.ReadLive(*post)
		} else {
			lr = det.ReadLive(*post)
		}
		sub, d, c := ReadFrom(post, lr)
		if opt.Speaker != nil {
			sub.Speaker = opt.Speaker(post.Title, post.Text)
		}
		if !d.Intent && !m.JudgesTopic() {
			// An ICP naming no topic judges no relevance: the
			// detector's live call alone makes a lead, as before.
			n.NoIntent++
			continue
		}
		rel, ok, f := m.Judge(sub)
		if !ok {
			if d.Intent {
				n.NotRelevant++
			} else {
				n.NoIntent++
			}
			continue
		}
		d = leadDetection(d, sub, rel)
		if f.Excluded {
			n.Excluded++
			continue
		}
		sc := leadScore(f, d, post.PublishedAt, now)
		if opt.Adjust != nil {
			sc = opt.Adjust(post, sc)
		}
		if sc < minScore {
			n.BelowThreshold++
			continue
		}
		n.Kept++
		out = append(out, Scored{Post: post, Detection: d, Contact: c, Fit: f, Relevance: rel, Score: sc, Subject: sub})
	}
	return out, n
}

// leadScore is the score (0.6 × fit + 0.4 × strength, docs/product.md §13.3) with
// the strength decayed by the post's age (score.Decay), capped below the
// warm tier for a lead outside the ICP's geography.
func leadScore(f engine.Fit, d engine.Detection, published, now time.Time) int {
	sc := score.Score(f.Score, d.Strength*score.Decay(d.SignalType, published, now))
	if f.OutsideGeography {
		sc = min(sc, score.WarmMin-1)
	}
	return sc
}

func subject(p *engine.Post, c enrich.Contact, d engine.Detection) icp.Subject {
	return icp.Subject{
		Title: c.Title, Company: c.Company, Employees: c.Employees, Industry: c.Industry, Location: c.Location,
		Revenue: p.Profile["revenue"], Funding: p.Profile["funding"], Text: p.Title + "\n" + p.Text, Signal: string(d.SignalType),
		Employer: employer(p), PostTitle: p.Title, Body: p.Text, Source: p.Source, Platform: p.Platform, Live: d.Intent, IntentProb: -1,
	}
}

// Read is what the relevance model reads of a post (the same for training,
// relgen, and for searches): the detector's live reading, the kind of
// signal when the window is shut, its model's probability of a live
// signal, who speaks and where the move stands (package speaker), and the
// author's contact. It returns the subject, the live detection and the
// contact.
func Read(p *engine.Post, det *detect.Detector) (icp.Subject, engine.Detection, enrich.Contact) {
	return ReadFrom(p, det.ReadLive(*p))
}

// ReadFrom is Read from a detector's reading r of the post.
func ReadFrom(p *engine.Post, r detect.LiveReading) (icp.Subject, engine.Detection, enrich.Contact) {
	c := enrich.Extract(*p)
	sub := subject(p, c, r.Live)
	sub.Signal, sub.IntentProb = string(r.Kind), r.IntentProb
	sub.Speaker = speaker.Read(p.Title, p.Text)
	return sub, r.Live, c
}

// leadDetection is the detection a relevant post's lead shows: the
// detector's live one; for a post the relevance model finds relevant
// without a live call of the detector (plain-language needs it misses),
// the kind of signal it reads (tech research when none) at the model's
// probability. Either way it says who speaks and where the move stands.
func leadDetection(d engine.Detection, sub icp.Subject, rel engine.Relevance) engine.Detection {
	if !d.Intent {
		typ := engine.SignalType(sub.Signal)
		if typ == "" || typ == engine.None {
			typ = engine.TechResearch
		}
		d = engine.Detection{SignalType: typ, Intent: true, Strength: rel.Score, Cues: []string{"relevance model"}, CueLabels: []string{"a buying need the relevance model found"}}
	}
	if sp := sub.Speaker; sp.Role != "" {
		d.Speaker = &engine.Speaker{Role: string(sp.Role), RoleProb: round2(sp.RoleProb), Stage: string(sp.Stage), StageProb: round2(sp.StageProb)}
	}
	return d
}

func round2(x float64) float64 { return float64(int(x*100+0.5)) / 100 }

// employer is the author's company as the post or its source states it:
// the company field, the profile's, or the "… at X" / "… @ X" of the
// author's headline.
func employer(p *engine.Post) string {
	if c := strings.TrimSpace(p.Company); c != "" {
		return c
	}
	if c := strings.TrimSpace(p.Profile["company"]); c != "" {
		return c
	}
	for _, sep := range []string{" at ", " @ ", " @"} {
		if _, after, ok := strings.Cut(p.AuthorTitle, sep); ok {
			after, _, _ = strings.Cut(after, "|")
			return strings.TrimSpace(after)
		}
	}
	return ""
}

// Run turns posts into leads for an ICP, best first, de-duplicated by
// person and by post URL.
func Run(ctx context.Context, posts []engine.Post, p engine.ICP, opt Options) []engine.Lead {
	leads, _ := RunReviewed(ctx, posts, p, opt)
	return leads
}

// RunReviewed is Run that also says what opt.Reviewer did: it re-reads the
// posts behind the best opt.ReviewTop leads, before the limit, so that a
// lead it drops makes room for the next one.
func RunReviewed(ctx context.Context, posts []engine.Post, p engine.ICP, opt Options) ([]engine.Lead, ReviewReport) {
	m := opt.Matcher
	if m == nil {
		m = icp.Compile(p)
	}
	scored, counts := ScoreCounted(posts, m, opt.Detector, opt)
	slices.SortStableFunc(scored, func(a, b Scored) int {
		return better(a.Score, b.Score, a.Relevance.Score, b.Relevance.Score, a.Post.PublishedAt, b.Post.PublishedAt)
	})
	leads := make([]engine.Lead, 0, len(scored))
	dw := drafter{book: opt.DraftBook, facts: opt.DraftFacts.Merge(draft.FactsOf(p))}
	for _, s := range scored {
		leads = append(leads, dw.toLead(s))
	}
	leads = engine.Dedup(leads)
	rep := ReviewReport{Counts: counts}
	if opt.Reviewer != nil && opt.ReviewTop > 0 && len(leads) > 0 {
		leads, rep = review(ctx, leads, scored, m, opt)
	}
	if opt.Limit > 0 && len(leads) > opt.Limit {
		leads = leads[:opt.Limit]
	}
	if opt.Writer != nil {
		rep.Drafted, rep.DraftErr = modelDrafts(ctx, leads, scored, dw, opt.Writer)
	}
	verifyEmails(ctx, leads, opt.Verifier)
	return leads, rep
}

// modelDraftsParallel is the most model drafts asked at once.
const modelDraftsParallel = 3

// modelDrafts has w write the drafts of the first ModelDrafts leads, a
// few at once, each from its lead's slots, the facts and its post; it
// returns how many model drafts were kept and the first error.
func modelDrafts(ctx context.Context, leads []engine.Lead, scored []Scored, dw drafter, w draft.Writer) (int, error) {
	posts := make(map[string]*engine.Post, len(scored))
	for i := range scored {
		posts[LeadID(scored[i].Post)] = scored[i].Post
	}
	n := min(ModelDrafts, len(leads))
	var (
		mu       sync.Mutex
		kept     int
		firstErr error
		wg       sync.WaitGroup
	)
	sem := make(chan struct{}, modelDraftsParallel)
	for i := range n {
		l := &leads[i]
		p := posts[l.ID]
		if p == nil {
			continue
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			s := draft.SlotsOf(l.Name, l.Company, l.Title, p.Title, p.Text).With(dw.facts)
			d, err := w.Draft(ctx, draft.Input{Signal: l.Detection.SignalType, Slots: s, Post: p.Title + "\n" + p.Text, Template: l.Draft})
			if err == nil {
				err = draft.Check(d, s)
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if firstErr == nil {
					firstErr = err
				}
				return
			}
			d.TemplateID = l.Draft.TemplateID
			l.Draft = d
			kept++
		})
	}
	wg.Wait()
	return kept, firstErr
}

// better orders leads best first: the higher score, then the likelier
// relevant (the relevance model's probability), then the newer post.
func better(scoreA, scoreB int, relA, relB float64, atA, atB time.Time) int {
	if c := cmp.Compare(scoreB, scoreA); c != 0 {
		return c
	}
	if c := cmp.Compare(relB, relA); c != 0 {
		return c
	}
	return atB.Compare(atA)
}

// drafter writes leads' drafts in a client's wording with its facts.
type drafter struct {
	book  draft.Book
	facts draft.Facts
}

func (dw drafter) toLead(s Scored) engine.Lead {
	p, c, d := s.Post, s.Contact, s.Detection
	tier, _ := score.TierOf(s.Score)
	status := score.StatusOf(tier) // one tier field: the status is the tier's name
	name := c.Name
	l := engine.Lead{
		ID: LeadID(p), Name: name, Title: c.Title, Company: c.Company, Phone: c.Phone,
		Signal: signalText(p), Source: sourceName(p), FullContext: strings.TrimSpace(p.Title + "\n\n" + p.Text),
		IntentScore: s.Score, Status: status, IntentTier: tier, Industry: c.Industry, Employees: c.Employees,
		Fit: s.Fit, Relevance: s.Relevance, Detection: d, PostID: p.ID, PostURL: p.URL, Platform: p.Platform, PublishedAt: p.PublishedAt,
	}
	if len(c.LinkedIn) > 0 {
		l.LinkedIn = c.LinkedIn[0]
	}
	for _, e := range c.Emails {
		l.Emails = append(l.Emails, engine.EmailCheck{Address: e, Status: enrich.StatusUnchecked})
	}
	l.Draft = draft.Compose(dw.book, d, p.Title, p.Text, draft.SlotsOf(name, c.Company, c.Title, p.Title, p.Text), dw.facts)
	return l
}

// verifyEmails checks every lead's emails in one batch, so the leads share
// the verifier's time budget and its concurrency, and sets each lead's
// Email to its first verified address.
func verifyEmails(ctx context.Context, leads []engine.Lead, v *enrich.Verifier) {
	if v == nil {
		return
	}
	var addrs []string
	for _, l := range leads {
		for _, e := range l.Emails {
			addrs = append(addrs, e.Address)
		}
	}
	checked := v.CheckAll(ctx, addrs)
	for i := range leads {
		l := &leads[i]
		n := copy(l.Emails, checked)
		checked = checked[n:]
		for _, e := range l.Emails {
			if l.Email == "" && e.Verified {
				l.Email = e.Address
			}
		}
	}
}

// LeadID is a stable id for the lead a post yields.
func LeadID(p *engine.Post) string {
	h := sha256.Sum256([]byte(p.Source + "\x00" + p.ID + "\x00" + p.URL))
	return "lead_" + hex.EncodeToString(h[:8])
}

func signalText(p *engine.Post) string {
	s := strings.TrimSpace(p.Title)
	if s == "" {
		s = strings.TrimSpace(p.Text)
	}
	if r := []rune(s); len(r) > 280 {
		s = string(r[:279]) + "…"
	}
	return s
}

func sourceName(p *engine.Post) string {
	if p.Platform != "" {
		return p.Platform
	}
	return p.Source
}
