// Package docs carries the project's documents that the program itself
// reads: the labelling rule book, which is also the brief the optional
// language model reviews posts by (internal/search/llm), so labellers and
// the model follow one text.
package docs

//go:generate go run ../internal/devtools/docgen/gen ..

import (
	_ "embed"
	"strings"
)

//go:embed labelling.md
var labelling string

// Rules returns the rule book's sections that decide a post's label: the
// signal types, "A signal without intent", "none", and the cases settled
// for real-shaped rows, without the sections about the data set itself.
func Rules() string {
	var b strings.Builder
	for _, name := range []string{"The five signal types", "A signal without intent", "none"} {
		b.WriteString(section(name))
	}
	real := section("Real-shaped rows")
	if i := strings.Index(real, "\nCases "); i >= 0 {
		b.WriteString("## Settled cases\n" + real[i+1:])
	}
	return strings.TrimSpace(b.String())
}

// section is the "## name" section of the rule book, heading included, up
// to the next heading.
func section(name string) string {
	start := strings.Index(labelling, "\n## "+name+"\n")
	if start < 0 {
		return ""
	}
	rest := labelling[start+1:]
	if end := strings.Index(rest[3:], "\n## "); end >= 0 {
		rest = rest[:end+4]
	}
	return rest
}
