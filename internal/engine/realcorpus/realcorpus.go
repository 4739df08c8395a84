// Package realcorpus loads the real-post training corpus of issue 30:
// real public posts of software and B2B categories (none of the categories
// kept for measuring), each labelled per (ICP, post) by the rule of
// docs/labelling.md, with one ICP per category written as that category's
// vendor would. The copy in testdata/ is assembled from the collectors'
// staging folders by ./assemble; its README has the counts.
//
// Load checks every line: a malformed line, an unknown field, a post over
// MaxText characters, a duplicate id or pair, or a label naming a missing
// post or ICP fails with the file and line named.
package realcorpus

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// MaxText is the longest excerpt a post may hold, in characters.
const MaxText = 1500

// ICPRow is one line of icps.jsonl: a category's vendor ICP.
type ICPRow struct {
	ID   string     `json:"id"`
	Name string     `json:"name"`
	ICP  engine.ICP `json:"icp"`
}

// Post is one line of posts.jsonl: a real public post with what it is
// (its category, the detector's label, who speaks and the move's stage).
type Post struct {
	ID         string `json:"id"`
	Source     string `json:"source"`
	Platform   string `json:"platform"`
	URL        string `json:"url"`
	Author     string `json:"author"`
	Title      string `json:"title"`
	Text       string `json:"text"`
	Origin     string `json:"origin"`
	Published  string `json:"published"`
	Category   string `json:"category"`
	SignalType string `json:"signal_type"`
	Intent     bool   `json:"intent"`
	AuthorRole string `json:"author_role"`
	Stage      string `json:"stage"`
}

// Label is one line of labels.jsonl: a relevant (ICP, post) pair; every
// pair not listed is not relevant.
type Label struct {
	ICP        string `json:"icp"`
	Post       string `json:"post"`
	SignalType string `json:"signal_type"`
	Why        string `json:"why"`
}

// Corpus is a loaded folder.
type Corpus struct {
	ICPs   []ICPRow
	Posts  []Post
	Labels []Label
	// Speaker are the posts of speaker.jsonl (optional): real posts of
	// categories without an ICP here, labelled for who speaks, the stage
	// and the signal, that train the speaker model only.
	Speaker []Post
}

// Engine returns the post as the engine reads it.
func (p Post) Engine() engine.Post {
	e := engine.Post{ID: p.ID, Source: p.Source, Platform: p.Platform, URL: p.URL, Author: p.Author, Title: p.Title, Text: p.Text}
	if t, err := time.Parse(time.DateOnly, p.Published); err == nil {
		e.PublishedAt = t.UTC()
	}
	return e
}

// Relevant returns the labelled pairs as icp -> post -> true.
func (c *Corpus) Relevant() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, l := range c.Labels {
		if out[l.ICP] == nil {
			out[l.ICP] = map[string]bool{}
		}
		out[l.ICP][l.Post] = true
	}
	return out
}

var (
	signalTypes = set("competitor_engagement", "tech_research", "hiring_activity", "job_change", "funding_event", "none")
	roles       = set("buyer", "vendor", "publisher", "vendor_recruiter", "job_seeker", "other")
	stages      = set("live", "finished", "declined", "none")
)

