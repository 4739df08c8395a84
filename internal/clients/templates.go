package clients

import (
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/draft"
)

// starter is what a campaign template makes a new agent watch
// (docs/clients.md "Starter agents").
type starter struct {
	signals []engine.SignalType
	// queries, when set, replace the client's default queries.
	queries []string
}

// starters maps each of the ten campaign templates (draft.Templates) to
// the signal types the detector gives the posts it is about. Templates
// about first-party activity the index cannot see (profile views, visits
// from one account) watch the public research posts that go with it.
var starters = map[string]starter{
	"competitor-engagement": {signals: []engine.SignalType{engine.CompetitorEngagement}},
	"new-role-alert":        {signals: []engine.SignalType{engine.JobChange}},
	"fresh-funding":         {signals: []engine.SignalType{engine.FundingEvent}},
	"hiring-spree":          {signals: []engine.SignalType{engine.HiringActivity}},
	"event-registration": {signals: []engine.SignalType{engine.TechResearch, engine.CompetitorEngagement, engine.HiringActivity},
		queries: []string{`webinar OR conference OR summit OR meetup OR "registered for" OR "see you at"`}},
	"content-consumption": {signals: []engine.SignalType{engine.TechResearch}},
	"profile-stalking":    {signals: []engine.SignalType{engine.TechResearch}},
	"internal-engagement": {signals: []engine.SignalType{engine.TechResearch, engine.CompetitorEngagement}},
	"tool-migration": {signals: []engine.SignalType{engine.CompetitorEngagement},
		queries: []string{`"switching from" OR "migrating from" OR "moving off" OR "alternative to" OR "replacing"`}},
	"pain-point-posts": {signals: []engine.SignalType{engine.TechResearch}},
}

// fromTemplate fills a new agent from a campaign template; false for an
// unknown template id.
func fromTemplate(id string, a *Agent, c *Client) bool {
	t, ok := draft.ByID(id)
	st, ok2 := starters[id]
	if !ok || !ok2 {
		return false
	}
	a.Template = t.ID
	if a.Name == "" {
		a.Name = t.Title
	}
	a.SignalTypes = make([]string, len(st.signals))
	for i, s := range st.signals {
		a.SignalTypes[i] = string(s)
	}
	a.Queries = c.Settings.Queries
	if st.queries != nil {
		a.Queries = st.queries
	}
	return true
}
