// Command assemble copies the collectors' staging folders of the real-post
// training corpus (one folder per collector, each with icps.jsonl,
// posts.jsonl, labels.jsonl and doubtful.md) into
// internal/engine/realcorpus/testdata/, checks the result with
// realcorpus.Load, and rewrites the counts table of its README.
//
//	go run ./internal/engine/realcorpus/assemble /work/coord/corpus
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
)

func main() {
	out := flag.String("out", "internal/engine/realcorpus/testdata", "the repository copy to write")
	shared := flag.String("shared", "../shared", "the shared folder whose eval/ posts must not enter the corpus")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: assemble [-out DIR] STAGING_DIR")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *out, filepath.Join(*shared, "eval")); err != nil {
		fmt.Fprintln(os.Stderr, "assemble:", err)
		os.Exit(1)
	}
}

func run(staging, out, eval string) error {
	ix, err := realcorpus.ReadEvalIndex(eval)
	if err != nil {
		return fmt.Errorf("%w: the corpus is checked against the evaluation sets (-shared)", err)
	}
	dirs, err := filepath.Glob(filepath.Join(staging, "*", "icps.jsonl"))
	if err != nil {
		return err
	}
	if len(dirs) == 0 {
		return fmt.Errorf("%s holds no collector folder (*/icps.jsonl)", staging)
	}
	sort.Strings(dirs)
	files := map[string]*bytes.Buffer{}
	names := []string{"icps.jsonl", "posts.jsonl", "labels.jsonl"}
	for _, n := range names {
		files[n] = &bytes.Buffer{}
	}
	var doubtful bytes.Buffer
	doubtful.WriteString("# Doubtful posts left out of the corpus\n\nPosts the collectors read and left out because the call was doubtful, with the reason.\n")
	for _, icps := range dirs {
		dir := filepath.Dir(icps)
		for _, n := range names {
			b, err := os.ReadFile(filepath.Join(dir, n))
			if err != nil && !os.IsNotExist(err) {
				return err
			}
			// Only whole lines: a collector may be writing the last one.
			if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
				b = b[:i+1]
			} else {
				b = nil
			}
			files[n].Write(b)
		}
		if b, err := os.ReadFile(filepath.Join(dir, "doubtful.md")); err == nil {
			fmt.Fprintf(&doubtful, "\n## %s\n\n", filepath.Base(dir))
			for _, l := range strings.Split(string(b), "\n") {
				if strings.HasPrefix(strings.TrimSpace(l), "- ") {
					doubtful.WriteString(l + "\n")
				}
			}
		}
	}
	// A post found in an evaluation set (its URL, or a passage of its
	// text quoted on another page) is dropped with its labels.
	dropped := map[string]bool{}
	var kept bytes.Buffer
	for _, line := range bytes.SplitAfter(files["posts.jsonl"].Bytes(), []byte("\n")) {
		var p struct{ ID string }
		if json.Unmarshal(line, &p) == nil && len(ix.Find(string(line))) > 0 {
			dropped[p.ID] = true
			fmt.Printf("dropped %s: %s\n", p.ID, strings.Join(ix.Find(string(line)), "; "))
			continue
		}
		kept.Write(line)
	}
	files["posts.jsonl"] = &kept
	var labels bytes.Buffer
	for _, line := range bytes.SplitAfter(files["labels.jsonl"].Bytes(), []byte("\n")) {
		var l struct{ Post string }
		if json.Unmarshal(line, &l) == nil && dropped[l.Post] {
			continue
		}
		labels.Write(line)
	}
	files["labels.jsonl"] = &labels
	if found := ix.Find(doubtful.String()); len(found) > 0 {
		return fmt.Errorf("doubtful.md names an evaluation post: %s", strings.Join(found, "; "))
	}
	tmp, err := os.MkdirTemp("", "realcorpus-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(tmp, n), files[n].Bytes(), 0o644); err != nil {
			return err
		}
	}
	c, err := realcorpus.Load(tmp)
	if err != nil {
		return err
	}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(out, n), files[n].Bytes(), 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(out, "doubtful.md"), doubtful.Bytes(), 0o644); err != nil {
		return err
	}
	readme, err := os.ReadFile(filepath.Join(out, "README.md"))
	if err != nil {
		return err
	}
	head, rest, ok1 := strings.Cut(string(readme), realcorpus.CountsBegin+"\n")
	_, tail, ok2 := strings.Cut(rest, realcorpus.CountsEnd)
	if !ok1 || !ok2 {
		return fmt.Errorf("%s has no counts markers", filepath.Join(out, "README.md"))
	}
	readme = []byte(head + realcorpus.CountsBegin + "\n" + realcorpus.CountsTable(c) + realcorpus.CountsEnd + tail)
	if err := os.WriteFile(filepath.Join(out, "README.md"), readme, 0o644); err != nil {
		return err
	}
	fmt.Printf("assembled %d ICPs, %d posts, %d relevant pairs into %s\n", len(c.ICPs), len(c.Posts), len(c.Labels), out)
	return nil
}
