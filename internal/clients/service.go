package clients

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine/draft"

	"github.com/signalpipe/signalpipe/internal/search/querylang"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/enrich"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/engine/score"
	"github.com/signalpipe/signalpipe/internal/search"
)

// IndexSource names the posts index in a run's sources.
const IndexSource = search.IndexSource

// RunOptions configure agent runs. Zero values take the defaults shown.
type RunOptions struct {
	// Posts is the posts index.
	Posts *search.Store
	// Sources are the live connectors an agent may also ask.
	Sources []search.Source
	// Live, when set, replaces Sources: asked at each run's start, so
	// sources switched in the console apply without a restart.
	Live func(context.Context) []search.Source
	// Reviewer and ReviewTop, Verifier: as for the live search
	// (search.Options); nil leaves the detector's word and emails unchecked.
	Reviewer  pipeline.Reviewer
	ReviewTop int
	// Writer has a model write the best leads' drafts with the client's
	// facts (pipeline.Options); nil: the templates'.
	Writer   draft.Writer
	Verifier *enrich.Verifier
	// Candidates caps the posts one run reads from the index (3000).
	Candidates int
	// SourceLimit caps the posts one run asks each live source for (100).
	SourceLimit int
	// MaxLeads caps the leads one run delivers (50).
	MaxLeads int
	// Timeout bounds one run (2m).
	Timeout time.Duration
	// SourceTimeout bounds each live source within a run (30s): a source
	// that has not answered by then is recorded as failed and the run
	// goes on without it, even when the connector ignores its context.
	SourceTimeout time.Duration
	// Logger defaults to slog.Default.
	Logger *slog.Logger
}

// DefaultRunTimeout is RunOptions.Timeout's default.
const DefaultRunTimeout = 2 * time.Minute

func (o *RunOptions) defaults() {
	if o.Candidates <= 0 {
		o.Candidates = 3000
	}
	if o.SourceLimit <= 0 {
		o.SourceLimit = 100
	}
	if o.MaxLeads <= 0 {
		o.MaxLeads = 50
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultRunTimeout
	}
	if o.SourceTimeout <= 0 {
		o.SourceTimeout = search.DefaultSourceTimeout
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
}

// Service performs agent runs.
type Service struct {
	store *Store
	opt   RunOptions
}

// NewService returns the run service over store.
func NewService(store *Store, o RunOptions) *Service {
	o.defaults()
	return &Service{store: store, opt: o}
}

// SourceNames are the sources an agent may name: the index and each live
// connector.
func (s *Service) SourceNames() []string {
	names := []string{IndexSource}
	for _, src := range s.sources(context.Background()) {
		names = append(names, src.Name())
	}
	return names
}

// sources are the live sources a run starting now may ask.
func (s *Service) sources(ctx context.Context) []search.Source {
	if s.opt.Live != nil {
		return s.opt.Live(ctx)
	}
	return s.opt.Sources
}

// Execute performs the recorded run id. A run already recorded as
// finished is left alone (a retried job). ctx ending (shutdown) returns
// its error with nothing stored, so the job runs again.
func (s *Service) Execute(ctx context.Context, id string) error {
	run, err := s.store.Run(ctx, id)
	if err != nil {
		return err
	}
	if run.Status != RunRunning {
		// Recorded already: a retried job whose first attempt may have
		// died before enqueueing the deliveries; enqueueing is idempotent.
		if _, err := s.store.EnqueueDeliveries(ctx, id); err != nil {
			return err
		}
		s.store.heatAfter(ctx, run.ClientID, s.opt.Logger.Warn)
		return nil
	}
	a, err := s.store.Agent(ctx, run.AgentID)
	if err != nil {
		return err
	}
	c, err := s.store.Client(ctx, run.ClientID)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, s.opt.Timeout)
	defer cancel()
	o := s.perform(ctx, run, a, c)
	if err := context.Cause(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err // shutdown: store nothing, run again
	}
	added, err := s.store.finishRun(context.WithoutCancel(ctx), o)
	if err != nil {
		return err
	}
	s.opt.Logger.Info("agent run", "run", run.ID, "agent", a.ID, "client", c.ID, "status", run.Status,
		"posts", run.PostsRead, "leads", added)
	// The new leads go to the client's instant channels (webhook.go); a
	// failure here retries the job, which enqueues again without doubles.
	if _, err := s.store.EnqueueDeliveries(context.WithoutCancel(ctx), run.ID); err != nil {
		return err
	}
	// Accounts the new leads heated (accounts_heated.go).
	s.store.heatAfter(ctx, run.ClientID, s.opt.Logger.Warn)
	return nil
}

