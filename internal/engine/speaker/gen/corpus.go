package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine/speaker"
)

// loadCorpus reads the training posts: dir/posts.jsonl, or for a staging
// folder dir/*/posts.jsonl in name order. A malformed line, a missing
// label or a duplicate id is an error naming the file and line.
func loadCorpus(dir string) ([]speaker.Sample, error) {
	files := []string{filepath.Join(dir, "posts.jsonl")}
	if _, err := os.Stat(files[0]); err != nil {
		files, _ = filepath.Glob(filepath.Join(dir, "*", "posts.jsonl"))
		sort.Strings(files)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no posts.jsonl", dir)
	}
	var out []speaker.Sample
	seen := map[string]bool{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" {
				continue
			}
			var p struct {
				ID, Title, Text, Category string
				AuthorRole                string `json:"author_role"`
				Stage                     string `json:"stage"`
			}
			err := json.Unmarshal([]byte(line), &p)
			if err == nil && (p.ID == "" || p.Category == "" || p.AuthorRole == "" || p.Stage == "") {
				err = fmt.Errorf("id, category, author_role and stage are required")
			}
			if err == nil && seen[p.ID] {
				err = fmt.Errorf("duplicate id %s", p.ID)
			}
			if err != nil {
				fh.Close()
				return nil, fmt.Errorf("%s line %d: %w", f, n, err)
			}
			seen[p.ID] = true
			out = append(out, speaker.Sample{ID: p.ID, Group: p.Category, Title: p.Title, Text: p.Text,
				Role: speaker.Role(p.AuthorRole), Stage: speaker.Stage(p.Stage)})
		}
		err = sc.Err()
		fh.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
	}
	return out, nil
}
