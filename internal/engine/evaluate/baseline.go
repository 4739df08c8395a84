package evaluate

import (
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// baselineKeywords is the plain keyword matcher the detector is measured
// against: the first type with a keyword anywhere in the text wins, with
// no negation, context or weighting.
var baselineKeywords = []struct {
	typ   engine.SignalType
	words []string
}{
	{engine.FundingEvent, []string{"raised", "raises", "funding", "series a", "series b", "seed round", "investors"}},
	{engine.JobChange, []string{"joined", "new role", "new position", "promoted", "first day", "appointed"}},
	{engine.HiringActivity, []string{"hiring", "we're hiring", "job opening", "join our team", "open roles", "apply"}},
	{engine.CompetitorEngagement, []string{"alternative", "switching from", "switch from", "migrating from", "replace", "vs"}},
	{engine.TechResearch, []string{"looking for", "recommend", "best tool", "evaluating", "which tool", "what do you use"}},
}

// Baseline classifies by keyword presence alone.
func Baseline(title, text string) engine.Detection {
	s := strings.ToLower(title + " " + text)
	for _, k := range baselineKeywords {
		for _, w := range k.words {
			if strings.Contains(s, w) {
				return engine.Detection{SignalType: k.typ, Intent: true, Strength: 1, Cues: []string{w}}
			}
		}
	}
	return engine.Detection{SignalType: engine.None, Cues: []string{}}
}
