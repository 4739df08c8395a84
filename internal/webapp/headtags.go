package webapp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"strings"
	"time"
)

// writeHeadTags writes m's tags, one a line; every value is escaped, and the
// JSON scripts cannot close their element (encoding/json escapes <, > and &).
func writeHeadTags(b *bytes.Buffer, m *PageMeta, baseURL string) {
	title := m.Title
	if !strings.Contains(title, siteName) {
		title += " | " + siteName
	}
	url := baseURL + m.Path
	robots, ogType, card := "index, follow", m.Type, "summary"
	if m.NoIndex {
		robots = "noindex, nofollow"
	}
	if ogType == "" {
		ogType = "website"
	}
	if m.ImageURL != "" {
		card = "summary_large_image"
	}
	line := func(format string, args ...string) {
		b.WriteString("    ")
		esc := make([]any, len(args))
		for i, a := range args {
			esc[i] = html.EscapeString(a)
		}
		fmt.Fprintf(b, format, esc...)
		b.WriteByte('\n')
	}
	line(`<title>%s</title>`, title)
	line(`<meta name="description" content="%s" />`, m.Description)
	line(`<meta name="robots" content="%s" />`, robots)
	line(`<link rel="canonical" href="%s" />`, url)
	line(`<meta property="og:type" content="%s" />`, ogType)
	line(`<meta property="og:site_name" content="%s" />`, siteName)
	line(`<meta property="og:title" content="%s" />`, title)
	line(`<meta property="og:description" content="%s" />`, m.Description)
	line(`<meta property="og:url" content="%s" />`, url)
	if m.ImageURL != "" {
		line(`<meta property="og:image" content="%s" />`, m.ImageURL)
	}
	if !m.PublishedTime.IsZero() {
		line(`<meta property="article:published_time" content="%s" />`, m.PublishedTime.UTC().Format(time.RFC3339))
	}
	if !m.ModifiedTime.IsZero() {
		line(`<meta property="article:modified_time" content="%s" />`, m.ModifiedTime.UTC().Format(time.RFC3339))
	}
	line(`<meta name="twitter:card" content="%s" />`, card)
	line(`<meta name="twitter:title" content="%s" />`, title)
	line(`<meta name="twitter:description" content="%s" />`, m.Description)
	writeJSONScript(b, `<script type="application/ld+json">`, m.JSONLD)
	writeJSONScript(b, `<script type="application/json" id="page-data">`, m.Data)
}

// writeJSONScript writes v as JSON inside the element opened by open; nil,
// or a value that does not encode, writes nothing.
func writeJSONScript(b *bytes.Buffer, open string, v any) {
	if v == nil {
		return
	}
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	b.WriteString("    " + open)
	b.Write(data)
	b.WriteString("</script>\n")
}
