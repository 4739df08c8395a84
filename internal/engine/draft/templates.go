// Package draft holds the ten campaign templates of docs/product.md §4.8 as typed
// data, picks the template that fits a detected signal, and fills its
// [name], [company], [role] and [topic] slots from a lead's structured
// fields, never from the post's sentences.
package draft

import "encoding/json"

//go:generate go run ./campaignsgen -out ../../../web/src/features/demo/content/campaigns.json

// Template is one signal campaign (docs/product.md §4.8). The
// demo's Signal Campaigns show these (DemoCampaigns, written to the web
// app by go generate), so the cards show what the engine sends.
type Template struct {
	ID           string `json:"id"`
	Title        string `json:"title"`
	Description  string `json:"description"`
	Source       string `json:"source"`
	Color        string `json:"color"` // one of the demo's card colours (web/src/features/demo/types.ts)
	ResponseRate string `json:"responseRate"`
	Subject      string `json:"subject"`
	Template     string `json:"template"`
}

// Templates are the ten campaigns, in the spec's order. Their slots are
// [name], [company], [role] and [topic] (see Slots); a "{…}" group is
// written only when every slot in it is known (Write).
var Templates = []Template{
	{
		ID: "competitor-engagement", Title: "Competitor Engagement", ResponseRate: "73%", Color: "red",
		Description: "People comparing, complaining about or leaving a competitor's product.",
		Source:      "Reddit, Hacker News, G2 reviews, LinkedIn comments",
		Subject:     "Before your next {[topic] }renewal",
		Template: "Hi [name],\n\nI saw your post{ about [topic]}. A lot of teams we talk to hit the same wall once the renewal " +
			"quote lands and the tool still doesn't do what they bought it for.\n\nWe've moved several teams{ like [company]} " +
			"over without losing history or a week of pipeline. Would a 15-minute side-by-side be useful before you decide?\n\nBest,",
	},
	{
		ID: "new-role-alert", Title: "New Role Alert", ResponseRate: "81%", Color: "orange",
		Description: "Leaders who just started a new role and are setting their first-90-day priorities.",
		Source:      "LinkedIn job changes, company announcements, press",
		Subject:     "Congrats on the new role{, [name]}",
		Template: "Hi [name],\n\nCongratulations on the new role{ as [role]}{ at [company]}. The first 90 days are when the stack and the " +
			"process get decided.\n\nWe helped other new leaders get a quick win there in their " +
			"first month. Happy to share what worked for them, no pitch, if that's useful.\n\nBest,",
	},
	{
		ID: "fresh-funding", Title: "Fresh Funding", ResponseRate: "84%", Color: "emerald",
		Description: "Companies that just announced a round and are about to spend on growth.",
		Source:      "Press releases, Crunchbase-style news, founder posts",
		Subject:     "Congrats on the round{, [company]}",
		Template: "Hi [name],\n\nCongrats on the raise. Rounds like yours usually come with a plan to grow fast, and the tooling " +
			"tends to be the first thing that strains.\n\nWe help freshly funded teams{ like [company]} scale without " +
			"adding headcount first. Worth a short call next week?\n\nBest,",
	},
	{
		ID: "hiring-spree", Title: "Hiring Spree", ResponseRate: "76%", Color: "amber",
		Description: "Teams opening several roles at once: budget is there and the work is piling up.",
		Source:      "Job boards, Who's Hiring threads, careers pages, LinkedIn posts",
		Subject:     "Your open roles{ at [company]}",
		Template: "Hi [name],\n\nI noticed the roles you're hiring for{ at [company]}. While the seats are open, the work still has " +
			"to get done.\n\nWe cover that gap from week one, and new hires inherit a working process " +
			"instead of a backlog. Open to a quick chat?\n\nBest,",
	},
	{
		ID: "event-registration", Title: "Event Registration", ResponseRate: "78%", Color: "sky",
		Description: "People registered for or talking about an industry event or webinar.",
		Source:      "Event pages, webinar sign-ups, conference hashtags",
		Subject:     "Coffee at the event{, [name]}?",
		Template: "Hi [name],\n\nLooks like you'll be at the event you posted about. We'll be there too and are meeting a few teams{ like " +
			"[company]} to compare notes on what's working this year.\n\nWould you have 20 minutes for a coffee there?\n\nBest,",
	},
	{
		ID: "content-consumption", Title: "Content Consumption", ResponseRate: "71%", Color: "indigo",
		Description: "Readers engaging with in-depth content on a problem we solve.",
		Source:      "Blog engagement, downloads, newsletter clicks",
		Subject:     "The short version{ on [topic]}",
		Template: "Hi [name],\n\nSince you were digging into the options{ around [topic]}, I thought you'd like the short version of what we've " +
			"seen work at companies{ like [company]}, with real numbers.\n\nWant me to send it over, or walk you through it " +
			"in 15 minutes?\n\nBest,",
	},
	{
		ID: "profile-stalking", Title: "Profile Stalking", ResponseRate: "69%", Color: "violet",
		Description: "Prospects who viewed our team's profiles or company page more than once.",
		Source:      "Profile views, company page visits",
		Subject:     "Noticed you stopped by{, [name]}",
		Template: "Hi [name],\n\nI noticed you had a look at our profile. If this is on the agenda{ at [company]}, " +
			"I'm happy to answer anything directly, no deck required.\n\nWhat would be most useful to know?\n\nBest,",
	},
	{
		ID: "internal-engagement", Title: "Internal Engagement", ResponseRate: "85%", Color: "teal",
		Description: "Several people at one account engaging at once: a buying committee forming.",
		Source:      "Website visits, email engagement, product sign-ups from one domain",
		Subject:     "A few of you{ at [company]} are looking at this",
		Template: "Hi [name],\n\nA few people{ at [company]} have been looking into{ [topic] and} the same question lately, so it seems to be " +
			"a live project. Rather than answer everyone separately, would a short session with the whole group help?\n\nBest,",
	},
	{
		ID: "tool-migration", Title: "Tool Migration", ResponseRate: "82%", Color: "pink",
		Description: "Teams actively moving off a tool or evaluating replacements.",
		Source:      "Community threads, review sites, migration questions",
		Subject:     "Making the move{ off [topic]} painless",
		Template: "Hi [name],\n\nSaw that you're looking at moving{ off [topic]}. Migrations go wrong in the details: " +
			"field mapping, history, the integrations nobody wrote down.\n\nWe've done this enough times{ for teams like [company]} to have a checklist " +
			"and a free data import. Want me to send it?\n\nBest,",
	},
	{
		ID: "pain-point-posts", Title: "Pain Point Posts", ResponseRate: "79%", Color: "lime",
		Description: "People describing the exact problem we solve, in their own words.",
		Source:      "Reddit, Hacker News, Slack communities, forums",
		Subject:     "Re: your post{ about [topic]}",
		Template: "Hi [name],\n\nYour post{ about [topic]} hit home; we hear it from a lot of teams. The fix that worked " +
			"best{ for teams like [company]} was less about a new tool and more about automating the boring part.\n\n" +
			"Happy to share exactly how they did it if you're interested.\n\nBest,",
	},
}

// DemoCampaigns is the JSON the demo's Signal Campaigns read
// (web/src/features/demo/content/campaigns.json): the ten templates as
// people read them, slots in brackets and the optional groups' braces
// dropped (Display).
func DemoCampaigns() ([]byte, error) {
	out := make([]Template, len(Templates))
	for i, t := range Templates {
		t.Subject, t.Template = Display(t.Subject), Display(t.Template)
		out[i] = t
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// ByID returns the template with the given id.
func ByID(id string) (Template, bool) {
	for _, t := range Templates {
		if t.ID == id {
			return t, true
		}
	}
	return Template{}, false
}
