package draft

import (
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Select picks the template for a detection. Competitor posts about
// leaving a tool get Tool Migration; research posts that describe a
// problem get Pain Point Posts; posts about attending an event get Event
// Registration; the rest follow the signal type.
func Select(d engine.Detection, text string) Template {
	id := "content-consumption"
	switch d.SignalType {
	case engine.HiringActivity:
		id = "hiring-spree"
	case engine.FundingEvent:
		id = "fresh-funding"
	case engine.JobChange:
		id = "new-role-alert"
	case engine.CompetitorEngagement:
		id = "competitor-engagement"
		if hasCue(d, "switching vendor") || hasCue(d, "alternative to vendor") {
			id = "tool-migration"
		}
	case engine.TechResearch:
		id = "content-consumption"
		if hasCue(d, "pain") {
			id = "pain-point-posts"
		}
	}
	if mentionsEvent(text) && d.SignalType != engine.FundingEvent && d.SignalType != engine.JobChange {
		id = "event-registration"
	}
	t, _ := ByID(id)
	return t
}

func hasCue(d engine.Detection, name string) bool {
	for _, c := range d.Cues {
		if c == name {
			return true
		}
	}
	return false
}

var eventWords = []string{"registered for", "see you at", "attending", "webinar", "conference", "summit", "meetup", "booth"}

func mentionsEvent(text string) bool {
	t := strings.ToLower(text)
	for _, w := range eventWords {
		if strings.Contains(t, w) {
			return true
		}
	}
	return false
}

// Fill replaces [name], [company] and [topic] in the template's subject
// and body. Missing values become neutral words so a draft never shows a
// bracket.
func Fill(t Template, name, company, topic string) engine.Draft {
	first := strings.Fields(name)
	r := strings.NewReplacer(
		"[name]", firstOr(first, "there"),
		"[company]", or(company, "your team"),
		"[topic]", or(topic, "this"),
	)
	return engine.Draft{TemplateID: t.ID, Subject: r.Replace(t.Subject), Body: r.Replace(t.Template)}
}

func firstOr(words []string, def string) string {
	if len(words) == 0 || strings.HasPrefix(words[0], "@") || strings.HasPrefix(words[0], "u/") {
		return def
	}
	return words[0]
}

func or(s, def string) string {
	if s = strings.TrimSpace(s); s != "" {
		return s
	}
	return def
}

// Topic is a short phrase for [topic]: the post's title, or its first
// sentence, cut to about 60 characters at a word boundary.
func Topic(title, text string) string {
	s := strings.TrimSpace(title)
	if s == "" {
		s = strings.TrimSpace(text)
		if i := strings.IndexAny(s, ".!?\n"); i > 0 {
			s = s[:i]
		}
	}
	s = strings.TrimRight(s, ".!? ")
	if len(s) <= 60 {
		return s
	}
	cut := strings.LastIndexByte(s[:60], ' ')
	if cut < 20 {
		cut = 60
	}
	return strings.TrimRight(s[:cut], ",;:- ") + "…"
}
