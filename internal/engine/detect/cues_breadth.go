package detect

// breadthCues widen the cue table to the many other ways people phrase
// the same signals: written from general knowledge of hiring posts,
// funding announcements, job-change posts, vendor complaints and tool
// questions (see the labelled set's train split), and checked only on
// that split.
var breadthCues = []cue{
	// Hiring.
	{name: "hiring a role", typ: hir, weight: 1.2, phrases: []string{
		"looking for|seeking|need|needs|hiring|hire @num|two|three|four|five|several|multiple|more|additional ... @role",
		"seeks|seeking|recruiting|recruits experienced|skilled|talented|qualified|a|an ... @role", "is seeking|are seeking",
		"help wanted", "now accepting applications", "has an opening|openings", "have an opening|openings", "an opening for",
		"opening for a|an", "we need you", "anyone looking for a job|role|position|work|gig", "is there a|an ... @role out there",
		"join our ... team|office|crew|squad|company|lab|studio", "to join us", "@role to join", "looking to add",
		"apply at|via|through|on|here <url>", "apply <url>", "send ... cv|resume|portfolio ... <email>",
		"seeking|hiring|need|needs a|an freelancer|freelancers|contractor|contractors|developer|developers|designer|designers",
		"looking for your|their next", "love to hear from you", "want to hear from you"}},
	{name: "listing line", typ: hir, weight: 0.7, phrases: []string{"<sep> ... @role", "<sep> remote|onsite|on-site|hybrid|full-time|fulltime|part-time|contract|intern|interns|visa",
		"remote|onsite|hybrid|full-time <sep>", "| sales|marketing|support|product|design|operations|security|infrastructure|platform|data|research |",
		"<sep> sales|marketing|support|product|design|operations|security|infrastructure|platform|data|research <sep>"}},
	{name: "growing the team", typ: hir, weight: 0.9, phrases: []string{"growing|expanding|scaling our|the ... team",
		"@num @role @num @role", "@num @role and @num @role", "opening a bunch of roles", "opened @num new roles"}},
	// By the set's convention a round announced with open roles is a
	// funding event: the round is the news.
	{name: "a round that also hires", typ: hir, weight: -1.2, phrases: []string{"we|has|have raised|closed|secured ... @money",
		"@money ... seed|pre-seed|series|round", "round led by"}},
	{name: "listing details", typ: hir, weight: 0.5, phrases: []string{"@money @money", "@money - @money", "onsite", "on-site",
		"visa", "interns", "relocation"}},
	{name: "job seeker", typ: hir, weight: -2.4, phrases: []string{"for hire", "available for hire", "seeking work",
		"willing to relocate", "looking for work", "seeking freelance|contract|remote work", "available for work",
		"available now", "looking for contract|freelance|remote|full-time|part-time ... work|role|roles|gigs|opportunities",
		"if your team is hiring", "if you are hiring", "if anyone is hiring", "if your company is hiring", "seeking a|an|my ... role",
		"i am a|an ... looking for", "who wants to be hired"}},
	// The monthly Hacker News threads are about hiring, not a company
	// hiring; a launch of a hiring product is selling, not hiring.
	{name: "hiring thread or product", typ: hir, weight: -3.0, phrases: []string{"who is hiring", "who wants to be hired",
		"seeker of freelancers", "seekers of freelancers", "hiring company", "no recruiting firms", "one post per company",
		"show hn", "launch hn", "i built", "we built", "introducing", "open-source|open source ... ats"}},
	{name: "hiring talk", typ: hir, weight: -1.8, phrases: []string{"join us for|at|on|this|next", "job seekers", "job seeker",
		"how we hire", "hiring process", "interview process", "interviewing is", "hiring is broken",
		"recruiters keep", "a recruiter", "hiring advice", "best hiring", "hiring mistakes", "not hiring right now",
		"hiring and firing", "read the job description", "job title|titles", "interview question|questions", "scam"}},

	// Funding.
	{name: "announce round", typ: fun, weight: 1.5, phrases: []string{
		"announced|announcing|announce our|its|a ... seed|pre-seed|round|raise|funding", "announced|announcing|announce our|its ... series a|b|c|d|e",
		"our series a|b|c|d|e|seed", "@money led by",
		"took|taken|take our|its first ... investment|capital|money|check", "took|taken|take an ... investment|capital|money|check", "minority stake", "strategic investment|round",
		"growth investment", "financing led", "round ... led|co-led", "closed|raised|secured|landed a|an|our|their ... round"}},
	{name: "round words", typ: fun, weight: 0.8, phrases: []string{"bringing total funding", "bringing its total", "total raised",
		"term sheet", "term sheets", "on a safe", "venture backed", "venture-backed", "vc-backed"}},
	{name: "funding commentary", typ: fun, weight: -1.6, phrases: []string{"@money fund", "new fund", "fund i|ii|iii|iv|v",
		"venture funding", "startups raised", "funding fell|dropped|declined|rose|slowed", "report says",
		"shut down", "shutting down", "how vcs", "vcs evaluate", "pre-seed|preseed|seed startups|companies|founders",
		"raising a|an|the ... is", "lessons from our", "term sheet twice", "should startups", "funding market", "deal count"}},
	// Someone else's congratulations on a named company's round, or a
	// customer's or an investor's word on it, report the round as surely
	// as the company's own post (docs/labelling.md).
	{name: "congratulations on a round", typ: fun, weight: 1.2, phrases: []string{"congrats|congratulations ... on ... @round|raise|funding|round",
		"congrats|congratulations ... on closing|raising|securing",
		"on their|its|the ... series|seed|pre-seed|raise|round|funding", "on closing|raising|securing their|its|a ... round|series|seed|@money",
		"well deserved round", "led this|the|their round", "congrats|congratulations ... on the a|b|c|seed|raise", "raise|round announced",
		"announced their|its ... seed|round|raise|series", "raised again", "closing|closed|closes a|an @money a|b|c|seed"}},

	// Job change.
	{name: "leaving a role", typ: job, weight: 1.2, phrases: []string{"next stop", "i am moving on", "leaving to become|join|start|lead|build",
		"left ... to become|join|start|lead", "moving on to", "after ... years|year at ... i am|i have", "today is my last",
		"friday was my last", "was my last day"}},
	{name: "named to a role", typ: job, weight: 1.0, phrases: []string{"promoted", "elected ... chair|president|board|director|treasurer",
		"joined|join|joining the board", "board of directors", "as of today|this week|monday i am", "i am officially"}},
	{name: "new role announcement", typ: job, weight: 1.8, phrases: []string{
		"i am leaving|i have left|i left|i quit|i am quitting @name|@vendor|google|microsoft|amazon|apple|meta|facebook",
		"^leaving @name|google|microsoft|amazon|apple|meta|facebook", "^joining @name|@vendor|google|microsoft|amazon|apple|meta",
		"decided to leave", "started at|with @name", "i have started at|with", "i am now at|with @name|@vendor", "my new employer",
		"i @verbjoin @name|@vendor|google|microsoft|amazon|apple|meta", "today i start|started|began|join|joined", "goodbye @name|@vendor",
		"i will be starting|joining", "i am joining", "joining ... as @senior|@role", "started ... as @senior|@role",
		"i have been hired", "i got hired", "i was hired"}},
	{name: "new role announcement", typ: job, weight: 1.8, phrases: []string{"i am leaving @name|@vendor|google|microsoft|amazon|apple|meta",
		"i left @name|@vendor|google|microsoft|amazon|apple|meta ... and joined", "i start ... as|at", "i am starting ... as|at",
		"start next week|month|monday as|at", "starting next week|month|monday as|at", "i got the job", "got the offer", "signed my offer",
		"joined ... as their|its first", "joined ... as a|an @role|@senior", "starting at ... as", "officially started",
		"role to a|an ... role", "to a|an ... role at"}},
	{name: "job seeker", typ: job, weight: -2.4, phrases: []string{"named a leader", "named one of", "named to the"}},
	{name: "looking back", typ: job, weight: -1.2, phrases: []string{"throwback", "@num years ago", "years ago today"}},
	{name: "job seeker", typ: job, weight: -2.4, phrases: []string{"is it normal", "how do i handle",
		"for hire", "available for work", "if your team is hiring", "proud of my brother|sister|son|daughter|wife|husband|friend"}},

	// Competitor engagement.
	{name: "switching vendor", typ: cmp, weight: 1.7, phrases: []string{
		"we are leaving|moving off|moving away from|dropping|ditching|quitting ... @vendor|@name|google|microsoft|amazon|apple",
		"why we are leaving|moving|switching|ditching", "goodbye @vendor", "leaving @vendor",
		"switch|switching|moving|moved|migrate|migrating|leave|ditch|ditching|quit|quitting off|from|away ... google|microsoft|amazon|apple",
		"what are you|people|folks|teams|companies moving|switching|migrating to", "what did you move|switch|migrate|switch|go to",
		"what are you moving|switching to", "use|using|recommend|recommending instead", "ripping out @vendor|@name", "rip out @vendor|@name", "get off it", "get off of it",
		"time to move on", "decided to move on|away", "done with @vendor|@name", "dropping|drop|cancelling|canceling|cancelled|canceled @name"}},
	{name: "vendor comparison", typ: cmp, weight: 1.2, phrases: []string{"anyone made|make|done the switch|move|jump",
		"has anyone made|done the switch|move", "anyone done the move", "made the switch recently", "worth switching|migrating|moving"}},
	{name: "alternative to vendor", typ: cmp, weight: 1.6, phrases: []string{
		"alternative|alternatives|replacement|replacements to|for _ @name|@vendor", "instead of _ @name|@vendor",
		"alternative|alternatives|replacement|replacements to|for google|microsoft|apple|amazon",
		"cancelled|canceled|cancelling|canceling|cancel my|our ... subscription|plan|account|contract|license|licenses"}},
	{name: "vendor complaint", typ: cmp, weight: 1.3, phrases: []string{
		"@vendor|@name is|has|keeps ... getting|gotten|become|becoming ... @bad", "enshittification", "enshittified",
		"@vendor|@name ... raised|raising|hiked|doubled|tripled ... prices|price|pricing|fees"}},
	{name: "a job move, not a vendor", typ: cmp, weight: -2.0, phrases: []string{"to join @name|@vendor ... as", "leaving ... to join",
		"i am leaving|i have left|i left|i quit|i am quitting", "my last day", "my time at", "to work on",
		"joining @name|@vendor as", "as @senior of|at", "my last day", "years at", "as vp|head|director|chief"}},
	{name: "pricing or alternatives", typ: cmp, weight: 0.8, phrases: []string{"new pricing", "pricing change|changes", "price change|changes",
		"renewal quote", "renewal pricing", "our renewal", "the renewal", "an alternative|alternatives for|to", "any alternative|alternatives",
		"cheaper alternative|alternatives|option|options", "fed up with", "sick of", "done with",
		"alternatives|alternative that|which|with"}},
	{name: "leaving an incumbent", typ: cmp, weight: 1.0, gate: gateVendor, phrases: []string{"move on", "moving on", "time for a change",
		"ripping out", "rip out", "get off", "seriously considering", "seriously looking", "pricing", "fees", "keeps breaking",
		"stopped working", "outages", "headache"}},
	{name: "a story, not a search", typ: cmp, weight: -1.6, phrases: []string{"saved us", "here is what happened", "full story",
		"not going back", "is down", "down again", "status page", "just curious", "already chose|picked|decided|switched"}},

	// Real posts bury the move in a longer sentence ("moved our company's
	// password manager off Dashlane", "we're not renewing ZoomInfo"),
	// tell it as a history with the incumbent ("after 6 years on
	// Salesforce"), or ask how the move went for others.
	{name: "switching vendor", typ: cmp, weight: 1.7, phrases: []string{
		"move|moved|moving|migrate|migrated|migrating|switch|switched|switching|get|getting ... off|from|away @vendor",
		"dropped|ditched|killed|quit|sunsetting|sunset|cancelled|canceled|cancelling|canceling ... @vendor|@name", "replaced|replacing ... @vendor",
		"not renewing", "not renew", "not going to renew",
		"let|letting ... lapse", "walking|walk|walked away from", "leaving @vendor|@name for", "moving|switching|migrating ... to @vendor|@name from"}},
	{name: "switching from a named product", typ: cmp, weight: 1.3, phrases: []string{
		"move|moved|moving|migrate|migrated|migrating|switch|switched|switching|get|getting ... off|away @name"}},
	{name: "history with the incumbent", typ: cmp, weight: 0.6, gate: gateVendor, phrases: []string{"years|months on @vendor|@name",
		"been on @vendor|@name", "we are on @vendor|@name", "we use @vendor|@name", "we have used @vendor|@name", "paid @vendor|@name",
		"been with @vendor|@name", "our @vendor|@name renewal|contract|bill|plan|subscription|rep|account|instance|org"}},
	{name: "unhappy with incumbent", typ: cmp, weight: 1.0, gate: gateVendor, phrases: []string{"last straw", "final straw",
		"i am done", "we are done", "had enough", "gone downhill", "went downhill", "talk me out of", "is a scam", "not worth it anymore",
		"renewal came in", "renewal quote", "came in at", "went up again", "up again", "nobody uses", "barely use", "barely used",
		"we use maybe", "paying for features", "paying for ... we never", "no longer fits", "no longer makes sense",
		"does not make sense anymore", "way too pricey|expensive", "too much tool"}},
	{name: "vendor comparison", typ: cmp, weight: 1.2, gate: gateVendor, phrases: []string{"what do|did you miss", "what did you lose",
		"what broke", "did you regret", "how painful was", "anyone who left|switched|moved|migrated", "for those who left|switched|moved|migrated",
		"if you moved|switched|left|migrated", "if you have moved|switched|left|migrated", "people who left|switched|moved|migrated",
		"has anyone switched|moved|migrated|left", "who switched|moved|migrated", "bake-off", "side by side", "parallel run"}},
	// Talk about vendors that is not a buyer leaving one: news, how-tos,
	// a happy customer, a move already made and written up.
	{name: "a story, not a search", typ: cmp, weight: -1.6, phrases: []string{"not switching", "not leaving", "not migrating", "not moving",
		"we are staying", "staying put", "we are keeping", "happy customer", "happy user", "no plans to", "not looking to switch|change|move",
		"not asking anything", "just sharing", "for fun", "fun fact", "every time i see", "remember when", "went back to",
		"the company said", "the company also said", "said in a statement", "according to", "shares rose|fell", "reported revenue",
		"this pr", "closes #", "readme", "badge", "release notes", "this post walks", "this guide", "in this post", "we compared",
		"our scoring", "methodology", "wrote up", "write up", "we finally finished", "lessons from", "what i learned", "things i learned"}},
	{name: "own launch", typ: tec, weight: -1.2, phrases: []string{"this post walks", "this guide", "in this post", "we compared",
		"methodology", "the company said", "according to", "not asking anything", "just bookmarking", "for fun", "fun fact",
		"what i learned", "lessons from", "not looking to switch|change|buy", "trying to learn"}},
	{name: "commentary on others", typ: cmp, weight: -1.0, phrases: []string{"this thread", "these posts|discussions|threads|stories",
		"those posts|communities|stories", "i have watched|seen teams|companies|people", "listicle", "explained in", "year in review",
		"looking back", "has introduced", "under the change", "@num tools|alternatives|options compared", "full comparison",
		"comparison table", "read on", "adds docs", "migration guide", "no code changes", "what is new", "full changelog", "changelog"}},
	{name: "bug report", typ: cmp, weight: -1.2, phrases: []string{"to reproduce", "workaround", "not a bug", "repro",
		"expected behavior|behaviour", "stack trace", "steps to reproduce"}},
	{name: "a job move, not a vendor", typ: cmp, weight: -2.0, phrases: []string{"i am leaving @name|@vendor ... after",
		"starting at ... as", "start next week|month|monday as|at", "starting next week|month|monday as|at"}},

	// Tech research.
	{name: "looking for a tool", typ: tec, weight: 1.5, phrases: []string{"what|which ... are|is ... using", "what|which ... do|does ... use",
		"recommendations|recs|suggestions for|on a|an|the|our|my|good", "best ... @tool for|to", "best way to", "a good @tool for|to|that",
		"what is a good", "is there a|any good", "any good ... @tool", "search for a|an new|better ... @tool|system",
		"looking for a|an new|better|different ... @tool", "need a|an new|better|simple|good ... @tool", "@tool recommendations|suggestions|recs", "choosing|deciding|torn between", "help choosing|picking",
		"help me pick|choose|decide", "what would you recommend|choose|pick|use", "which would you choose|pick|recommend",
		"would love recommendations", "looking to implement", "kicking off a search", "selection process",
		"been through a|an ... selection"}},
	// "Metabase vs Superset vs Redash?": three candidates side by side
	// is a shortlist, not a complaint about one incumbent.
	{name: "looking for a tool", typ: tec, weight: 1.5, phrases: []string{
		"@vendor|@name vs|versus @vendor|@name vs|versus @vendor|@name"}},
	{name: "a shortlist, not an incumbent", typ: cmp, weight: -1.2, phrases: []string{
		"@vendor|@name vs|versus @vendor|@name vs|versus @vendor|@name"}},
	// How real tool questions end: a list of names and "which one?".
	{name: "looking for a tool", typ: tec, weight: 1.5, phrases: []string{"need a better way to", "looking for a better way",
		"is there a tool|app|service|platform",
		"which of these", "which one would you", "what did you go with|choose|pick|land on|end up with",
		"what do other ... use", "what are other ... using", "what do ... owners|teams|firms|shops|studios|clinics|schools|agencies|companies use",
		"help me build a shortlist", "where would you start", "what would you pick|choose|use today", "look at|into ... @tool"}},
	{name: "asks for advice", typ: tec, weight: 0.8, phrases: []string{"keep coming up", "keeps coming up", "keep hearing", "looked at",
		"looking at", "anyone have a recommendation|recommendations", "on the list", "on my list", "has anyone implemented|deployed|rolled out|used",
		"anyone using one of these", "anyone running", "how long did ... take", "heard of", "has anyone integrated"}},
	{name: "asks for advice", typ: tec, weight: 0.8, phrases: []string{"does anyone know a|an|of|any", "anyone know a|an|of|any good",
		"is there a|an|any ... that|which|for", "how do you|people|teams|folks ... manage|track|handle|organize|store|deploy|monitor|host|automate|test|keep|maintain|share",
		"what is your ... setup|stack|workflow|process|toolchain", "what do you guys|folks|all use", "is it worth paying"}},
	{name: "job seeker", typ: tec, weight: -2.0, phrases: []string{"who wants to be hired", "willing to relocate", "seeking work",
		"looking for a job|role|position", "applied to", "laid off",
		"open to work", "for hire", "my resume", "résumé"}},
	{name: "tool topic", typ: tec, weight: 0.6, phrases: []string{"@tool for a|an|small|my|our|teams", "any experiences", "real experiences",
		"looking at @name|@vendor", "budget around|is|of"}},
	{name: "not a business purchase", typ: tec, weight: -1.4, phrases: []string{"convince my|our boss|manager|leadership", "just curious",
		"already chose|picked|decided|bought|switched", "for personal use", "my kids", "vacation", "dentist", "doctor", "apartment", "car"}},
}
