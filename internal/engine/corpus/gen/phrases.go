package main

// Each kind of post is assembled from a core sentence and optional extra
// sentences; {slots} are filled from data.go. The phrasing is written for
// the corpus only; the labelled evaluation set was written separately.
type kind struct {
	name    string // signal type or "none"
	weight  int    // relative frequency
	titles  []string
	cores   []string
	extras  []string
	closers []string
}

var kinds = []kind{
	{name: "hiring_activity", weight: 13,
		titles: []string{"[Hiring] {role} at {company}", "{company} is hiring a {role}", "We're growing: {n} open roles",
			"Now hiring: {role} ({city} or remote)", ""},
		cores: []string{
			"We're hiring a {role} at {company} to help us scale {product}.",
			"{company} is looking for a {role} to join our {city} team.",
			"My team has {n} open positions, including a {role} and a {role2}.",
			"Looking to hire a {role} who has shipped {product} before.",
			"{company} | {Role} | {city} / Remote | Full-time | We build {product} for mid-market teams.",
			"We need a {role} ASAP. Contract-to-hire, remote friendly.",
			"Our team is growing and we're adding a {role} plus a {role2} this quarter.",
			"Come build {product} with us: we're recruiting a {role} in {city}.",
			"Big quarter ahead, so we're doubling the sales team. Hiring {n} AEs and a {role}.",
			"If you know a great {role}, send them my way. We have budget for two more this year.",
			"#hiring {Role} at {company}, hybrid in {city}.",
			"We just opened {n} new roles across engineering and go-to-market."},
		extras: []string{"Salary range is listed in the post.", "Equity and a real learning budget.", "Apply via the link in the comments.",
			"DM me for the job description.", "Remote within the EU or US time zones.", "You'd report directly to our {title}.",
			"We're a {size}-person team and profitable.", "Visa sponsorship available."},
		closers: []string{"Referrals very welcome!", "Tag someone who'd be great.", "Happy to answer questions here.", ""},
	},
	{name: "funding_event", weight: 12,
		titles: []string{"{company} raises {amount} {round}", "We closed our {round}!", "Funding news: {company}", ""},
		cores: []string{
			"Today {company} announced a {amount} {round} led by {investor}.",
			"We just closed our {round}: {amount} from {investor} and a few operators we admire.",
			"{company} has raised {amount} in {round} funding to expand {product}.",
			"Thrilled to share that we've secured {amount} in new funding led by {investor}.",
			"It's official, {company} is backed by {investor}! {amount} {round} to build {product}.",
			"{company}, the {product} startup, closed a {amount} {round} with participation from existing investors.",
			"After two years of bootstrapping, we took our first outside money: a {amount} {round}.",
			"Big day: our {amount} {round} is done, co-led by {investor}."},
		extras: []string{"The funding will go into engineering and go-to-market.", "We're hiring across every team.",
			"We plan to double headcount by year end.", "Huge thanks to our customers and team.",
			"Next up: launching in {city}.", "Total funding now stands at {amount2}."},
		closers: []string{"Onward!", "🚀", "More soon.", ""},
	},
	{name: "competitor_engagement", weight: 13,
		titles: []string{"Leaving {vendor}: what did you switch to?", "{vendor} alternatives?", "{vendor} vs {vendor2} for a {size}-person team",
			"Fed up with {vendor}", ""},
		cores: []string{
			"Our {vendor} renewal came back almost double and we barely use half the features. Looking at alternatives.",
			"We're migrating off {vendor} this quarter. Anyone done this and lived to tell?",
			"Honestly {vendor} has been awful for us lately: slow, buggy, and support takes days.",
			"Has anyone switched from {vendor} to {vendor2}? Trying to decide before our contract is up.",
			"We've outgrown {vendor} and need something that scales past {size} people.",
			"{vendor} just raised prices again. What are people using instead?",
			"Thinking about ditching {vendor}. Our team hates the new UI and the {category} reporting is weak.",
			"Is {vendor2} actually better than {vendor} for a team our size, or is the grass just greener?",
			"We cancelled {vendor} last week. Now we need a replacement fast."},
		extras: []string{"Budget is not the issue, getting value is.", "We have about {size} users.",
			"Migration help would be a plus.", "Integrations with our {vendor2} setup matter."},
		closers: []string{"Any war stories appreciated.", "Thanks in advance!", "", "Open to demos."},
	},
	{name: "job_change", weight: 12,
		titles: []string{"New role!", "Some personal news", "Starting at {company}", ""},
		cores: []string{
			"Excited to share that I've joined {company} as {title}!",
			"Some personal news: I'm starting a new position as {title} at {company}.",
			"After {years} years at {oldco}, I'm moving on to lead {dept} at {company}.",
			"Day one as {title} at {company}. So much to learn.",
			"Please welcome {first2} {last2}, who joins {company} as our new {title}.",
			"I've been promoted to {title} at {company}. Grateful for this team.",
			"{company} names {first2} {last2} as {title}.",
			"New chapter: I accepted the {title} role at {company} and start next week.",
			"Officially the new {title} at {company}. First priority: fix our {category}."},
		extras: []string{"Grateful to my old team at {oldco}.", "If we've worked together before, say hi.",
			"We're already hiring, so reach out.", "First 90 days: listen, learn, then build."},
		closers: []string{"🙌", "Let's go!", "", "Onward."},
	},
	{name: "tech_research", weight: 13,
		titles: []string{"Best {category} for a {size}-person team?", "Ask HN: What {category} do you use?", "Recommendations for a {category}",
			"Evaluating {category} options", ""},
		cores: []string{
			"We're evaluating {category} options and would love to hear what's worked for you.",
			"Looking for a {category} that can {need}. Any recommendations?",
			"What {category} do you use to {need}? Spreadsheets aren't cutting it anymore.",
			"We're running a trial of two {category} vendors next month. What should we ask in the demos?",
			"Has anyone implemented a {category} at a company our size? Trying to pick one this quarter.",
			"Which {category} would you choose if you were starting from scratch today?",
			"Our team is drowning in manual work and we need a way to {need}. What tools are out there?",
			"Build or buy: should we write our own {category} or pay for one?",
			"Shortlisting {category} vendors for an RFP. Who should be on the list?"},
		extras: []string{"Budget is around $50k a year.", "We're about {size} people.", "Must integrate with {vendor}.",
			"SSO and an API are must-haves.", "Decision in the next 30 days."},
		closers: []string{"Thanks!", "Appreciate any pointers.", "", "Happy to share what we pick."},
	},
	{name: "none", weight: 37,
		titles: []string{"", "", "Thoughts?", "Ask HN: How do you stay productive?", "Weekly discussion thread", "Show HN: {product} for everyone"},
		cores: []string{
			// job seekers and hiring talk
			"Got laid off last week after {years} years. Open to work as a {role}, any leads appreciated.",
			"Looking for my next role as a {role}. Happy to share my resume.",
			"We're not hiring right now, please stop sending resumes to our support inbox.",
			"Hot take: most job posts asking for a {role} with 10 years of experience are fantasy.",
			"Five lessons from hiring our first 20 people.",
			// funding commentary
			"Another startup raised {amount} at a crazy valuation. Feels like a bubble.",
			"How do you raise a {round} without a warm intro? First-time founder here.",
			"Congrats to the team at {company} on their {round}! Well deserved.",
			"We decided not to raise and stay bootstrapped. Best decision we made.",
			// launches and promotion
			"Show HN: I built an open-source {category} in Go.",
			"Introducing {company} 2.0: a faster way to {need}. Try it free for 14 days.",
			"We just launched our new {vendor} integration! Book a demo to see it.",
			"How we cut our cloud bill by 40%: a thread.",
			"Tutorial: how to {need} with {vendor} in 10 minutes.",
			// vendor praise and chatter
			"Just renewed {vendor} for three more years. Still the best {category} we've used.",
			"Shoutout to the {vendor} support team for a quick fix today.",
			"Does anyone have a good template for deal stages in {vendor}? Not switching, just tidying up.",
			"{vendor} stock is up after earnings.",
			// job-change lookalikes
			"Happy 5-year work anniversary to me at {company}!",
			"Big congrats to my former colleague on her new role. They're lucky to have her.",
			"Should I accept a counter offer or take the new job? Torn.",
			// general
			"Great conversations at {event} this week. Slides are on my profile.",
			"What's everyone reading this month?",
			"Our team volunteered at the food bank today. Proud of these people.",
			"Friendly reminder that your CRM is only as good as the data in it.",
			"Reflecting on {years} years of building {product}: the hard part is always people.",
			"We hit 1,000 customers today. Thank you all!",
			"Is it worth learning Rust in 2025?",
			"Anyone know a good coffee place near the {city} office?",
			"Monday motivation: ship something small today."},
		extras:  []string{"", "Curious what others think.", "Link in comments.", "Agree or disagree?"},
		closers: []string{"", "", "Cheers.", "#sales #startups"},
	},
}

// platforms with their URL shapes and writing habits.
var platforms = []struct {
	name, urlFmt string
	weight       int
	titled       bool // the platform has post titles
	casual       bool // lower-case, terse
}{
	{"reddit", "https://www.reddit.com/r/%s/comments/%s/", 22, true, false},
	{"hackernews", "https://news.ycombinator.com/item?id=%s", 14, true, false},
	{"linkedin", "https://www.linkedin.com/posts/%s", 24, false, false},
	{"x", "https://x.com/%s/status/%s", 16, false, true},
	{"forum", "https://community.%s.example/t/%s", 8, true, false},
	{"slack", "https://%s.slack.example/archives/C%s", 9, false, true},
	{"indiehackers", "https://www.indiehackers.com/post/%s", 4, true, false},
	{"news", "https://news.example/%s", 3, true, false},
}

var subreddits = []string{"sales", "startups", "SaaS", "devops", "sysadmin", "marketing", "smallbusiness", "entrepreneur", "salesforce", "dataengineering"}
