package blog

// starterPosts are the articles a fresh install starts with. Content uses
// the blog's plain-text convention: one paragraph a line, "## " starts a
// section heading.
var starterPosts = []Post{
	{
		Title:    "What Buying Intent Really Looks Like (and Why Your Lists Miss It)",
		Excerpt:  "Most prospect lists describe who could buy. Buying intent tells you who is trying to buy right now. Here are the five signals that matter and how to tell them from noise.",
		Category: "sales-strategy",
		Tags:     []string{"buying intent", "signals", "prospecting"},
		Featured: true,
		ReadTime: 6,
		Content: `A prospect list answers one question: who fits our ideal customer profile? It says nothing about timing. A company can match every firmographic filter you have and still be eighteen months away from buying. That is why cold lists convert at one or two percent: most of the people on them are not in market.
Buying intent is the missing half. It is evidence, visible in public, that a specific company or person is working on the problem you solve right now. When you reach someone in that window, you are not interrupting them. You are answering a question they are already asking.
## The five signals worth acting on
Hiring activity. A company that posts three SDR roles is about to spend money on pipeline. A new RevOps or data engineering hire often precedes a tooling review. Job posts are public, dated and specific, which makes them one of the most reliable signals there is.
Funding events. Fresh capital comes with a plan to spend it, usually on growth. The weeks after an announced round are when budgets get approved and vendors get shortlisted.
Competitor engagement. People who complain about a competitor's pricing, ask for alternatives or compare tools in a community thread have told you they are evaluating. This is the warmest signal of all, and the most perishable.
Job changes. A new VP of Sales or Head of Marketing has ninety days to show a plan. New leaders bring in tools they trust and replace the ones they inherited.
Technology research. Questions like "how do you handle lead routing in HubSpot?" or "anyone using an intent data tool?" show a team actively researching a category.
## Separating signal from noise
Not every mention is intent. A student asking about CRMs for a class project, a vendor promoting their own product and a two-year-old thread all look like signals to a keyword alert. Three checks remove most of the noise: is the author at a company that fits your profile, is the post recent (days, not months), and does it describe a need rather than an opinion?
Score what survives. A useful score combines fit (does this company look like your best customers?) with strength (how explicit and how recent is the signal?). Work the highest scores first, the same day.
## What to do with a signal
Reference it, briefly and respectfully. "Saw you're hiring three SDRs. Teams at that stage usually hit a wall on list quality around month two" is relevant without being creepy. Lead with the problem the signal implies, not with your product.
The teams that win with intent are not the ones with the most data. They are the ones who act within hours, with a message that proves they understood why now.`,
	},
	{
		Title:    "Speed to Signal: Why the First Hour Decides the Deal",
		Excerpt:  "A buying signal loses most of its value within days. How fast-moving teams detect, route and answer signals in under an hour, and the simple workflow you can copy.",
		Category: "lead-generation",
		Tags:     []string{"speed to lead", "workflow", "outbound"},
		Featured: true,
		ReadTime: 5,
		Content: `Inbound teams learned long ago that a lead called within five minutes is far more likely to convert than one called the next day. The same rule applies to buying signals, with one difference: nobody fills in a form to tell you they are in market. You have to notice first, and so does every competitor watching the same places.
A public post asking for tool recommendations collects its best answers in the first few hours. After that the author has a shortlist, and vendors who show up on day three are competing on price against the ones who showed up on day one.
## Detect continuously, not weekly
Weekly list pulls are built for static data. Signals need continuous monitoring of the places your buyers talk: communities, forums, job boards, funding announcements and social platforms. Detection within fifteen minutes of a post is achievable today and it changes which conversations you get invited into.
## Route by score, not by round robin
A signal scored 85 from a perfect-fit account should interrupt a rep's afternoon. A signal scored 45 can wait for the morning batch. Define two or three tiers, give each a response-time target, and route the top tier straight to the owner of the account or territory.
## Prepare the first message before the rep sees it
The slowest part of acting on a signal is working out what to say. Attach the context to every lead: the post or event, when it happened, who the person is and a drafted first message that references it. The rep's job becomes editing and sending, which takes two minutes instead of twenty.
## Measure the gap
Track the time from signal to first touch, by tier, every week. Most teams discover the bottleneck is not detection but hand-offs: a lead sits in a shared inbox, or waits for enrichment, or waits for someone to decide who owns it. Fix the slowest hand-off first.
A simple target to start with: every hot signal answered within one business hour, every warm one within a day. Teams that hold that line typically see reply rates several times higher than their cold outbound, from the same reps and the same offer.`,
	},
	{
		Title:    "Writing Outreach That References a Signal Without Being Creepy",
		Excerpt:  "Mentioning why you are reaching out lifts replies, until it feels like surveillance. A practical guide to signal-based messages that feel helpful, with examples you can adapt.",
		Category: "sales-strategy",
		Tags:     []string{"cold email", "copywriting", "personalization"},
		Featured: true,
		ReadTime: 5,
		Content: `The promise of buying-intent data is relevance: you reach out because something happened, not because a name was next on a list. The risk is the opposite effect. A message that recites everything you found about someone reads like a dossier, and the reply you get is silence or a block.
The difference is not how much you know. It is what you do with it.
## Reference public, professional, recent
Use signals the person chose to make public in a professional context: a job post, a funding announcement, a question in an industry community, a new role. Never reference personal accounts, private groups or anything that required digging. One signal is enough; three in a row feels like tracking.
## Lead with their problem, not your observation
Weak: "I noticed you posted in the RevOps community on Tuesday asking about lead routing."
Better: "Lead routing questions usually come up right when inbound volume outgrows round robin. Is that where you are?"
The second version shows you understood the situation without narrating how you found it. If they want to know, they will ask, and you can tell them plainly.
## Keep it short and easy to answer
Subject lines under fifty characters, bodies under a hundred and fifty words, one question at the end. The question should be answerable in a sentence: "Worth a 15-minute look?" or "Is this on your plate this quarter?" Follow up after three to five days with something useful, such as a benchmark or a short teardown, not "just bumping this".
## A template to adapt
Subject: scaling SDR hiring
Hi Dana, congrats on the new SDR roles. Teams adding three or more reps at once usually find list quality becomes the bottleneck by month two, not headcount. We send reps a daily set of accounts that are showing buying intent, with the reason and a drafted first line. Would it help to see what that looks like for your market?
## The test before you hit send
Read the message as the recipient. Would you be glad a stranger noticed this, or uneasy? If the answer is uneasy, remove the detail and keep the insight. Relevance earns replies; surveillance earns spam reports.`,
	},
	{
		Title:    "Automating Your Intent Pipeline: From Raw Posts to Booked Calls",
		Excerpt:  "A step-by-step blueprint for an intent pipeline: capture, enrich, score, draft and deliver. What to automate, what to keep human and how to measure it.",
		Category: "ai-automation",
		Tags:     []string{"automation", "AI", "lead scoring", "enrichment"},
		ReadTime: 7,
		Content: `Most teams that try intent-based selling start by hand: a rep searches a few communities every morning and pastes promising posts into a spreadsheet. It works, and it does not scale past one rep. The answer is not to buy more data but to build a pipeline where machines do the repetitive steps and people do the judgement.
## Step one: capture
Pull posts and events from the sources your buyers use: community forums, discussion sites, job boards, funding news and RSS feeds from industry publications. Store each item once with its source, author, timestamp and text. Deduplicate aggressively; the same announcement appears in dozens of places.
## Step two: detect
Classify each item: is it a hiring signal, a funding event, competitor engagement, a job change, technology research, or nothing? Start with clear rules (phrases like "looking for an alternative to" or "we're hiring") and add a language model for the ambiguous cases. Keep the reason for every classification so a person can check it.
## Step three: match and score
Match the author or company against your ideal customer profile: industry, size, region, tech stack. Combine fit and signal strength into one score; a simple weighted sum, such as sixty percent fit and forty percent signal, is easy to explain and easy to tune. Set thresholds for hot, warm and other, and review a sample every week.
## Step four: enrich
Only now spend money on contact data, and only for leads above your threshold. Find the right person (often not the author of the post), a verified email and the context a rep needs: company size, recent news, the signal itself.
## Step five: draft and deliver
Generate a first message that references the signal the way a thoughtful rep would, then deliver the lead where the team already works: the CRM, a Slack channel or a daily email. A person reviews and sends. Automated sending without review is where intent programs damage their domain reputation.
## Measure the whole funnel
Track signals detected, leads above threshold, messages sent, replies and meetings booked, by source and by signal type. Within a month you will know which sources produce meetings and which produce noise. Cut the noise, double the sources that convert and keep tuning the score.`,
	},
}
