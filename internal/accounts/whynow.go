package accounts

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Event is one signal as "why now" tells it: who, where, about what.
type Event struct {
	Signal
	Platform string   // where it was posted: hackernews, reddit, greenhouse…
	Person   string   // who posted or moved
	Title    string   // their role
	Terms    []string // the client's terms the post holds (a competitor, a category word), best first
	Openings int      // a hiring batch's openings (0: one)
	Roles    []string // a hiring batch's roles
}

// platforms are the display names of the platforms leads come from.
var platforms = map[string]string{"hackernews": "Hacker News", "reddit": "Reddit", "linkedin": "LinkedIn", "x": "X",
	"twitter": "X", "bluesky": "Bluesky", "mastodon": "Mastodon", "github": "GitHub", "lobsters": "Lobsters",
	"stackexchange": "Stack Exchange", "stackoverflow": "Stack Overflow", "greenhouse": "Greenhouse", "lever": "Lever",
	"ashby": "Ashby", "rss": "a blog", "exa": "the web", "slack": "Slack", "indiehackers": "Indie Hackers", "forum": "a forum",
	"forums": "a forum", "news": "the news"}

// spans are the periods "why now" names, shortest first.
var spans = []int{7, 30, 60, 90}

// WhyNow says in one sentence what happened at an account within Window
// of now, strongest kind of signal first: "In the last 30 days: discussed
// LaunchDarkly on Hacker News (Head of Platform); opened 3 roles (SRE,
// Platform Engineer); new VP Engineering." Every clause comes from an
// event; "" when no event is recent enough.
func WhyNow(events []Event, now time.Time) string {
	byType := map[string][]Event{}
	oldest := time.Duration(0)
	for _, e := range events {
		age := now.Sub(e.At)
		if age > Window {
			continue
		}
		oldest = max(oldest, age)
		byType[e.Type] = append(byType[e.Type], e)
	}
	if len(byType) == 0 {
		return ""
	}
	types := make([]string, 0, len(byType))
	for t := range byType {
		types = append(types, t)
	}
	slices.SortFunc(types, func(a, b string) int {
		if c := compare(weight(b), weight(a)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	var clauses []string
	for _, t := range types {
		es := byType[t]
		slices.SortFunc(es, func(a, b Event) int { return b.At.Compare(a.At) })
		clauses = append(clauses, clausesFor(t, es)...)
	}
	days := spans[len(spans)-1]
	for _, d := range spans {
		if oldest <= time.Duration(d)*24*time.Hour {
			days = d
			break
		}
	}
	return fmt.Sprintf("In the last %d days: %s.", days, strings.Join(clauses, "; "))
}

func weight(t string) float64 {
	if w, ok := Weights[t]; ok {
		return w
	}
	return DefaultWeight
}

// maxPosts bounds the posts one type names; the rest are counted.
const maxPosts = 2

func clausesFor(t string, es []Event) []string {
	switch t {
	case "hiring_activity":
		return []string{hiring(es)}
	case "funding_event":
		return []string{"announced funding" + times(len(es))}
	case "job_change":
		return jobChanges(es)
	}
	verb := map[string]string{"competitor_engagement": "discussed", "tech_research": "researched"}[t]
	if verb == "" {
		verb = "posted about"
	}
	var out []string
	for _, e := range es[:min(len(es), maxPosts)] {
		about := "a competitor"
		if t != "competitor_engagement" {
			about = "the category"
		}
		if len(e.Terms) > 0 {
			about = e.Terms[0]
		}
		c := verb + " " + about
		if p := platformName(e.Platform); p != "" {
			c += " on " + p
		}
		out = append(out, c+who(e))
	}
	if more := len(es) - maxPosts; more > 0 {
		out[len(out)-1] += fmt.Sprintf(" and %d more post%s", more, plural(more))
	}
	return out
}

// hiring: "opened 3 roles (SRE, Platform Engineer)".
func hiring(es []Event) string {
	n := 0
	var roles []string
	for _, e := range es {
		n += max(e.Openings, 1)
		for _, r := range e.Roles {
			if r = strings.TrimSpace(r); r != "" && !slices.Contains(roles, r) {
				roles = append(roles, r)
			}
		}
	}
	c := "opened a role"
	if n > 1 {
		c = fmt.Sprintf("opened %d roles", n)
	}
	if len(roles) > 0 {
		list := strings.Join(roles[:min(len(roles), 3)], ", ")
		if len(roles) > 3 {
			list += fmt.Sprintf(" and %d more", len(roles)-3)
		}
		c += " (" + list + ")"
	}
	return c
}

// jobChanges: "new VP Engineering (Dana Reyes)", once per person.
func jobChanges(es []Event) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range es {
		key := strings.ToLower(e.Person + "|" + e.Title)
		if seen[key] {
			continue
		}
		seen[key] = true
		switch {
		case e.Title != "" && e.Person != "":
			out = append(out, "new "+e.Title+" ("+e.Person+")")
		case e.Title != "":
			out = append(out, "new "+e.Title)
		case e.Person != "":
			out = append(out, e.Person+" changed jobs")
		default:
			out = append(out, "a leadership change")
		}
		if len(out) == maxPosts {
			break
		}
	}
	return out
}

func who(e Event) string {
	if e.Title != "" {
		return " (" + e.Title + ")"
	}
	return ""
}

func platformName(p string) string {
	if n, ok := platforms[strings.ToLower(p)]; ok {
		return n
	}
	return p
}

func times(n int) string {
	if n > 1 {
		return fmt.Sprintf(" (%d posts)", n)
	}
	return ""
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
