package main

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
	"github.com/signalpipe/signalpipe/internal/engine/speaker"
)

// loadCorpus reads the training posts of the real-post corpus, those
// labelled only for the speaker (speaker.jsonl) included
// (realcorpus.Load checks every line and names the file and line of a
// fault). A post without an author role or stage is an error.
func loadCorpus(dir string) ([]speaker.Sample, error) {
	c, err := realcorpus.Load(dir)
	if err != nil {
		return nil, err
	}
	out := make([]speaker.Sample, 0, len(c.Posts)+len(c.Speaker))
	for _, p := range append(slices.Clone(c.Posts), c.Speaker...) {
		if p.Category == "" || p.AuthorRole == "" || p.Stage == "" {
			return nil, fmt.Errorf("%s: post %s: category, author_role and stage are required", dir, p.ID)
		}
		out = append(out, speaker.Sample{ID: p.ID, Group: p.Category, Title: p.Title, Text: p.Text,
			Role: speaker.Role(p.AuthorRole), Stage: speaker.Stage(p.Stage)})
	}
	return out, nil
}

// loadWritten reads the written rows (testdata/written.jsonl): short posts
// written for the rare roles and stages (job seekers, recruiters for a
// vendor, declined and finished moves), each a made-up post, not a
// paraphrase of a real one. Cross-validation decides whether they join
// the fit; they are never scored.
func loadWritten(path string) ([]speaker.Sample, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []speaker.Sample
	for n, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var p struct {
			ID, Title, Text string
			AuthorRole      string `json:"author_role"`
			Stage           string `json:"stage"`
		}
		if err := json.Unmarshal([]byte(line), &p); err != nil || p.ID == "" || p.Text == "" {
			return nil, fmt.Errorf("%s line %d: malformed row", path, n+1)
		}
		out = append(out, speaker.Sample{ID: p.ID, Group: "written", Title: p.Title, Text: p.Text, Role: speaker.Role(p.AuthorRole), Stage: speaker.Stage(p.Stage)})
	}
	return out, nil
}