// agentICP is the ICP an agent runs with: its own or its client's, with
// the agent's threshold.
func agentICP(a *Agent, c *Client) engine.ICP {
	p := c.ICP
	if a.ICP != nil {
		p = *a.ICP
	}
	p.SignalThreshold = strconv.Itoa(a.Threshold)
	return p
}

// perform reads, runs the pipeline and filters; the outcome goes to
// finishRun.
func (s *Service) perform(ctx context.Context, run *Run, a *Agent, c *Client) outcome {
	p := agentICP(a, c)
	o := outcome{run: run, cursor: a.Cursor, cap: c.Settings.MonthlyCap}
	qs, err := querylang.ParseQueries(a.Queries)
	if err != nil { // stored queries were validated; a bad one is a bug
		run.Status, run.Error = RunFailed, "the agent's queries do not parse: "+err.Error()
		return o
	}
	posts, cursor := s.gather(ctx, run, a, qs, p)
	o.cursor = cursor
	switch failed := countFailed(run.Sources); {
	case failed == len(run.Sources):
		run.Status, run.Error = RunFailed, "every source failed"
		o.cursor = a.Cursor
		return o
	case failed > 0:
		run.Status = RunPartial
	default:
		run.Status = RunComplete
	}
	posts = slices.DeleteFunc(posts, func(p engine.Post) bool { return !querylang.Match(qs, p.Title+"\n"+p.Text) })
	posts, err = s.dropKnown(ctx, c.ID, posts)
	if err != nil {
		run.Status, run.Error = RunFailed, "could not read the client's leads"
		s.opt.Logger.Error("agent run", "run", run.ID, "err", err)
		o.cursor = a.Cursor
		return o
	}
	tuning, err := s.store.Tuning(ctx, a.ID)
	if err == nil && tuning.Judged > 0 && tuning.UpdatedAt != nil && s.store.now().Sub(*tuning.UpdatedAt) > TuneRefresh {
		// No feedback lately: learn again, so old verdicts fade (§4.2).
		tuning, err = s.store.Retune(ctx, a.ID)
	}
	if err != nil { // run as if untuned rather than not at all
		s.opt.Logger.Error("agent run: tuning", "run", run.ID, "err", err)
	}
	var raised, lowered atomic.Int64
	leads, rev := pipeline.RunReviewed(ctx, posts, p, pipeline.Options{Verifier: s.opt.Verifier, Limit: 4 * s.opt.MaxLeads,
		Reviewer: s.opt.Reviewer, ReviewTop: s.opt.ReviewTop, Adjust: tuning.adjuster(score.MinScore(p.SignalThreshold), &raised, &lowered),
		DraftFacts: c.draftFacts(), DraftBook: c.Settings.Drafts.Templates, Writer: s.opt.Writer})
	if n, m := raised.Load(), lowered.Load(); n+m > 0 {
		run.Notes = append(run.Notes, fmt.Sprintf("feedback tuning lifted %d posts over the threshold and kept %d under it", n, m))
	}
	if rev.Err != nil {
		s.opt.Logger.Warn("agent run: lead review failed", "run", run.ID, "err", rev.Err)
	}
	if rev.DraftErr != nil {
		s.opt.Logger.Warn("agent run: model drafts failed; the templates' kept", "run", run.ID, "drafted", rev.Drafted, "err", rev.DraftErr)
	}
	if len(a.SignalTypes) > 0 {
		leads = slices.DeleteFunc(leads, func(l engine.Lead) bool { return !slices.Contains(a.SignalTypes, string(l.Detection.SignalType)) })
	}
	o.leads = leads[:min(len(leads), s.opt.MaxLeads)]
	return o
}

