package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/detect"
	"github.com/signalpipe/signalpipe/internal/engine/evaluate"
	"github.com/signalpipe/signalpipe/internal/engine/labelled"
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
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var in detectLine
		if err := json.Unmarshal([]byte(line), &in); err != nil {
			w.Flush()
			return fmt.Errorf("stdin line %d: %w", n, err)
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
	return w.Flush()
}

type evalArgs struct {
	file  string
	split string
	rows  string // "", "written" or "real-shaped" (labelled.RealShaped)
}

const evalUsage = "usage: signalpipe eval FILE [--split train|test] [--rows written|real-shaped] (FILE: JSON Lines with id, title, text, source, signal_type, intent; - for stdin; --rows keeps the labelled set's written rows or its real-shaped ones, from L2773 on)"

// parseEvalArgs reads `FILE [--split NAME] [--rows written|real-shaped]`;
// other flags are configuration.
func parseEvalArgs(args []string) (any, []string, error) {
	var a evalArgs
	var rest []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		switch {
		case !strings.HasPrefix(arg, "-") || arg == "-":
			if a.file != "" {
				return nil, nil, fmt.Errorf("unexpected argument %q", arg)
			}
			a.file = arg
		case name == "split" && hasValue:
			a.split = value
		case name == "split" && i+1 < len(args):
			a.split = args[i+1]
			i++
		case name == "rows" && hasValue:
			a.rows = value
		case name == "rows" && i+1 < len(args):
			a.rows = args[i+1]
			i++
		case !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-"):
			rest = append(rest, arg, args[i+1])
			i++
		default:
			rest = append(rest, arg)
		}
	}
	if a.file == "" {
		return nil, nil, errors.New(evalUsage)
	}
	if a.rows != "" && a.rows != "written" && a.rows != "real-shaped" {
		return nil, nil, fmt.Errorf("--rows %q: want written or real-shaped", a.rows)
	}
	return a, rest, nil
}

// runEval scores the detector and the keyword baseline on a labelled file.
func runEval(_ context.Context, env *runEnv) error {
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
	evaluate.Run(ex, detect.Default().DetectText).Write(env.stdout, "detector")
	fmt.Fprintln(env.stdout)
	evaluate.Run(ex, evaluate.Baseline).Write(env.stdout, "keyword baseline")
	return nil
}
