package engine

import (
	"net/url"
	"strings"
)

// maxLink is the longest URL LinkURL makes a link of.
const maxLink = 2048

// LinkURL decides whether a URL from a source (a post's, a lead's profile
// link) may be a link in an output: it returns the URL when it is an
// absolute http or https URL with a host, of at most 2,048 characters and
// without control characters or spaces, and "" otherwise (javascript:,
// data:, vbscript:, file:, a relative or scheme-less URL...). Posts come
// from third parties (feeds, job boards, imports), so every output that
// renders one as a link goes through here: the Atom feed, Slack (leads and
// digests), email (leads and digests), the webhook payload's link fields
// and the web app, which mirrors this rule (web/src/lib/link-url.ts).
func LinkURL(raw string) string {
	if raw == "" || len(raw) > maxLink || strings.IndexFunc(raw, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return ""
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		return raw
	}
	return ""
}
