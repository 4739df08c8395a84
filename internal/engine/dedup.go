package engine

import (
	"net/url"
	"strings"
)

// Dedup drops repeated leads, keeping the first (callers sort by score
// first so the best survives): two leads are the same when they share a
// post URL, or when they name the same person (by LinkedIn URL, email, or
// name and company together). A job board's post is the hiring company's
// signal, not its poster's: a recruiter or a board's mirror posting
// several openings (several companies' or roles') gives one lead per
// opening, and the same opening posted twice (company and title) is one.
// A person saying "we're hiring" on a social network is still that person.
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
	if l.Detection.SignalType == HiringActivity && jobBoard(l.Platform, l.Source) {
		if c, t := normName(l.Company), normName(firstLine(l.Signal)); c != "" && t != "" {
			keys = append(keys, "opening:"+c+"|"+t)
		}
		return keys
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

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// jobBoard: a post from a job board or a board mirrored as issues
// (platform "job-board-issue", sources such as Greenhouse, Lever, Ashby).
func jobBoard(platform, source string) bool {
	s := strings.ToLower(platform + " " + source)
	return strings.Contains(s, "job") || strings.Contains(s, "greenhouse") || strings.Contains(s, "lever") || strings.Contains(s, "ashby")
}
