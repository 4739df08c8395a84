package search

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/speaker"
)

// EvalICP is one line of an evaluation folder's icps.jsonl.
type EvalICP struct {
	ID   string                     `json:"id"`
	Name string                     `json:"name"`
	ICP  map[string]json.RawMessage `json:"icp"`
}

// evalLabel is one line of labels.jsonl: a relevant (ICP, post) pair.
type evalLabel struct {
	ICP  string `json:"icp"`
	Post string `json:"post"`
}

// EvalResult is one ICP's figures (docs/performance-log.md, "Relevance").
type EvalResult struct {
	ID          string  `json:"id"`
	Returned    int     `json:"returned"`
	Relevant    int     `json:"relevant"`
	Hits        int     `json:"hits"`
	PrecisionAt float64 `json:"precisionAt10"`
	Precision   float64 `json:"precision"`
	Recall      float64 `json:"recall"`
	// The keyword matcher's figures on the same posts.
	KeywordPrecision float64  `json:"keywordPrecision"`
	KeywordRecall    float64  `json:"keywordRecall"`
	Notes            []string `json:"notes"`
	Ranked           []string `json:"ranked"` // post ids, best first
	// Leads are the returned leads, best first; Labelled, the ids labelled
	// relevant.
	Leads    []engine.Lead   `json:"-"`
	Labelled map[string]bool `json:"-"`
}

// EvalReport is every ICP's figures and their macro-average.
type EvalReport struct {
	ICPs                                       []EvalResult
	MacroPrecisionAt, MacroPrecision, MacroRec float64
	MacroKeywordPrecision, MacroKeywordRecall  float64
	Posts                                      int
}

// EvalSearch runs the real search path over a labelled folder (icps.jsonl,
// posts.jsonl, labels.jsonl; format in docs/performance-log.md, "Relevance"):
// the posts go into a throw-away SQLite index with their dates shifted so
// that the newest is now, each ICP's search runs as `signalpipe search`
// would (index only, no live sources, no model), and the returned posts
// are scored against the labels, next to the keyword matcher's figures on
// the same posts. Fields a folder adds to a post that the product's post
// does not have (origin, published, category, signal_type, intent,
// author_role, stage) are read (published as the date) or left aside.
func EvalSearch(ctx context.Context, dir string, opt Options) (EvalReport, error) {
	var icps []evalICP
	if err := readJSONL(filepath.Join(dir, "icps.jsonl"), func(line int, b []byte) error {
		var e EvalICP
		if err := json.Unmarshal(b, &e); err != nil {
			return err
		}
		p, fields := ParseICP(e.ICP)
		if fields != nil {
			return fmt.Errorf("ICP %s: invalid: %v", e.ID, fields)
		}
		icps = append(icps, evalICP{ID: e.ID, ICP: p})
		return nil
	}); err != nil {
		return EvalReport{}, err
	}
	var posts []engine.Post
	if err := readJSONL(filepath.Join(dir, "posts.jsonl"), func(line int, b []byte) error {
		p, err := decodeEvalPost(b)
		if err != nil {
			return err
		}
		posts = append(posts, p)
		return nil
	}); err != nil {
		return EvalReport{}, err
	}
	labels := map[string]map[string]bool{}
	if err := readJSONL(filepath.Join(dir, "labels.jsonl"), func(line int, b []byte) error {
		var l evalLabel
		if err := json.Unmarshal(b, &l); err != nil {
			return err
		}
		if labels[l.ICP] == nil {
			labels[l.ICP] = map[string]bool{}
		}
		labels[l.ICP][l.Post] = true
		return nil
	}); err != nil {
		return EvalReport{}, err
	}
	return evalRun(ctx, icps, posts, labels, opt, nil)
}

// evalICP is an ICP of an evaluation, by id.
type evalICP struct {
	ID  string
	ICP engine.ICP
}

// evalOnly are the fields an evaluation or training folder adds to a post.
var evalOnly = []string{"origin", "category", "signal_type", "intent", "author_role", "stage"}

// decodeEvalPost is DecodePost for an evaluation folder's line: the
// fields of evalOnly are left aside and "published" (YYYY-MM-DD) is read
// as the post's date.
func decodeEvalPost(b []byte) (engine.Post, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return engine.Post{}, fmt.Errorf("not a post: %w", err)
	}
	for _, k := range evalOnly {
		delete(m, k)
	}
	var published string
	if raw, ok := m["published"]; ok {
		if err := json.Unmarshal(raw, &published); err != nil {
			return engine.Post{}, fmt.Errorf("published: %w", err)
		}
		delete(m, "published")
	}
	b, err := json.Marshal(m)
	if err != nil {
		return engine.Post{}, err
	}
	p, err := DecodePost(b)
	if err != nil {
		return p, err
	}
	if published != "" && p.PublishedAt.IsZero() {
		t, err := time.Parse(time.DateOnly, published)
		if err != nil {
			return p, fmt.Errorf("published %q is not YYYY-MM-DD", published)
		}
		p.PublishedAt = t.UTC()
	}
	return p, nil
}

