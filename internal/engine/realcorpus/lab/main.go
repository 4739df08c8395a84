// Command lab measures the relevance model on the real-post corpus with
// one category left out at a time, through the scoring path of a search
// (relevance, the speaker rules, the fit and the signal threshold) but
// without the index and the lead assembly: minutes instead of
// `eval-search --loco`'s quarter hour, to compare model kinds and settings.
//
//	go run ./internal/engine/realcorpus/lab [-logistic] [-only a,b] [-dump]
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/icp"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus/examples"
	"github.com/signalpipe/signalpipe/internal/engine/score"
)

func main() {
	dir := flag.String("corpus", "internal/engine/realcorpus/testdata", "the training corpus")
	only := flag.String("only", "", "leave out only these categories (comma-separated)")
	dump := flag.Bool("dump", false, "list each category's misses and wrong leads")
	logistic := flag.Bool("logistic", false, "the logistic regression instead of boosted trees")
	trees := flag.Int("trees", 0, "boosted: trees (0: the default)")
	depth := flag.Int("depth", 0, "boosted: depth (0: the default)")
	epochs := flag.Int("epochs", 0, "logistic: epochs (0: the default)")
	folds := flag.Int("folds", 0, "folds for the threshold (0: the default)")
	beta := flag.Float64("beta", 0, "F-beta of the threshold (0: the default)")
	negfrac := flag.Float64("negfrac", 1, "train on this share of the pairs of an ICP with another category's posts (faster)")
	flag.Parse()
	c, err := realcorpus.Load(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	t0 := time.Now()
	all := examples.Examples(c, nil, nil)
	n := len(c.Posts)
	det := detect.Default()
	posts := make([]engine.Post, n)
	subs := make([]icp.Subject, n)
	dets := make([]engine.Detection, n)
	var newest time.Time
	// Each post read by a speaker model that never saw its category, as
	// the training pairs are (examples.OutOfFoldSpeaker).
	spk := examples.OutOfFoldSpeaker(c)
	for i, p := range c.Posts {
		posts[i] = p.Engine()
		subs[i], dets[i], _ = pipeline.Read(&posts[i], det)
		subs[i].Speaker = spk[i]
		if posts[i].PublishedAt.After(newest) {
			newest = posts[i].PublishedAt
		}
	}
	fmt.Fprintf(os.Stderr, "%d pairs read in %s\n", len(all), time.Since(t0).Round(time.Millisecond))
	rel := c.Relevant()
	var sp, sk, sr float64
	var cnt int
	for _, row := range c.ICPs {
		if *only != "" && !slices.Contains(strings.Split(*only, ","), row.ID) {
			continue
		}
		var train []icp.Example
		for i, e := range all {
			pc := c.Posts[i%n].Category
			if e.Group == row.ID || pc == row.ID {
				continue
			}
			if !e.Y && pc != e.Group && *negfrac < 1 && float64((i*7919)%1000)/1000 >= *negfrac {
				continue
			}
			train = append(train, e)
		}
		model, err := icp.Train(train, icp.TrainOptions{Logistic: *logistic, Trees: *trees, Depth: *depth, Epochs: *epochs, Folds: *folds, Beta: *beta})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		m := icp.CompileWith(row.ICP, model)
		minScore := score.MinScore(row.ICP.SignalThreshold)
		type res struct {
			i     int
			score int
			prob  float64
			keep  bool
			why   string
		}
		var rs []res
		for i := range posts {
			r, ok, f := m.Judge(subs[i])
			x := res{i: i, prob: r.Score}
			switch {
			case !ok:
				x.why = "not relevant"
			case f.Excluded:
				x.why = "excluded"
			default:
				st := dets[i].Strength
				if !dets[i].Intent {
					st = r.Score
				}
				x.score = score.Score(f.Score, st*score.Decay(dets[i].SignalType, posts[i].PublishedAt, newest))
				x.keep = x.score >= minScore
				if !x.keep {
					x.why = "below threshold"
				}
			}
			rs = append(rs, x)
		}
		slices.SortStableFunc(rs, func(a, b res) int {
			if a.score != b.score {
				return b.score - a.score
			}
			switch {
			case a.prob > b.prob:
				return -1
			case a.prob < b.prob:
				return 1
			}
			return 0
		})
		var tp, fp, top, kept int
		for _, r := range rs {
			if !r.keep {
				continue
			}
			kept++
			if rel[row.ID][posts[r.i].ID] {
				tp++
				if kept <= 10 {
					top++
				}
			} else {
				fp++
			}
		}
		pos := len(rel[row.ID])
		prec, rec := float64(tp)/max(1, float64(tp+fp)), float64(tp)/max(1, float64(pos))
		p10 := float64(top) / float64(max(1, min(10, kept)))
		fmt.Printf("%-16s thr %.2f p@10 %.2f precision %.2f recall %.2f (tp %d fp %d relevant %d)\n", row.ID, model.Threshold, p10, prec, rec, tp, fp, pos)
		sp, sk, sr, cnt = sp+p10, sk+prec, sr+rec, cnt+1
		if *dump {
			for _, r := range rs {
				y := rel[row.ID][posts[r.i].ID]
				if y == r.keep {
					continue
				}
				kind := "MISS " + r.why
				if r.keep {
					kind = "WRONG"
				}
				p := c.Posts[r.i]
				fmt.Printf("  %s %.2f %s [%s %s %s/%s] %s\n", kind, r.prob, p.ID, p.Category, p.Platform, p.AuthorRole, p.Stage, clip(p.Title+" :: "+p.Text, 150))
			}
		}
	}
	fmt.Printf("macro (%d) p@10 %.3f precision %.3f recall %.3f\n", cnt, sp/float64(cnt), sk/float64(cnt), sr/float64(cnt))
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n]
	}
	return s
}
