package detect

import "strings"

// cueLabels are the phrases a person reads for the cues a lead shows
// (docs/api.md, "Lead": detection.cueLabels). Cue names are the rule
// book's shorthand ("switching vendor", "pain"); a salesperson needs to
// know what the post says. Every cue that can count for a signal (a
// positive weight) has one: a test keeps it so. The model's reasons
// ("model: @senior", "model: as") are words and word classes it weighed,
// not something a person can check in the post, so they get no label.
var cueLabels = map[string]string{
	// hiring_activity
	"we're hiring":              "Says the team is hiring",
	"hiring a role":             "Hiring for a named role",
	"join our team":             "Invites people to join the team",
	"looking for a role-holder": "Looking for someone to fill a role",
	"open roles":                "Lists open roles",
	"growing the team":          "Growing the team",
	"listing details":           "Gives the details of a job listing",
	"listing line":              "Reads as a job listing",
	"weak hiring words":         "Mentions hiring",
	// funding_event
	"we raised":                  "Announces the company's own round",
	"announce round":             "Announces a funding round",
	"congratulations on a round": "Congratulated on a funding round",
	"round words":                "Talks about a funding round",
	"funding use":                "Says what the new money is for",
	// competitor_engagement
	"switching vendor":               "Plans to switch vendors",
	"alternative to vendor":          "Asks for an alternative to a named vendor",
	"switching from a named product": "Moving off a named product",
	"vendor complaint":               "Complains about a vendor",
	"vendor comparison":              "Compares vendors",
	"unhappy with incumbent":         "Unhappy with the current tool",
	"leaving an incumbent":           "Leaving the current tool",
	"pricing or alternatives":        "Asks about pricing or alternatives",
	"generic switching":              "Talks about switching tools",
	"history with the incumbent":     "Has used the current tool for a while",
	// job_change
	"new role announcement":         "Announces a new role",
	"starting a new job":            "Starting a new job",
	"congratulations on a new role": "Congratulated on a new role",
	"named to a role":               "Named to a new role",
	"leaving a role":                "Moving on from a role",
	"new in role":                   "New in the role",
	// tech_research
	"looking for a tool": "Looking for a tool",
	"evaluating":         "Evaluating options",
	"asks for advice":    "Asks peers for advice",
	"ask":                "Asks a question",
	"tool topic":         "Talks about tooling",
	"pain":               "Describes a problem",
	"worth it":           "Asks whether a tool is worth it",
}

// Labels turns a detection's cue names into the phrases a person reads,
// in the same order, dropping the model's reasons and any cue without a
// label, and each phrase after its first.
func Labels(cues []string) []string {
	var out []string
	for _, c := range cues {
		if strings.HasPrefix(c, "model: ") {
			continue
		}
		l, ok := cueLabels[c]
		if !ok {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o == l
		}
		if !dup {
			out = append(out, l)
		}
	}
	return out
}

// IsVendor reports whether word (any case) names a known product, one of
// the vendor word class the cues use (classes.go); everyday words that are
// also product names ("front", "box") are not.
func IsVendor(word string) bool { return vendorWords[strings.ToLower(word)] }
