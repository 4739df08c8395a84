package engine

import (
	"strings"
	"testing"
)

func TestLinkURL(t *testing.T) {
	for raw, want := range map[string]bool{
		"https://news.ycombinator.com/item?id=1":      true,
		"http://example.com/a b":                      false, // a space: not one URL
		"HTTPS://Example.com/x":                       true,
		"https://bsky.app/profile/did:plc:x/post/3k1": true,
		"javascript:alert(1)":                         false,
		"JavaScript:alert(1)":                         false,
		" javascript:alert(1)":                        false,
		"java\tscript:alert(1)":                       false,
		"javascript://example.com/%0aalert(1)":        false,
		"data:text/html,<script>alert(1)</script>":    false,
		"vbscript:msgbox(1)":                          false,
		"file:///etc/passwd":                          false,
		"//example.com/x":                             false,
		"/relative":                                   false,
		"example.com":                                 false,
		"https:example.com":                           false,
		"http://":                                     false,
		"":                                            false,
		"https://example.com/\x00":                    false,
		"https://example.com/" + strings.Repeat("a", 2100): false,
	} {
		got := LinkURL(raw)
		if want && got != raw || !want && got != "" {
			t.Errorf("LinkURL(%q) = %q, want link %v", raw, got, want)
		}
	}
}
