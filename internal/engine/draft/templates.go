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
// SlotNames: the lead's [name], [company], [role] and [topic], and the
// sender's [product], [proof], [case] and [sender] (Facts); a "{…}" group
// is written only when every slot in it is known (Write). Their fixed
// words fit any product (no category's copy), never name the prospect as
// its own reference ("teams like [company]"), and greet a person only.
var Templates = []Template{
	{
		ID: "competitor-engagement", Title: "Competitor Engagement", ResponseRate: "73%", Color: "red",
		Description: "People comparing, complaining about or leaving a competitor's product.",
		Source:      "Reddit, Hacker News, G2 reviews, LinkedIn comments",
		Subject:     "Before your next {[topic] }renewal",
		Template: "Hi [name],\n\nI saw your post{ about [topic]}. When a tool stops doing what it was bought for, the renewal is the natural " +
			"moment to look at the options.\n\n{We offer [product]. }{[proof] }{[case] }Would a 15-minute side-by-side be useful before you decide?\n\nBest,{\n[sender]}",
	},
	{
		ID: "new-role-alert", Title: "New Role Alert", ResponseRate: "81%", Color: "orange",
		Description: "Leaders who just started a new role and are setting their first-90-day priorities.",
		Source:      "LinkedIn job changes, company announcements, press",
		Subject:     "Congrats on the new role{, [name]}",
		Template: "Hi [name],\n\nCongratulations on the new role{ as [role]}{ at [company]}. The first 90 days are when priorities and " +
			"tools get decided.\n\n{We offer [product]. }{[proof] }{[case] }Happy to share what has worked for other new leaders, no pitch, if that's useful.\n\nBest,{\n[sender]}",
	},
	{
		ID: "fresh-funding", Title: "Fresh Funding", ResponseRate: "84%", Color: "emerald",
		Description: "Companies that just announced a round and are about to spend on growth.",
		Source:      "Press releases, Crunchbase-style news, founder posts",
		Subject:     "Congrats on the round{, [company]}",
		Template: "Hi [name],\n\nCongrats on the raise. A new round usually comes with a plan to grow fast, and the way the work gets done " +
			"has to keep up.\n\n{We offer [product]. }{[proof] }{[case] }Worth a short call next week?\n\nBest,{\n[sender]}",
	},
	{
		ID: "hiring-spree", Title: "Hiring Spree", ResponseRate: "76%", Color: "amber",
		Description: "Teams opening several roles at once: budget is there and the work is piling up.",
		Source:      "Job boards, Who's Hiring threads, careers pages, LinkedIn posts",
		Subject:     "Your open roles{ at [company]}",
		Template: "Hi [name],\n\nI noticed the roles you're hiring for{ at [company]}. While the seats are open, the work still has " +
			"to get done.\n\n{We offer [product]. }{[proof] }{[case] }Open to a quick chat?\n\nBest,{\n[sender]}",
	},
	{
		ID: "event-registration", Title: "Event Registration", ResponseRate: "78%", Color: "sky",
		Description: "People registered for or talking about an industry event or webinar.",
		Source:      "Event pages, webinar sign-ups, conference hashtags",
		Subject:     "Coffee at the event{, [name]}?",
		Template: "Hi [name],\n\nLooks like you'll be at the event you posted about. We'll be there too, comparing notes with a few " +
			"teams on what's working this year{, and I'd like to hear how [company] sees it}.\n\n{We offer [product]. }{[proof] }{[case] }Would you have 20 minutes for a coffee there?\n\nBest,{\n[sender]}",
	},
	{
		ID: "content-consumption", Title: "Content Consumption", ResponseRate: "71%", Color: "indigo",
		Description: "Readers engaging with in-depth content on a problem we solve.",
		Source:      "Blog engagement, downloads, newsletter clicks",
		Subject:     "The short version{ on [topic]}",
		Template: "Hi [name],\n\nSince you were digging into the options{ around [topic]}, I thought you'd like the short version of " +
			"what we've seen work.\n\n{We offer [product]. }{[proof] }{[case] }Want me to send it over, or walk you through it in 15 minutes?\n\nBest,{\n[sender]}",
	},
	{
		ID: "profile-stalking", Title: "Profile Stalking", ResponseRate: "69%", Color: "violet",
		Description: "Prospects who viewed our team's profiles or company page more than once.",
		Source:      "Profile views, company page visits",
		Subject:     "Noticed you stopped by{, [name]}",
		Template: "Hi [name],\n\nI noticed you had a look at our profile. If this is on the agenda{ at [company]}, " +
			"I'm happy to answer anything directly, no deck required.\n\n{We offer [product]. }{[proof] }What would be most useful to know?\n\nBest,{\n[sender]}",
	},
	{
		ID: "internal-engagement", Title: "Internal Engagement", ResponseRate: "85%", Color: "teal",
		Description: "Several people at one account engaging at once: a buying committee forming.",
		Source:      "Website visits, email engagement, product sign-ups from one domain",
		Subject:     "A few of you{ at [company]} are looking at this",
		Template: "Hi [name],\n\nA few people{ at [company]} have been looking into{ [topic] and} the same question lately, so it seems " +
			"to be a live project.\n\n{We offer [product]. }{[proof] }{[case] }Rather than answer everyone separately, would a short session with the whole group help?\n\nBest,{\n[sender]}",
	},
	{
		ID: "tool-migration", Title: "Tool Migration", ResponseRate: "82%", Color: "pink",
		Description: "Teams actively moving off a tool or evaluating replacements.",
		Source:      "Community threads, review sites, migration questions",
		Subject:     "Making the move{ off [topic]} painless",
		Template: "Hi [name],\n\nSaw that you're looking at moving{ off [topic]}. Migrations usually go wrong in the details nobody " +
			"wrote down.\n\n{We offer [product]. }{[proof] }{[case] }We've done this enough times to have a checklist. Want me to send it?\n\nBest,{\n[sender]}",
	},
	{
		ID: "pain-point-posts", Title: "Pain Point Posts", ResponseRate: "79%", Color: "lime",
		Description: "People describing the exact problem we solve, in their own words.",
		Source:      "Reddit, Hacker News, Slack communities, forums",
		Subject:     "Re: your post{ about [topic]}",
		Template: "Hi [name],\n\nYour post{ about [topic]} hit home; we hear the same from a lot of teams.\n\n{We offer [product]. }{[proof] }{[case] }Happy to share " +
			"exactly how others fixed it if you're interested.\n\nBest,{\n[sender]}",
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
