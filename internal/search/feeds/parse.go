package feeds

import (
	"bytes"
	"encoding/xml"
	"errors"
	"html"
	"regexp"
	"strings"
	"time"
)

// entry is an RSS item or an Atom entry, reduced to what a post needs.
type entry struct {
	ID, Link, Title, Body, Author string
	Published                     time.Time
}

type rssDoc struct {
	Items []struct {
		GUID        string `xml:"guid"`
		Link        string `xml:"link"`
		Title       string `xml:"title"`
		Description string `xml:"description"`
		Content     string `xml:"http://purl.org/rss/1.0/modules/content/ encoded"`
		Author      string `xml:"author"`
		Creator     string `xml:"http://purl.org/dc/elements/1.1/ creator"`
		PubDate     string `xml:"pubDate"`
	} `xml:"channel>item"`
}

type atomDoc struct {
	Entries []struct {
		ID    string `xml:"id"`
		Title string `xml:"title"`
		Links []struct {
			Href string `xml:"href,attr"`
			Rel  string `xml:"rel,attr"`
		} `xml:"link"`
		Summary   string `xml:"summary"`
		Content   string `xml:"content"`
		Author    string `xml:"author>name"`
		Published string `xml:"published"`
		Updated   string `xml:"updated"`
	} `xml:"entry"`
}

// parse reads an RSS 2.0 or Atom document.
func parse(body []byte) ([]entry, error) {
	var root struct{ XMLName xml.Name }
	dec := xml.NewDecoder(bytes.NewReader(body))
	dec.Strict = false
	if err := dec.Decode(&root); err != nil {
		return nil, errors.New("not an RSS or Atom document")
	}
	switch root.XMLName.Local {
	case "rss":
		return parseRSS(body)
	case "feed":
		return parseAtom(body)
	}
	return nil, errors.New("not an RSS or Atom document")
}

func decode(body []byte, v any) error {
	dec := xml.NewDecoder(bytes.NewReader(body))
	dec.Strict = false
	return dec.Decode(v)
}

func parseRSS(body []byte) ([]entry, error) {
	var doc rssDoc
	if err := decode(body, &doc); err != nil {
		return nil, errors.New("malformed RSS")
	}
	out := make([]entry, 0, len(doc.Items))
	for _, it := range doc.Items {
		out = append(out, entry{ID: it.GUID, Link: strings.TrimSpace(it.Link), Title: it.Title,
			Body: first(it.Content, it.Description), Author: first(it.Creator, it.Author), Published: parseTime(it.PubDate)})
	}
	return out, nil
}

func parseAtom(body []byte) ([]entry, error) {
	var doc atomDoc
	if err := decode(body, &doc); err != nil {
		return nil, errors.New("malformed Atom")
	}
	out := make([]entry, 0, len(doc.Entries))
	for _, e := range doc.Entries {
		link := ""
		for _, l := range e.Links {
			if l.Rel == "" || l.Rel == "alternate" {
				link = l.Href
				break
			}
		}
		out = append(out, entry{ID: e.ID, Link: link, Title: e.Title, Body: first(e.Content, e.Summary),
			Author: e.Author, Published: parseTime(first(e.Published, e.Updated))})
	}
	return out, nil
}

func parseTime(s string) time.Time {
	s = strings.TrimSpace(s)
	for _, layout := range []string{time.RFC1123Z, time.RFC1123, time.RFC3339, "Mon, 2 Jan 2006 15:04:05 -0700", "2 Jan 2006 15:04:05 -0700"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC()
		}
	}
	return time.Time{}
}

var tags = regexp.MustCompile(`<[^>]*>`)

// plain turns an entry's HTML (escaped or in CDATA) into text.
func plain(s string) string {
	s = html.UnescapeString(s) // escaped HTML becomes markup, then is stripped
	s = strings.NewReplacer("<p>", "\n\n", "<br>", "\n", "<br/>", "\n", "<br />", "\n").Replace(s)
	s = html.UnescapeString(tags.ReplaceAllString(s, " "))
	return strings.TrimSpace(s)
}
