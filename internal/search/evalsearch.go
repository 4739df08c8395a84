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
	ID          string   `json:"id"`
	Returned    int      `json:"returned"`
	Relevant    int      `json:"relevant"`
	Hits        int      `json:"hits"`
	PrecisionAt float64  `json:"precisionAt10"`
	Precision   float64  `json:"precision"`
	Recall      float64  `json:"recall"`
	Notes       []string `json:"notes"`
	Ranked      []string `json:"ranked"` // post ids, best first
	// Leads are the returned leads, best first; Labelled, the ids labelled
	// relevant.
	Leads    []engine.Lead   `json:"-"`
	Labelled map[string]bool `json:"-"`
}

// EvalReport is every ICP's figures and their macro-average.
type EvalReport struct {
	ICPs                                       []EvalResult
	MacroPrecisionAt, MacroPrecision, MacroRec float64
	Posts                                      int
}

// EvalSearch runs the real search path over a labelled folder (icps.jsonl,
// posts.jsonl, labels.jsonl; format in docs/performance-log.md, "Relevance"):
// the posts go into a throw-away SQLite index with their dates shifted so
// that the newest is now, each ICP's search runs as `signalpipe search`
// would (index only, no live sources, no model), and the returned posts
// are scored against the labels.
func EvalSearch(ctx context.Context, dir string, opt Options) (EvalReport, error) {
	var rep EvalReport
	var icps []EvalICP
	if err := readJSONL(filepath.Join(dir, "icps.jsonl"), func(line int, b []byte) error {
		var e EvalICP
		if err := json.Unmarshal(b, &e); err != nil {
			return err
		}
		icps = append(icps, e)
		return nil
	}); err != nil {
		return rep, err
	}
	var posts []engine.Post
	if err := readJSONL(filepath.Join(dir, "posts.jsonl"), func(line int, b []byte) error {
		p, err := DecodePost(b)
		if err != nil {
			return err
		}
		posts = append(posts, p)
		return nil
	}); err != nil {
		return rep, err
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
		return rep, err
	}
	rep.Posts = len(posts)
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
	opt.Sources, opt.Model, opt.Reviewer = nil, nil, nil
	svc := NewService(NewStore(d), opt)
	for _, e := range icps {
		p, fields := ParseICP(e.ICP)
		if fields != nil {
			return rep, fmt.Errorf("icps.jsonl: ICP %s: invalid: %v", e.ID, fields)
		}
		job, leads := svc.Search(ctx, p)
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
		if r.Returned > 0 {
			r.Precision = float64(r.Hits) / float64(r.Returned)
		}
		if r.Relevant > 0 {
			r.Recall = float64(r.Hits) / float64(r.Relevant)
		}
		rep.ICPs = append(rep.ICPs, r)
		rep.MacroPrecisionAt += r.PrecisionAt
		rep.MacroPrecision += r.Precision
		rep.MacroRec += r.Recall
	}
	if n := float64(len(rep.ICPs)); n > 0 {
		rep.MacroPrecisionAt /= n
		rep.MacroPrecision /= n
		rep.MacroRec /= n
	}
	return rep, nil
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
