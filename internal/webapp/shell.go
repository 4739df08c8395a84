package webapp

import (
	"bytes"
	"strings"
)

// The web build marks a shell's page slot (what the client renders for the
// route, e.g. "Loading...") with these comments; a PageMeta's Body replaces
// what is between them.
const (
	slotStart = "<!--page-slot-->"
	slotEnd   = "<!--/page-slot-->"
)

// shellParts is a dynamic route's shell split around the page-specific head
// tags and the page slot.
type shellParts struct {
	head       []byte // up to where the page's head tags go
	beforeSlot []byte // from after the head tags to the slot
	slot       []byte // the shell's own slot content, kept when there is no Body
	afterSlot  []byte // the rest
}

// headTagPrefixes start the shell's page-specific head lines (see the web
// app's head.ts), which a dynamic page replaces with its own.
var headTagPrefixes = []string{`<title>`, `<meta name="description"`, `<meta name="robots"`,
	`<link rel="canonical"`, `<meta property="og:`, `<meta name="twitter:`, `<meta property="article:`,
	`<meta name="keywords"`, `<script type="application/ld+json"`, `<script type="application/json" id="page-data"`}

// splitShell removes the page-specific head lines of the shell and splits
// the rest around its page slot. Without such lines the tags go right before
// </head>, or first when there is no head; without a slot, a Body is ignored.
func splitShell(body []byte) shellParts {
	head, tail := splitHead(body)
	s := shellParts{head: head, beforeSlot: tail}
	i := bytes.Index(tail, []byte(slotStart))
	j := bytes.Index(tail, []byte(slotEnd))
	if i >= 0 && j > i {
		s.beforeSlot = tail[:i]
		s.slot = tail[i+len(slotStart) : j]
		s.afterSlot = tail[j+len(slotEnd):]
	}
	return s
}

// splitHead returns what comes before and after the page-specific head lines.
func splitHead(body []byte) (head, tail []byte) {
	lines := bytes.SplitAfter(body, []byte("\n"))
	var before, after bytes.Buffer
	found := false
	for _, line := range lines {
		t := string(bytes.TrimSpace(line))
		isTag := false
		for _, p := range headTagPrefixes {
			if strings.HasPrefix(t, p) {
				isTag = true
				break
			}
		}
		switch {
		case isTag:
			found = true
		case found:
			after.Write(line)
		default:
			before.Write(line)
		}
	}
	if found {
		return before.Bytes(), after.Bytes()
	}
	if i := bytes.Index(body, []byte("</head>")); i >= 0 {
		return body[:i], body[i:]
	}
	return nil, body
}