// gather reads the index since the agent's cursor and asks the agent's
// live sources, side by side. Each source's state goes in run.Sources.
func (s *Service) gather(ctx context.Context, run *Run, a *Agent, qs []querylang.Query, p engine.ICP) ([]engine.Post, int64) {
	iq := querylang.IndexQuery(qs)
	live := iq
	if live.Empty() {
		live = search.QueryFor(p) // live sources need words to look for
	}
	// Each live source answers on its own, within SourceTimeout; the run
	// waits for none past that (search.Ask), so one source hanging never
	// delays another or the run by more than its own timeout.
	var asked []search.Source
	for _, src := range s.sources(ctx) {
		if !live.Empty() && (len(a.Sources) == 0 || slices.Contains(a.Sources, src.Name())) {
			asked = append(asked, src)
		}
	}
	wait := search.Ask(ctx, asked, live, s.opt.SourceLimit, s.opt.SourceTimeout)
	var all []engine.Post
	var states []SourceState
	cursor := a.Cursor
	if len(a.Sources) == 0 || slices.Contains(a.Sources, IndexSource) {
		posts, next, more, err := s.opt.Posts.PostsSince(ctx, a.Cursor, iq, s.opt.Candidates)
		st := SourceState{Name: IndexSource, Status: RunComplete, Posts: len(posts)}
		if err != nil {
			st = SourceState{Name: IndexSource, Status: RunFailed, Error: "the index could not be read"}
			s.opt.Logger.Error("agent run: index", "run", run.ID, "err", err)
		} else {
			cursor = next
			if more {
				run.Notes = append(run.Notes, fmt.Sprintf("more than %d new posts matched: the newest %d were read", s.opt.Candidates, s.opt.Candidates))
			}
		}
		states, all = append(states, st), append(all, posts...)
	}
	for _, ans := range wait() {
		st := SourceState{Name: ans.Source, Status: RunComplete, Posts: len(ans.Posts)}
		switch {
		case ans.Late:
			st = SourceState{Name: ans.Source, Status: RunFailed, Error: fmt.Sprintf("the source did not answer within %s", s.opt.SourceTimeout)}
			s.opt.Logger.Warn("agent run: source did not answer in time", "run", run.ID, "source", ans.Source, "timeout", s.opt.SourceTimeout)
		case ans.Err != nil:
			st = SourceState{Name: ans.Source, Status: RunFailed, Error: "the source did not answer"}
			s.opt.Logger.Warn("agent run: source failed", "run", run.ID, "source", ans.Source, "err", ans.Err)
		}
		states, all = append(states, st), append(all, ans.Posts...)
	}
	slices.SortFunc(states, func(x, y SourceState) int { return cmp.Compare(x.Name, y.Name) })
	run.Sources = states
	run.PostsRead = len(all)
	return uniquePosts(all), cursor
}

func countFailed(states []SourceState) int {
	n := 0
	for _, st := range states {
		if st.Status == RunFailed {
			n++
		}
	}
	return n
}

// uniquePosts drops a post seen twice (a live post already in the index).
func uniquePosts(posts []engine.Post) []engine.Post {
	seen := make(map[string]bool, len(posts))
	out := posts[:0]
	for _, p := range posts {
		k := postKey(p.URL, p.ID)
		if !seen[k] {
			seen[k] = true
			out = append(out, p)
		}
	}
	return out
}

// dropKnown removes the posts the client already had a lead from.
func (s *Service) dropKnown(ctx context.Context, clientID string, posts []engine.Post) ([]engine.Post, error) {
	keys := make([]string, len(posts))
	for i, p := range posts {
		keys[i] = postKey(p.URL, p.ID)
	}
	known, err := s.store.knownPosts(ctx, clientID, keys)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(posts, func(p engine.Post) bool { return known[postKey(p.URL, p.ID)] }), nil
}
