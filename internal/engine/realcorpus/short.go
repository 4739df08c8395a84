package realcorpus

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// ShortPost is one real short public post of the detector's headline
// corpus (internal/engine/detect/train/testdata/realshort): a Hacker News
// title, a news headline with its summary or a tweet, verbatim, labelled
// by signal type and intent (docs/labelling.md) but not per ICP.
type ShortPost struct {
	ID         string `json:"id"`
	Source     string `json:"source"`
	URL        string `json:"url"`
	Origin     string `json:"origin"`
	Published  string `json:"published"`
	Title      string `json:"title"`
	Text       string `json:"text"`
	SignalType string `json:"signal_type"`
	Intent     bool   `json:"intent"`
	Why        string `json:"why"`
}

// LoadShort reads a headline corpus file. A malformed line, an unknown
// field, a duplicate id, an empty or over-long text, an unknown signal
// type, intent on "none" or a post without its origin fails with the file
// and line named.
func LoadShort(path string) ([]ShortPost, error) {
	var out []ShortPost
	seen := map[string]bool{}
	err := readLines(path, func(b []byte) error {
		var p ShortPost
		if err := strict(b, &p); err != nil {
			return err
		}
		switch {
		case strings.TrimSpace(p.ID) == "":
			return errors.New("id is required")
		case seen[p.ID]:
			return fmt.Errorf("duplicate post id %q", p.ID)
		case strings.TrimSpace(p.Text) == "":
			return fmt.Errorf("post %s: text is required", p.ID)
		case utf8.RuneCountInString(p.Title)+utf8.RuneCountInString(p.Text) > MaxText:
			return fmt.Errorf("post %s: title and text are %d characters, over the limit of %d", p.ID,
				utf8.RuneCountInString(p.Title)+utf8.RuneCountInString(p.Text), MaxText)
		case strings.TrimSpace(p.Origin) == "":
			return fmt.Errorf("post %s: origin is required", p.ID)
		case !signalTypes[p.SignalType]:
			return fmt.Errorf("post %s: unknown signal_type %q", p.ID, p.SignalType)
		case p.Intent && p.SignalType == "none":
			return fmt.Errorf("post %s: intent true with signal_type none", p.ID)
		}
		seen[p.ID] = true
		out = append(out, p)
		return nil
	})
	return out, err
}

// ShortCountsTable is the markdown table of a headline corpus: per source
// its posts, and per signal type how many have intent and how many not.
func ShortCountsTable(posts []ShortPost) string {
	type key struct{ source, typ string }
	n := map[key][2]int{}
	var sources []string
	for _, p := range posts {
		for _, s := range []string{p.Source, "**total**"} {
			if !slices.Contains(sources, s) {
				sources = append(sources, s)
			}
			c := n[key{s, p.SignalType}]
			if p.Intent {
				c[0]++
			} else {
				c[1]++
			}
			n[key{s, p.SignalType}] = c
		}
	}
	slices.SortFunc(sources, func(a, b string) int {
		switch {
		case a == b:
			return 0
		case a == "**total**":
			return 1
		case b == "**total**":
			return -1
		}
		return strings.Compare(a, b)
	})
	var b strings.Builder
	b.WriteString("| source | posts | none |")
	for _, t := range signalColumns {
		fmt.Fprintf(&b, " %s (intent / not) |", t)
	}
	b.WriteString("\n| --- | ---: | ---: |" + strings.Repeat(" ---: |", len(signalColumns)) + "\n")
	for _, s := range sources {
		total := 0
		for k, c := range n {
			if k.source == s {
				total += c[0] + c[1]
			}
		}
		fmt.Fprintf(&b, "| %s | %d | %d |", s, total, n[key{s, "none"}][1])
		for _, t := range signalColumns {
			c := n[key{s, t}]
			fmt.Fprintf(&b, " %d / %d |", c[0], c[1])
		}
		b.WriteString("\n")
	}
	return b.String()
}
