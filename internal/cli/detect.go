package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
	"github.com/signalpipe/signalpipe/internal/engine/labelled"
	"github.com/signalpipe/signalpipe/internal/engine/pipeline"
	"github.com/signalpipe/signalpipe/internal/search/llm"
	"github.com/signalpipe/signalpipe/internal/search/sources"
)

// detectLine is one input line of `signalpipe detect`.
type detectLine struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	Text   string `json:"text"`
	Source string `json:"source"`
}

// detectResult is one output line of `signalpipe detect`.
type detectResult struct {
	ID         string            `json:"id"`
	SignalType engine.SignalType `json:"signal_type"`
	Intent     bool              `json:"intent"`
	Strength   float64           `json:"strength"`
	Cues       []string          `json:"cues"`
}

// runDetect reads JSON Lines posts on stdin and writes one detection per
// post on stdout, in input order.
func runDetect(_ context.Context, env *runEnv) error {
	det := detect.Default()
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 0, 64<<10), 8<<20)
	w := bufio.NewWriter(env.stdout)
	enc := json.NewEncoder(w)
	failed := 0
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var in detectLine
		if err := json.Unmarshal([]byte(line), &in); err != nil {
			// Name the line and go on; the exit status says some failed.
			failed++
			w.Flush()
			fmt.Fprintf(env.stderr, "signalpipe detect: stdin line %d: %v\n", n, err)
			continue
		}
		d := det.DetectText(in.Title, in.Text)
		if d.Cues == nil {
			d.Cues = []string{}
		}
		if err := enc.Encode(detectResult{ID: in.ID, SignalType: d.SignalType, Intent: d.Intent, Strength: d.Strength, Cues: d.Cues}); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		return fmt.Errorf("read stdin: %w", err)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if failed > 0 {
		return fmt.Errorf("detect: %d malformed lines (named above)", failed)
	}
	return nil
}

type evalArgs struct {
	file  string
	split string
	rows  string // "", "written" or "real-shaped" (labelled.RealShaped)
	llm   bool   // also score the model at LLM_BASE_URL
}

const evalUsage = "usage: signalpipe eval FILE [--split train|test] [--rows written|real-shaped] [--llm] (FILE: JSON Lines with id, title, text, source, signal_type, intent; - for stdin; --rows keeps the labelled set's written rows or its real-shaped ones, from L2773 on; --llm also scores the model at LLM_BASE_URL, alone and as the detector's reviewer)"

// evalFlags declares eval's flags: --split, --rows and --llm.
func evalFlags(fs *flag.FlagSet) func(string) (any, error) {
	var a evalArgs
	fs.StringVar(&a.split, "split", "", "keep the posts of this split: `train|test` (default: all)")
	fs.StringVar(&a.rows, "rows", "", "keep the labelled set's `written|real-shaped` rows (real-shaped: from L2773 on; default: all)")
	fs.BoolVar(&a.llm, "llm", false, "also score the model at LLM_BASE_URL, alone and as the detector's reviewer")
	return func(file string) (any, error) {
		if file == "" {
			return nil, errors.New(evalUsage)
		}
		if a.split != "" && a.split != "train" && a.split != "test" {
			return nil, errors.New("--split must be train or test")
		}
		if a.rows != "" && a.rows != "written" && a.rows != "real-shaped" {
			return nil, errors.New("--rows must be written or real-shaped")
		}
		a.file = file
		return a, nil
	}
}

// runEval scores the detector and the keyword baseline on a labelled file;
// with --llm, also the model at LLM_BASE_URL, alone and reviewing the
// detector's live calls as a search's best leads are reviewed.
func runEval(ctx context.Context, env *runEnv) error {
	a := env.args.(evalArgs)
	r := stdin
	if a.file != "-" {
		f, err := os.Open(a.file)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	ex, err := evaluate.Read(r)
	if err != nil {
		return fmt.Errorf("%s: %w", a.file, err)
	}
	kept := ex[:0]
	for _, e := range ex {
		if (a.split == "" || e.Split == a.split) && (a.rows == "" || labelled.RealShaped(e) == (a.rows == "real-shaped")) {
			kept = append(kept, e)
		}
	}
	ex = kept
	if len(ex) == 0 {
		return fmt.Errorf("%s: no labelled posts", a.file)
	}
	var model []engine.Detection
	if a.llm {
		if env.cfg.LLMBaseURL == "" {
			return errors.New("eval --llm: set LLM_BASE_URL (and LLM_API_KEY, LLM_MODEL) to the model to score")
		}
		c := sources.LLM(env.cfg)
		if model, err = modelReadings(ctx, c, ex); err != nil {
			return fmt.Errorf("eval --llm: %w", err)
		}
	}
	det := detect.Default()
	dets := make([]engine.Detection, len(ex))
	for i, e := range ex {
		dets[i] = det.DetectText(e.Title, e.Text)
	}
	evaluate.Replay(ex, dets).Write(env.stdout, "detector")
	fmt.Fprintln(env.stdout)
	evaluate.Reliable(ex, dets).Write(env.stdout, "detector")
	fmt.Fprintln(env.stdout)
	evaluate.Run(ex, evaluate.Baseline).Write(env.stdout, "keyword baseline")
	if model != nil {
		fmt.Fprintln(env.stdout)
		evaluate.Replay(ex, model).Write(env.stdout, "model "+env.cfg.LLMModel+" alone")
		reviewed := make([]engine.Detection, len(ex))
		for i, e := range ex {
			if reviewed[i] = det.DetectText(e.Title, e.Text); reviewed[i].Intent {
				reviewed[i] = model[i]
			}
		}
		fmt.Fprintln(env.stdout)
		evaluate.Replay(ex, reviewed).Write(env.stdout, "detector, live calls reviewed by model "+env.cfg.LLMModel)
	}
	return nil
}

// evalRetryWait is the wait before a failed batch is asked again (twice
// as long the second time).
var evalRetryWait = 2 * time.Second

// modelReadings has the model label every post, pipeline.ReviewBatch at a
// time and three requests at once, each batch tried up to three times:
// an evaluation with holes would mislead, so one batch failing three
// times fails it.
func modelReadings(ctx context.Context, c *llm.Client, ex []evaluate.Example) ([]engine.Detection, error) {
	out := make([]engine.Detection, len(ex))
	errs := make([]error, (len(ex)+pipeline.ReviewBatch-1)/pipeline.ReviewBatch)
	var wg sync.WaitGroup
	slots := make(chan struct{}, 3)
	for b := range errs {
		lo, hi := b*pipeline.ReviewBatch, min((b+1)*pipeline.ReviewBatch, len(ex))
		posts := make([]engine.Post, 0, hi-lo)
		for _, e := range ex[lo:hi] {
			posts = append(posts, engine.Post{ID: e.ID, Title: e.Title, Text: e.Text, Source: e.Source})
		}
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			for try := 0; ; try++ {
				dets, err := c.Review(ctx, posts)
				if err == nil {
					copy(out[lo:hi], dets)
					return
				}
				if try == 2 || ctx.Err() != nil {
					errs[b] = fmt.Errorf("posts %s to %s: %w", ex[lo].ID, ex[hi-1].ID, err)
					return
				}
				time.Sleep(evalRetryWait << try)
			}
		})
	}
	wg.Wait()
	return out, errors.Join(errs...)
}
