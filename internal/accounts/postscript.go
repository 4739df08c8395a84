package accounts

import (
	"slices"
	"strings"
	"time"
)

// PostscriptWindow: only company news this recent goes into a draft.
const PostscriptWindow = 60 * 24 * time.Hour

// Postscript is the account's "why now" as a draft to one person may say
// it (docs/clients.md "Accounts"): only what the company made public
// (openings, a new leader, funding), never what another person posted,
// from events of the last PostscriptWindow — "P.S. I noticed Acme is
// hiring (SRE, Platform Engineer) and has a new VP Engineering." The
// caller leaves out the recipient's own events. "" when there is none.
func Postscript(events []Event, company string, now time.Time) string {
	var roles, leaders []string
	hiring, funded := false, false
	for _, e := range events {
		if age := now.Sub(e.At); age > PostscriptWindow || age < -24*time.Hour {
			continue
		}
		switch e.Type {
		case "hiring_activity":
			hiring = true
			for _, r := range e.Roles {
				if r = strings.TrimSpace(r); r != "" && !slices.Contains(roles, r) {
					roles = append(roles, r)
				}
			}
		case "funding_event":
			funded = true
		case "job_change":
			if t := strings.TrimSpace(e.Title); t != "" && !slices.Contains(leaders, t) {
				leaders = append(leaders, t)
			}
		}
	}
	var parts []string
	if hiring {
		p := "is hiring"
		if len(roles) > 0 {
			p += " (" + strings.Join(roles[:min(len(roles), 3)], ", ") + ")"
		}
		parts = append(parts, p)
	}
	if len(leaders) > 0 {
		parts = append(parts, "has a new "+strings.Join(leaders[:min(len(leaders), 2)], " and a new "))
	}
	if funded {
		parts = append(parts, "has announced funding")
	}
	if len(parts) == 0 {
		return ""
	}
	name := strings.TrimSpace(company)
	if name == "" {
		name = "your company"
	}
	list := parts[0]
	if len(parts) > 1 {
		list = strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	return "P.S. I noticed " + name + " " + list + "."
}