// evalModel is what an ICP of a measurement that leaves its category out
// is judged with: a relevance model trained without it, and the readings
// of posts by a detector and a speaker model that never saw their
// category.
type evalModel struct {
	Model    *icp.Model
	Speaker  func(title, text string) speaker.Reading
	ReadLive func(engine.Post) detect.LiveReading
}

// evalRun indexes posts once and measures each ICP's search on them;
// modelFor, when set, gives the relevance model an ICP is judged with.
func evalRun(ctx context.Context, icps []evalICP, posts []engine.Post, labels map[string]map[string]bool, opt Options,
	modelFor func(id string) (evalModel, error)) (EvalReport, error) {
	var rep EvalReport
	rep.Posts = len(posts)
	keyword := make([]engine.Post, len(posts))
	copy(keyword, posts)
	posts = append([]engine.Post(nil), posts...)
	shiftToNow(posts, time.Now())

	tmp, err := os.MkdirTemp("", "signalpipe-eval-search-")
	if err != nil {
		return rep, err
	}
	defer os.RemoveAll(tmp)
	d, err := db.OpenSQLite(ctx, filepath.Join(tmp, "eval.db"))
	if err != nil {
		return rep, err
	}
	defer d.Close()
	quiet := slog.New(slog.DiscardHandler)
	if err := d.Migrate(ctx, quiet); err != nil {
		return rep, err
	}
	if _, err := NewStore(d).AddPosts(ctx, posts); err != nil {
		return rep, err
	}
	if opt.Logger == nil {
		opt.Logger = quiet
	}
	opt.Sources, opt.Live, opt.Model, opt.Reviewer = nil, nil, nil, nil
	for _, e := range icps {
		o := opt
		if modelFor != nil {
			m, err := modelFor(e.ID)
			if err != nil {
				return rep, fmt.Errorf("ICP %s: %w", e.ID, err)
			}
			o.RelevanceModel, o.Speaker, o.ReadLive = m.Model, m.Speaker, m.ReadLive
		}
		job, leads := NewService(NewStore(d), o).Search(ctx, e.ICP)
		if job.Status != StatusComplete {
			return rep, fmt.Errorf("ICP %s: search %s: %s", e.ID, job.Status, job.Error)
		}
		r := EvalResult{ID: e.ID, Relevant: len(labels[e.ID]), Notes: job.Notes, Leads: leads, Labelled: labels[e.ID]}
		seen := map[string]bool{}
		for _, l := range leads {
			if seen[l.PostID] {
				continue
			}
			seen[l.PostID] = true
			r.Ranked = append(r.Ranked, l.PostID)
		}
		r.Returned = len(r.Ranked)
		top := 0
		for i, id := range r.Ranked {
			if labels[e.ID][id] {
				r.Hits++
				if i < 10 {
					top++
				}
			}
		}
		r.PrecisionAt = float64(top) / 10
		r.Precision, r.Recall = ratio(r.Hits, r.Returned), ratio(r.Hits, r.Relevant)
		// The keyword matcher on the same posts: relevant when a post
		// names a competitor or a tool of the tech stack.
		var kwHits, kwReturned int
		names := append(append([]string{}, e.ICP.Competitors...), e.ICP.TechStack...)
		for _, p := range keyword {
			if icp.NamesAny(p.Title+"\n"+p.Text, names) {
				kwReturned++
				if labels[e.ID][p.ID] {
					kwHits++
				}
			}
		}
		r.KeywordPrecision, r.KeywordRecall = ratio(kwHits, kwReturned), ratio(kwHits, r.Relevant)
		rep.ICPs = append(rep.ICPs, r)
		rep.MacroPrecisionAt += r.PrecisionAt
		rep.MacroPrecision += r.Precision
		rep.MacroRec += r.Recall
		rep.MacroKeywordPrecision += r.KeywordPrecision
		rep.MacroKeywordRecall += r.KeywordRecall
	}
	if n := float64(len(rep.ICPs)); n > 0 {
		rep.MacroPrecisionAt /= n
		rep.MacroPrecision /= n
		rep.MacroRec /= n
		rep.MacroKeywordPrecision /= n
		rep.MacroKeywordRecall /= n
	}
	return rep, nil
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// shiftToNow moves every post's date by the same amount so that the
// newest is now; posts without a date are dated now.
func shiftToNow(posts []engine.Post, now time.Time) {
	var newest time.Time
	for _, p := range posts {
		if p.PublishedAt.After(newest) {
			newest = p.PublishedAt
		}
	}
	shift := now.Sub(newest)
	for i := range posts {
		if posts[i].PublishedAt.IsZero() {
			posts[i].PublishedAt = now.UTC()
			continue
		}
		posts[i].PublishedAt = posts[i].PublishedAt.Add(shift).UTC()
	}
}

// readJSONL calls fn with every non-blank line of path and its number; the
// first error stops it, naming the file and line.
func readJSONL(path string, fn func(line int, b []byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 8<<20)
	for n := 1; sc.Scan(); n++ {
		b := sc.Bytes()
		if len(trimSpace(b)) == 0 {
			continue
		}
		if err := fn(n, b); err != nil {
			return fmt.Errorf("%s line %d: %w", filepath.Base(path), n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return nil
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t' || b[0] == '\r') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
