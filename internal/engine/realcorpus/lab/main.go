// Command lab measures the relevance model on the real-post corpus with
// one category left out at a time, through the scoring path of a search
// (pipeline.ScoreCounted: relevance, the speaker rules, the fit and the
// signal threshold) but without the index and the lead assembly: minutes instead of
// `eval-search --loco`'s quarter hour, to compare model kinds and settings.
//
//	go run ./internal/engine/realcorpus/lab [-logistic] [-only a,b] [-dump]
package main

import (
	"cmp"
	"encoding/json"
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
	"github.com/signalpipe/signalpipe/internal/engine/speaker"
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
	seed := flag.Uint64("seed", 0, "the fit's seed (0: the default)")
	bag := flag.Int("bag", 0, "boosted: models averaged (0: the default)")
	veto := flag.Float64("veto", 0, "the speaker veto's probability (0: the shipped model's; above 1: none)")
	pool := flag.String("pool", "", "write here (JSON lines) every post of another category the model scores at least -poolmin for an ICP, or keeps, that no label makes relevant: the pool a labeller audits")
	poolMin := flag.Float64("poolmin", 0.5, "the relevance probability from which a post of another category goes to -pool")
	oracle := flag.String("oracle", "", "measure what a perfect reader would give: \"speaker\", \"live\" or both (comma-separated) read the left-out posts from their labels instead of the out-of-fold models (training unchanged)")
	negfrac := flag.Float64("negfrac", 1, "train on this share of the pairs of an ICP with another category's posts (faster)")
	flag.Parse()
	c, err := realcorpus.Load(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	t0 := time.Now()
	// Each post is read by a detector and a speaker model that never saw
	// its category, as the training pairs are (examples.OutOfFold).
	oof, err := examples.OutOfFold(c)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	all, err := examples.Examples(c, &oof, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	n := len(c.Posts)
	det := detect.Default()
	posts := make([]engine.Post, n)
	var newest time.Time
	for i, p := range c.Posts {
		posts[i] = p.Engine()
		if posts[i].PublishedAt.After(newest) {
			newest = posts[i].PublishedAt
		}
	}
	test := examples.Readings{Live: slices.Clone(oof.Live), Speaker: slices.Clone(oof.Speaker)}
	for i, p := range c.Posts {
		if strings.Contains(*oracle, "speaker") {
			test.Speaker[i] = speaker.Reading{Role: speaker.Role(p.AuthorRole), RoleProb: 0.95, Stage: speaker.Stage(p.Stage), StageProb: 0.95}
		}
		if strings.Contains(*oracle, "live") {
			r := &test.Live[i]
			r.Live.Intent, r.Live.SignalType, r.Kind, r.IntentProb = p.Intent, engine.SignalType(p.SignalType), engine.SignalType(p.SignalType), 0.05
			r.Live.Strength = 0
			if p.Intent {
				r.IntentProb, r.Live.Strength = 0.95, 0.95
			}
		}
	}
	readLive, readSpeaker := test.ByText(c)
	opt := pipeline.Options{Now: func() time.Time { return newest }, Speaker: readSpeaker, ReadLive: readLive}
	fmt.Fprintf(os.Stderr, "%d pairs read in %s\n", len(all), time.Since(t0).Round(time.Millisecond))
	rel := c.Relevant()
	var poolOut *json.Encoder
	if *pool != "" {
		f, err := os.Create(*pool)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		defer f.Close()
		poolOut = json.NewEncoder(f)
	}
	var sp, sk, sr, spp, spm float64
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
		model, err := icp.Train(train, icp.TrainOptions{Seed: *seed, Bag: *bag, Logistic: *logistic, Trees: *trees, Depth: *depth, Epochs: *epochs, Folds: *folds, Beta: *beta})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		model.Veto = *veto
		if *veto == 0 {
			shipped, err := icp.DefaultModel()
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			model.Veto = shipped.Veto
		}
		if model.Stance, err = examples.Stance(c, &oof, func(cat string) bool { return cat == row.ID }); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		// The search's scoring path: relevance, the speaker rules, the fit,
		// the signal threshold, ranked by score.
		m := icp.CompileWith(row.ICP, model)
		kept, _ := pipeline.ScoreCounted(posts, m, det, opt)
		slices.SortStableFunc(kept, func(a, b pipeline.Scored) int {
			if a.Score != b.Score {
				return b.Score - a.Score
			}
			switch {
			case a.Relevance.Score > b.Relevance.Score:
				return -1
			case a.Relevance.Score < b.Relevance.Score:
				return 1
			}
			return 0
		})
		var tp, fp, top int
		isKept := map[string]bool{}
		for k, s := range kept {
			isKept[s.Post.ID] = true
			if rel[row.ID][s.Post.ID] {
				tp++
				if k < 10 {
					top++
				}
			} else {
				fp++
			}
		}
		// The same leads ranked by the relevance model's probability alone,
		// and by 0.6 × probability + 0.4 × the lead's strength (the score
		// with the fit read as the probability, the strength not decayed by
		// age): how much the fit's other criteria cost the top of the list.
		p10prob := precisionAt10(kept, rel[row.ID], func(s pipeline.Scored) float64 { return s.Relevance.Score })
		p10mix := precisionAt10(kept, rel[row.ID], func(s pipeline.Scored) float64 { return 0.6*s.Relevance.Score + 0.4*s.Detection.Strength })
		pos := len(rel[row.ID])
		prec, rec := float64(tp)/max(1, float64(tp+fp)), float64(tp)/max(1, float64(pos))
		p10 := float64(top) / float64(max(1, min(10, len(kept))))
		fmt.Printf("%-16s thr %.2f p@10 %.2f precision %.2f recall %.2f (tp %d fp %d relevant %d) p@10 by probability %.2f\n", row.ID, model.Threshold, p10, prec, rec, tp, fp, pos, p10prob)
		sp, sk, sr, cnt = sp+p10, sk+prec, sr+rec, cnt+1
		spp, spm = spp+p10prob, spm+p10mix
		if poolOut != nil {
			for i, p := range c.Posts {
				if p.Category == row.ID || rel[row.ID][p.ID] {
					continue
				}
				sub, _, _ := pipeline.ReadFrom(&posts[i], oof.Live[i])
				sub.Speaker = oof.Speaker[i]
				r, _, _ := m.Judge(sub)
				if r.Score < *poolMin && !isKept[p.ID] {
					continue
				}
				if err := poolOut.Encode(map[string]any{"icp": row.ID, "post": p.ID, "category": p.Category, "score": r.Score, "kept": isKept[p.ID]}); err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
			}
		}
		if *dump {
			// Misses and wrong leads, with the relevance model's
			// probability (read again, for this list only).
			for i, p := range c.Posts {
				y := rel[row.ID][p.ID]
				if y == isKept[p.ID] {
					continue
				}
				sub, _, _ := pipeline.ReadFrom(&posts[i], oof.Live[i])
				sub.Speaker = oof.Speaker[i]
				r, ok, _ := m.Judge(sub)
				kind := "MISS below threshold or excluded"
				switch {
				case isKept[p.ID]:
					kind = "WRONG"
				case !ok:
					kind = "MISS not relevant"
				}
				fmt.Printf("  %s %.2f %s [%s %s %s/%s] %s\n", kind, r.Score, p.ID, p.Category, p.Platform, p.AuthorRole, p.Stage, clip(p.Title+" :: "+p.Text, 150))
			}
		}
	}
	fmt.Printf("macro (%d) p@10 %.3f precision %.3f recall %.3f; p@10 ranked by probability %.3f, by 0.6 × probability + 0.4 × strength %.3f\n", cnt, sp/float64(cnt), sk/float64(cnt), sr/float64(cnt), spp/float64(cnt), spm/float64(cnt))
}

// precisionAt10 is the share of relevant leads among the first ten of
// kept ranked by key (best first; ties by score).
func precisionAt10(kept []pipeline.Scored, relevant map[string]bool, key func(pipeline.Scored) float64) float64 {
	ranked := slices.Clone(kept)
	slices.SortStableFunc(ranked, func(a, b pipeline.Scored) int {
		if c := cmp.Compare(key(b), key(a)); c != 0 {
			return c
		}
		return b.Score - a.Score
	})
	hits := 0
	for _, s := range ranked[:min(10, len(ranked))] {
		if relevant[s.Post.ID] {
			hits++
		}
	}
	return float64(hits) / float64(max(1, min(10, len(kept))))
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n]
	}
	return s
}
