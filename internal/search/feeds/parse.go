package feeds

import (
	"bytes"
	"errors"
	"html"
	"regexp"
	"strings"
	"time"

	"github.com/mmcdole/gofeed"
)

// entry is an RSS item or an Atom entry, reduced to what a post needs.
type entry struct {
	ID, Link, Title, Body string
	// Author is the author's name; Email their address when the feed gives
	// one (RSS's "dana@finops.example (Dana Kim)", Atom's <email>).
	Author, Email string
	Published     time.Time
}

// parse reads an RSS (0.9x, 1.0 RDF, 2.0) or Atom document with gofeed,
// which handles what a hand-written parser kept getting wrong: the many
// date layouts feeds use, encodings other than UTF-8 (from the XML
// declaration), RSS 1.0, Atom's xhtml content and RSS authors written as
// "email (name)".
func parse(body []byte) ([]entry, error) {
	switch gofeed.DetectFeedType(bytes.NewReader(body)) {
	case gofeed.FeedTypeRSS, gofeed.FeedTypeAtom:
	default:
		return nil, errors.New("not an RSS or Atom document")
	}
	f, err := gofeed.NewParser().Parse(bytes.NewReader(body))
	if err != nil {
		return nil, errors.New("malformed feed: " + firstLine(err.Error()))
	}
	out := make([]entry, 0, len(f.Items))
	for _, it := range f.Items {
		e := entry{ID: it.GUID, Link: strings.TrimSpace(it.Link), Title: it.Title, Body: first(it.Content, it.Description)}
		if e.Link == "" && len(it.Links) > 0 {
			e.Link = strings.TrimSpace(it.Links[0])
		}
		e.Author, e.Email = author(it)
		switch {
		case it.PublishedParsed != nil:
			e.Published = it.PublishedParsed.UTC()
		case it.UpdatedParsed != nil:
			e.Published = it.UpdatedParsed.UTC()
		}
		out = append(out, e)
	}
	return out, nil
}

// author is the item's first author's name and email; a feed naming only an
// address gives that address's part before the @ as the name.
func author(it *gofeed.Item) (name, email string) {
	for _, p := range it.Authors {
		if p == nil {
			continue
		}
		name, email = strings.TrimSpace(plain(p.Name)), strings.TrimSpace(p.Email)
		if email == "" && strings.Contains(name, "@") && !strings.ContainsAny(name, " \t") {
			name, email = "", name // an address alone
		}
		if name == "" && email != "" {
			name, _, _ = strings.Cut(email, "@")
		}
		if name != "" {
			return name, email
		}
	}
	if it.DublinCoreExt != nil && len(it.DublinCoreExt.Creator) > 0 {
		return plain(it.DublinCoreExt.Creator[0]), ""
	}
	return "", ""
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 120 {
		s = s[:120]
	}
	return s
}

var tags = regexp.MustCompile(`<[^>]*>`)

// plain turns an entry's HTML (escaped or in CDATA) into text.
func plain(s string) string {
	s = html.UnescapeString(s) // escaped HTML becomes markup, then is stripped
	s = strings.NewReplacer("<p>", "\n\n", "<br>", "\n", "<br/>", "\n", "<br />", "\n").Replace(s)
	s = html.UnescapeString(tags.ReplaceAllString(s, " "))
	return strings.TrimSpace(s)
}
