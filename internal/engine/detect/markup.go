package detect

import (
	"html"
	"strings"
)

// blockTags end a sentence where they open or close: a paragraph or list
// item is a unit of its own.
var blockTags = map[string]bool{"p": true, "br": true, "li": true, "div": true, "ul": true, "ol": true, "pre": true,
	"blockquote": true, "tr": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true}

// plainText decodes HTML entities and drops tags, since posts fetched
// from web APIs often carry them ("We&#x27;re hiring<p>Apply …"): left
// in, "we&#x27;re" would not read as "we are". Text without '&' or '<'
// is returned as is, without copying.
func plainText(s string) string {
	if strings.IndexByte(s, '&') < 0 && strings.IndexByte(s, '<') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		if s[i] == '<' {
			if end, name := tagAt(s, i); end > 0 {
				if blockTags[name] {
					b.WriteByte('\n')
				} else {
					b.WriteByte(' ')
				}
				i = end
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return html.UnescapeString(b.String())
}

// tagAt reports an HTML tag starting at s[i] == '<': where it ends and
// its lower-case name. A '<' that does not open a tag ("< 50 ms", "<3")
// gives end 0.
func tagAt(s string, i int) (end int, name string) {
	j := i + 1
	if j < len(s) && s[j] == '/' {
		j++
	}
	k := j
	for k < len(s) && (s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z' || k > j && s[k] >= '0' && s[k] <= '9') {
		k++
	}
	if k == j || k < len(s) && s[k] != '>' && s[k] != ' ' && s[k] != '/' {
		return 0, ""
	}
	for e := k; e < len(s) && e < i+400; e++ {
		switch s[e] {
		case '>':
			return e + 1, strings.ToLower(s[j:k])
		case '<':
			return 0, ""
		}
	}
	return 0, ""
}
