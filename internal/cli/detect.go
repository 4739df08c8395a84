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
}

// parseEvalArgs reads `FILE [--split NAME]`; other flags are configuration.
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
		case !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-"):
			rest = append(rest, arg, args[i+1])
			i++
		default:
			rest = append(rest, arg)
		}
	}
	if a.file == "" {
		return nil, nil, errors.New("usage: signalpipe eval FILE [--split train|test] (FILE: JSON Lines with id, title, text, source, signal_type, intent; - for stdin)")
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
	if a.split != "" {
		kept := ex[:0]
		for _, e := range ex {
			if e.Split == a.split {
				kept = append(kept, e)
			}
		}
		ex = kept
	}
	if len(ex) == 0 {
		return fmt.Errorf("%s: no labelled posts", a.file)
	}
	evaluate.Run(ex, detect.Default().DetectText).Write(env.stdout, "detector")
	fmt.Fprintln(env.stdout)
	evaluate.Run(ex, evaluate.Baseline).Write(env.stdout, "keyword baseline")
	return nil
}
