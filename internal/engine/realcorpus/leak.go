package realcorpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

// Window is how many normalised characters of an evaluation post's text
// count as a copy of it.
const Window = 80

// EvalIndex holds the posts of the evaluation sets kept outside the
// repository (the shared folder's eval/): their URLs and every Window
// characters of their texts that start on a word, so that any copied
// passage of about 100 characters or more is found.
type EvalIndex struct {
	urls    map[string]bool
	windows map[string]bool
	// whole holds the normalised texts shorter than Window (a headline, a
	// tweet), which no window covers: Same finds them.
	whole map[string]bool
}

var urlRe = regexp.MustCompile(`https?://[^\s"'|)<>\]\\]+`)

// ReadEvalIndex reads every posts file of dir (eval/*.jsonl and
// eval/*/posts.jsonl of the shared folder).
func ReadEvalIndex(dir string) (*EvalIndex, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	more, _ := filepath.Glob(filepath.Join(dir, "*", "posts.jsonl"))
	files = append(files, more...)
	if len(files) == 0 {
		return nil, fmt.Errorf("no evaluation set under %s", dir)
	}
	ix := &EvalIndex{urls: map[string]bool{}, windows: map[string]bool{}, whole: map[string]bool{}}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for n, line := range bytes.Split(b, []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			var p struct{ URL, Text, Origin string }
			if err := json.Unmarshal(line, &p); err != nil {
				return nil, fmt.Errorf("%s:%d: %w", f, n+1, err)
			}
			for _, u := range append(urlRe.FindAllString(p.Origin, -1), p.URL) {
				if u = bareURL(u); len(u) > 12 {
					ix.urls[u] = true
				}
			}
			t := normal(p.Text)
			if len(t) < Window {
				ix.whole[t] = true
			}
			for i := 0; i+Window <= len(t); i++ {
				if i == 0 || t[i-1] == ' ' {
					ix.windows[t[i:i+Window]] = true
				}
			}
		}
	}
	if len(ix.urls) == 0 || len(ix.windows) == 0 {
		return nil, fmt.Errorf("read no URL or text from %s", dir)
	}
	return ix, nil
}

// bareURL is u without its scheme, and trailing slash or punctuation.
func bareURL(u string) string {
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	return strings.TrimRight(u, "/.,;")
}

// Find returns what of s comes from an evaluation post: the URLs it names
// (whole URLs, with or without their #fragment) and the first copied
// passage.
func (ix *EvalIndex) Find(s string) []string {
	var out []string
	for _, u := range urlRe.FindAllString(s, -1) {
		for _, c := range []string{u, strings.SplitN(u, "#", 2)[0]} {
			if c = bareURL(c); ix.urls[c] {
				out = append(out, "url "+c)
				break
			}
		}
	}
	t := normal(s)
	for i := 0; i+Window <= len(t); i++ {
		if (i == 0 || t[i-1] == ' ') && ix.windows[t[i:i+Window]] {
			out = append(out, fmt.Sprintf("text %q", t[i:i+Window]))
			break
		}
	}
	return out
}

// Same reports whether one of texts, normalised, is the whole text of a
// short evaluation post (one shorter than Window, which Find's windows do
// not cover): a headline corpus checks each post's title, text and both
// together with it.
func (ix *EvalIndex) Same(texts ...string) bool {
	for _, t := range texts {
		if n := normal(t); n != "" && ix.whole[n] {
			return true
		}
	}
	return false
}

// normal lower-cases s and keeps its letters and digits, one space between
// words, so a text is found whatever its line breaks, quoting or JSON
// escapes.
func normal(s string) string {
	s = strings.NewReplacer(`\n`, " ", `\t`, " ", `\r`, " ", `\"`, `"`, `\u0026`, "&", `\u003c`, "<", `\u003e`, ">").Replace(s)
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			space = false
		} else if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	return b.String()
}