func set(xs ...string) map[string]bool {
	m := map[string]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// Load reads icps.jsonl, posts.jsonl and labels.jsonl of dir, and
// speaker.jsonl when there is one.
func Load(dir string) (*Corpus, error) {
	c := &Corpus{}
	icps := map[string]bool{}
	err := readLines(filepath.Join(dir, "icps.jsonl"), func(b []byte) error {
		var r ICPRow
		if err := strict(b, &r); err != nil {
			return err
		}
		switch {
		case strings.TrimSpace(r.ID) == "":
			return errors.New("id is required")
		case icps[r.ID]:
			return fmt.Errorf("duplicate ICP id %q", r.ID)
		}
		icps[r.ID] = true
		c.ICPs = append(c.ICPs, r)
		return nil
	})
	if err != nil {
		return nil, err
	}
	posts := map[string]bool{}
	err = readLines(filepath.Join(dir, "posts.jsonl"), func(b []byte) error {
		p, err := readPost(b, posts)
		if err != nil {
			return err
		}
		if !icps[p.Category] {
			return fmt.Errorf("post %s: category %q has no ICP in icps.jsonl", p.ID, p.Category)
		}
		c.Posts = append(c.Posts, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	pairs := map[[2]string]bool{}
	err = readLines(filepath.Join(dir, "labels.jsonl"), func(b []byte) error {
		var l Label
		if err := strict(b, &l); err != nil {
			return err
		}
		k := [2]string{l.ICP, l.Post}
		switch {
		case !icps[l.ICP]:
			return fmt.Errorf("label names ICP %q, which is not in icps.jsonl", l.ICP)
		case !posts[l.Post]:
			return fmt.Errorf("label names post %q, which is not in posts.jsonl", l.Post)
		case pairs[k]:
			return fmt.Errorf("duplicate pair (%s, %s)", l.ICP, l.Post)
		case !signalTypes[l.SignalType] || l.SignalType == "none":
			return fmt.Errorf("label (%s, %s): signal_type %q is not a signal", l.ICP, l.Post, l.SignalType)
		}
		pairs[k] = true
		c.Labels = append(c.Labels, l)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// speaker.jsonl (optional, read after the labels, which may not name
	// its posts): posts labelled for who speaks, the stage and the signal
	// only. Their categories have no ICP here, so no
	// (ICP, post) pair is read from them.
	err = readLines(filepath.Join(dir, "speaker.jsonl"), func(b []byte) error {
		p, err := readPost(b, posts)
		if err != nil {
			return err
		}
		switch {
		case strings.TrimSpace(p.Category) == "":
			return fmt.Errorf("post %s: category is required", p.ID)
		case icps[p.Category]:
			return fmt.Errorf("post %s: category %q has an ICP: its posts belong in posts.jsonl, labelled for it", p.ID, p.Category)
		}
		c.Speaker = append(c.Speaker, p)
		return nil
	})
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return c, nil
}

// readPost decodes and checks one post line; posts holds the ids read so
// far (the new one is added).
func readPost(b []byte, posts map[string]bool) (Post, error) {
	var p Post
	if err := strict(b, &p); err != nil {
		return p, err
	}
	switch {
	case strings.TrimSpace(p.ID) == "":
		return p, errors.New("id is required")
	case posts[p.ID]:
		return p, fmt.Errorf("duplicate post id %q", p.ID)
	case strings.TrimSpace(p.Text) == "":
		return p, fmt.Errorf("post %s: text is required", p.ID)
	case utf8.RuneCountInString(p.Text) > MaxText:
		return p, fmt.Errorf("post %s: text is %d characters, over the limit of %d", p.ID, utf8.RuneCountInString(p.Text), MaxText)
	case !signalTypes[p.SignalType]:
		return p, fmt.Errorf("post %s: unknown signal_type %q", p.ID, p.SignalType)
	case p.Intent && p.SignalType == "none":
		return p, fmt.Errorf("post %s: intent with signal_type none", p.ID)
	case !roles[p.AuthorRole]:
		return p, fmt.Errorf("post %s: unknown author_role %q", p.ID, p.AuthorRole)
	case !stages[p.Stage]:
		return p, fmt.Errorf("post %s: unknown stage %q", p.ID, p.Stage)
	}
	if p.Published != "" {
		if _, err := time.Parse(time.DateOnly, p.Published); err != nil {
			return p, fmt.Errorf("post %s: published %q is not YYYY-MM-DD", p.ID, p.Published)
		}
	}
	posts[p.ID] = true
	return p, nil
}

// strict decodes one JSON value, refusing unknown fields and trailing data.
func strict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("malformed line: %w", err)
	}
	if dec.More() {
		return errors.New("malformed line: more than one JSON value")
	}
	return nil
}

// readLines calls fn with every non-blank line of path; an error names the
// file and line.
func readLines(path string, fn func(b []byte) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		if err := fn(b); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
