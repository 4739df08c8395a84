package engine

import (
	"net/url"
	"strings"
)

// Dedup drops repeated leads, keeping the first (callers sort by score
// first so the best survives): two leads are the same when they share a
// post URL, or when they name the same person (by LinkedIn URL, email, or
// name and company together).
func Dedup(leads []Lead) []Lead {
	seen := make(map[string]bool, len(leads)*2)
	out := leads[:0:0]
	for _, l := range leads {
		keys := dedupKeys(l)
		dup := false
		for _, k := range keys {
			if seen[k] {
				dup = true
				break
			}
		}
		for _, k := range keys {
			seen[k] = true
		}
		if !dup {
			out = append(out, l)
		}
	}
	return out
}

func dedupKeys(l Lead) []string {
	var keys []string
	if u := NormalizeURL(l.PostURL); u != "" {
		keys = append(keys, "url:"+u)
	}
	if u := NormalizeURL(l.LinkedIn); u != "" {
		keys = append(keys, "li:"+u)
	}
	if e := strings.ToLower(strings.TrimSpace(l.Email)); e != "" {
		keys = append(keys, "email:"+e)
	}
	if n := normName(l.Name); n != "" {
		keys = append(keys, "person:"+n+"|"+normName(l.Company))
	}
	return keys
}

// NormalizeURL reduces a URL to host and path, lower-cased, without
// "www.", query tracking, fragment or trailing slash, so that the same page
// linked two ways compares equal. It returns "" for an empty input.
func NormalizeURL(raw string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		if u2, err2 := url.Parse("https://" + raw); err2 == nil && u2.Host != "" {
			u = u2
		} else {
			return strings.ToLower(raw)
		}
	}
	host := strings.TrimPrefix(strings.ToLower(u.Host), "www.")
	return host + strings.TrimRight(strings.ToLower(u.Path), "/")
}

func normName(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}
