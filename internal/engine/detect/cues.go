package detect

import "github.com/signalpipe/signalpipe/internal/engine"

// cue is one piece of evidence: phrases that, when found un-negated, add
// weight (negative for counter-evidence) to a signal type.
type cue struct {
	name    string
	typ     engine.SignalType
	weight  float64
	phrases []string
	gate    gate
	// unless names a cue of the same type that, when it fires, silences
	// this one: a job seeker's story does not cancel "I start on the 1st".
	unless string
}

// gate makes a cue count only when the post has some wider property.
type gate uint8

const (
	always     gate = iota
	gateVendor      // only when a known vendor is named somewhere in the post
)

// Short names for the types, to keep the table readable.
const (
	hir = engine.HiringActivity
	fun = engine.FundingEvent
	cmp = engine.CompetitorEngagement
	job = engine.JobChange
	tec = engine.TechResearch
)

// cueTable is the detector's knowledge. Weights are on a scale where about
// 1.0 is enough on its own to call a signal; context cues carry negative
// weights. It was written from general knowledge of how people phrase these
// things and tuned only on the train split of the labelled set.
//
// Pattern syntax: words separated by spaces; "a|b" alternatives; "pre*" a
// word prefix; "_" any word; "..." up to four words within the sentence;
// "@class" a word class (see classes.go); a leading "^" anchors the
// pattern at the start of a sentence.
var cueTable = []cue{
	// Hiring: an employer announcing open roles.
	{name: "we're hiring", typ: hir, weight: 1.6, phrases: []string{"we are hiring", "we are ... hiring", "#hiring", "#werehiring",
		"now hiring", "is hiring", "are hiring", "team is hiring", "we hire", "currently hiring", "actively hiring", "^hiring",
		"hiring alert", "^job", "^jobs", "^[job]", "i am hiring", "still hiring", "hiring now", "we are recruiting", "is recruiting",
		"are recruiting", "recruiting for", "staffing up"}},
	{name: "hiring a role", typ: hir, weight: 1.2, phrases: []string{"hiring|recruiting a|an|our|two|three|several|multiple|more|new ... @role",
		"hiring @num ... @role", "hiring for our", "to hire a|an|our ... @role", "looking to hire", "plan to hire",
		"planning to hire", "need to hire", "hire @num", "hire our first", "first @role hire", "make our first ... hire",
		"my first hire", "our first hire", "first hire", "bring on a|an ... @role", "bringing|bring on @num|two|three|several ... @role", "add a|an ... @role",
		"adding @num ... @role", "adding a|an ... @role", "adding a", "to add a|an ... @role", "fractional @role",
		"freelance|contract|part-time|full-time @role", "contract-to-hire", "contract to hire", "@role wanted",
		"@role needed", "| ... @role", "on the lookout for", "searching for a|an ... @role", "wants a|an ... @role",
		"know a|an|any ... @role", "referral", "refer a|someone|anyone|them|your", "@role gig", "one more head"}},
	{name: "join our team", typ: hir, weight: 1.3, phrases: []string{"join our|the team", "join us", "come work with us", "come build with us",
		"join a|our growing", "join our mission", "help us build", "come talk to us", "come help", "if that is you", "tag someone",
		"let us chat", "hmu", "reply or dm", "my dms are open", "dm me for the jd", "send a short letter"}},
	{name: "weak hiring words", typ: hir, weight: 0.5, phrases: []string{"apply", "portfolio", "careers", "know anyone", "another @role",
		"need someone", "taking on", "staffing", "resume|resumes|cv|cvs", "candidates who"}},
	{name: "open roles", typ: hir, weight: 1.2, phrases: []string{"open roles", "open positions", "open position", "open role", "positions open",
		"job opening|openings", "an opening", "openings", "roles open", "new roles", "vacancy|vacancies", "careers page",
		"apply here|now|today|via|at|through|on", "send your cv|resume", "send me your cv|resume", "job description", "jd", "roles across",
		"positions across", "open reqs", "reqs", "roles to fill", "positions to fill", "seats to fill", "@num roles|positions|openings|spots|seats", "@num open ... roles|positions|reqs|jobs", "open ... roles|positions",
		"internship program", "opened applications", "applications are open", "accepting applications", "apprentice|apprentices",
		"budget for one more"}},
	{name: "looking for a role-holder", typ: hir, weight: 1.3, phrases: []string{"we are looking for a|an ... @role", "we are looking for ... @role", "we are seeking a|an ... @role",
		"looking for a|an|two|three ... @role", "seeking a|an ... @role", "need a|an ... @role", "needs a|an ... @role",
		"looking for @role", "need @num ... @role", "need two|three|several ... @role", "need one more @role",
		"looking to bring on", "looking for someone|somebody who|to|for",
		"looking for|seeking|need|hire|hiring an|a experienced|skilled|talented|part-time|freelance"}},
	{name: "growing the team", typ: hir, weight: 0.9, phrases: []string{"growing our|the team", "expanding our|the team", "scaling our|the team",
		"building out our|the|my", "doubling the|our ... team", "headcount", "hiring spree", "grow the team", "team is growing",
		"adding @num", "build our|the ... team", "scaling from", "our recruiting pipeline"}},
	{name: "listing details", typ: hir, weight: 0.5, phrases: []string{"| remote", "| onsite", "| on-site", "| hybrid",
		"| full-time|fulltime|contract", "full-time|fulltime|full role|position", "full time", "part time", "part-time", "salary",
		"salary range", "salary band", "equity", "visa sponsorship", "compensation", "comp", "benefits", "remote ok",
		"base salary", "ote", "years of experience", "no recruiters", "no agencies", "recruiters or agencies", "your rates",
		"your rate", "hourly rate", "hours a week|month", "reply with", "you will", "you would", "must have", "must be", "experience a plus",
		"a plus", "ideally someone", "paid well", "paid hourly", "paid per", "remote within", "fully remote", "remote-first",
		"remote first", "hybrid in", "based in", "report to me", "reporting to", "interview", "contract", "@num yrs"}},
	// A job seeker is not an employer hiring, nor (yet) a job change.
	{name: "job seeker", typ: hir, weight: -2.4, phrases: []string{"open to work", "#opentowork", "looking for a job", "looking for work",
		"looking for a new role|job|position|opportunity", "looking for my next", "job hunt", "job hunting", "job search",
		"job searching", "got let go", "was let go", "been let go", "seeking new opportunities", "my resume", "my cv", "hire me",
		"need a job", "unemployed", "who wants to be hired", "looking for opportunities", "any leads on", "applied to", "applying to",
		"sent ... applications", "@num applications", "interviewing for", "interviewing at", "interviewed at",
		"i am looking for a|an ... role|job|position", "offer letter", "ghosted", "how do i get hired", "review my resume",
		"still looking for my", "is still hiring", "still hiring?", "companies hiring", "know of any openings"}},
	{name: "job seeker words", typ: hir, weight: -0.8, phrases: []string{"laid off", "willing to relocate", "any openings", "rejected",
		"rejection|rejections", "career change", "bootcamp"}},
	{name: "hiring talk", typ: hir, weight: -1.6, phrases: []string{"hiring freeze", "not hiring", "no longer hiring", "stopped hiring",
		"paused hiring", "layoffs", "laying off", "let go of", "cut the team", "downsizing", "no open roles", "not recruiting",
		"hiring is", "hiring market", "job market", "learned from hiring", "lessons from hiring", "why is hiring",
		"tips for hiring", "how to hire", "how do you hire", "advice on hiring", "things i learned", "fully staffed",
		"hiring posts", "as a hiring manager", "just kidding", "jk", "interviewed over", "i have interviewed", "hiring managers", "your job posts",
		"job postings"}},

	// Funding: a company announcing its own round (or press reporting one).
	{name: "we raised", typ: fun, weight: 1.8, phrases: []string{"we raised", "we have raised", "we just raised", "we closed", "we have closed",
		"we secured", "we have secured", "we are funded", "we got funded", "just got funded", "got funded", "we landed",
		"we have just closed", "we officially raised", "we are backed by", "we raised money", "is backed", "we took our first",
		"first outside money", "outside money", "our first institutional round", "first institutional", "signed our ... round",
		"wrapped our ... round", "round is closed", "round is official", "round is done", "now backed by", "signed the term sheet"}},
	{name: "announce round", typ: fun, weight: 1.5, phrases: []string{"announce our|a|the ... @round", "announce ... @money", "announcing our ... @round",
		"closed our|a|its|the|their ... @round", "closed ... @money", "our @round round|raise|funding|extension", "raised ... @money",
		"raises ... @money", "raising ... @money ... led", "secures ... @money", "secured ... @money", "lands ... @money",
		"bags ... @money", "nabs ... @money", "@money ... @round", "@money in funding|financing|seed|capital|investment",
		"@money round", "@money raise", "@money investment", "@money seed", "@money pre-seed", "received ... @money",
		"completed a|an|its|our ... financing|round", "closes|snags|nets|gets|picks ... @money", "closed last|this|yesterday|today", "@money growth", "has|had|have raised ... @money", "has|had|have raised ... funding|round|@round",
		"secured|secures|received|receives|raised|closed ... funding|investment|financing", "accepted a|an ... investment",
		"series a|b|c|d|e round|financing|funding", "seed round", "seed extension", "pre-seed|preseed", "new round of funding"}},
	{name: "round words", typ: fun, weight: 0.8, phrases: []string{"series a|b|c|d|e", "funding round",
		"round led by", "led by", "co-led by", "participation from", "with participation", "new investors", "existing investors",
		"existing backers", "oversubscribed", "fresh funding", "new funding", "new capital", "fresh capital", "funding announcement",
		"backed by", "investment from", "growth round", "growth equity", "valuation of", "post-money", "lead investor",
		"investors include", "total funding", "angel round", "angels", "funding news", "funded", "funding"}},
	{name: "funding use", typ: fun, weight: 0.5, phrases: []string{"the funding will", "funds will", "capital will", "use the funding|money|capital",
		"new funding to", "to accelerate", "thank our investors", "thanks to our investors", "this round will", "this funding",
		"the capital to", "spend it on", "money in the bank"}},
	{name: "funding commentary", typ: fun, weight: -1.6, phrases: []string{"how to raise", "how do i raise", "how do you raise", "should i raise",
		"should we raise", "fundraising advice", "fundraising tips", "pitch deck", "bubble", "overvalued", "why do startups",
		"why are vcs", "vcs are", "trying to raise", "planning to raise", "looking to raise", "hope to raise", "want to raise",
		"failed to raise", "cannot raise", "could not raise", "struggling to raise", "down round", "bootstrapped vs",
		"instead of raising", "decided not to raise", "never raised", "never had to raise", "i read that", "competitor raised",
		"competitor just raised", "they raised", "they just raised", "funding data", "funding is not", "stop celebrating",
		"investors decide", "start fundraising", "annotated", "asking for a friend", "celebrating funding", "celebrate profitability"}},
	{name: "funding chatter", typ: fun, weight: -0.8, phrases: []string{"another startup", "another ai startup", "rumor|rumour", "board seat", "stock is", "earnings", "analysts", "ran out of money", "raising is",
		"fundraising is"}},
	{name: "idiom", typ: fun, weight: -3.0, phrases: []string{"raised the bar", "raised concerns", "raised a question|questions",
		"raised an issue|issues", "raised a ticket", "raised my hand", "raised the price|prices", "raised the issue"}},
	{name: "charity, not a round", typ: fun, weight: -3.0, phrases: []string{"donors", "donation|donations", "donate", "fundraiser",
		"charity", "nonprofit", "non-profit", "crowdfunding", "kickstarter", "gofundme", "fundraising goal"}},
	{name: "price not funding", typ: fun, weight: -2.0, phrases: []string{"raised prices|price|rates|fees", "raised the|our|its|their price",
		"raised ... prices", "@money per|a|/ user|seat|month|year|mo|yr", "@money a year", "per seat", "per user",
		"renewal", "pricing", "price increase", "price hike"}},

	// Competitor engagement: unhappy with, leaving, or comparing a named incumbent.
	{name: "alternative to vendor", typ: cmp, weight: 1.6, phrases: []string{"alternative|alternatives|replacement|substitute to|for @vendor",
		"@vendor alternative|alternatives|replacement", "cheaper than @vendor", "better than @vendor", "instead of @vendor",
		"replace|replacing|replaced @vendor", "similar to @vendor", "like @vendor but", "swapping|swap|swapped @vendor",
		"@vendor for @vendor", "@vendor as a replacement", "other than|besides @vendor|@name", "something other than"}},
	{name: "switching vendor", typ: cmp, weight: 1.7, phrases: []string{"switch|switching|switched|move|moving|moved|migrate|migrating|migrated|transition|transitioning from|off|away @vendor",
		"away from @vendor", "off of @vendor", "leave|leaving|left|ditch|ditching|dump|dumping|drop|dropping|cancel|canceling|cancelling|canceled|cancelled|churn|churning|sunset|sunsetting ... @vendor",
		"from @vendor to", "outgrown|outgrew @vendor", "get off @vendor", "moving off", "migrate off", "migrating off",
		"switch crms", "switching crms", "switch providers|vendors|tools|helpdesks", "switching providers|vendors|tools|helpdesks",
		"replace our current", "replacing our current", "our current vendor|provider|tool|platform|crm|dialer", "contract is up",
		"renewal is coming|up", "ending our @vendor", "regret moving off", "moving our ... off", "rip it out", "jump ship", "jumping ship",
		"made the jump", "leaving @vendor", "reviewing our contract", "contract with @vendor", "what other teams use", "moved off", "move off", "anyone switch|switched"}},
	{name: "unhappy with incumbent", typ: cmp, weight: 1.0, gate: gateVendor, phrases: []string{"something else", "other options",
		"other crms", "other tools", "other vendors", "other providers", "look elsewhere", "looking at other", "alternatives", "alternative",
		"@money seat|user|month", "per seat", "per user",
		"switch", "switching", "migrate", "migrating", "migration", "moving to", "move to", "moved to", "replacing", "replace",
		"outgrown", "outgrowing", "outgrew", "leaving", "ditch", "cancel", "renewal", "price increase", "raised prices",
		"prices", "too expensive", "bill", "regret", "regretting", "unhappy", "frustrated", "frustrating", "fed up", "unbearable",
		"awful", "terrible", "bloated", "absurd", "insane", "wild", "silly", "useless", "worse", "mess", "hates", "hate",
		"driving ... crazy", "killing us", "eating into", "more this year", "nearly doubled", "doubled", "3x", "triple",
		"quoted", "quote", "is it worth switching", "grass greener", "make no sense", "lacks", "too simple", "too heavy",
		"is so bad", "so bad", "limiting", "sync issues", "breaks", "bounce", "outdated", "mostly wrong", "instead", "compared"}},
	{name: "switching from a named product", typ: cmp, weight: 1.3, phrases: []string{
		"alternative|alternatives|replacement|replacements to|for @name", "@name alternative|alternatives|replacement",
		"switch|switching|switched|move|moving|moved|migrate|migrating|migrated|transition|transitioning from|off @name",
		"leave|leaving|left|ditch|ditching|dump|dumping|cancel|canceling|cancelling|replace|replacing|outgrown|outgrew @name",
		"away from @name", "off of @name", "@name vs|versus @name", "instead of @name", "cheaper than @name", "better than @name"}},
	{name: "vendor complaint", typ: cmp, weight: 1.3, phrases: []string{"@vendor is|has|keeps|was ... @bad", "@vendor ... so @bad", "@bad @vendor",
		"frustrated|unhappy|fed|sick|tired|annoyed|disappointed ... with|of|by @vendor", "hate|hating @vendor",
		"@vendor pricing", "@vendor price", "@vendor raised|doubled|increased|hiked", "@vendor renewal", "@vendor support is",
		"@vendor keeps", "problems with @vendor", "issues with @vendor", "@vendor sucks", "@vendor is killing", "@vendor bill",
		"@vendor wants", "@vendor fees", "@vendor data is", "@vendor ... @bad", "@vendor ... pricing|price|prices|bill|renewal|quote"}},
	{name: "vendor comparison", typ: cmp, weight: 1.2, phrases: []string{"@vendor vs|versus|or @vendor", "@vendor vs|versus", "compared to @vendor",
		"comparing @vendor", "@vendor compared", "anyone moved from", "anyone switched from", "anyone migrated from", "anyone moved",
		"has anyone left", "experience migrating", "migration from", "after leaving", "who moved to", "moved to a different"}},
	{name: "generic switching", typ: cmp, weight: 0.7, phrases: []string{"switch from", "switching from", "migrating from", "moving from", "move away from",
		"moving away from", "alternatives to", "alternative to", "replacement for", "sunset|sunsetting our", "price increase", "price hike"}},
	{name: "fan of incumbent", typ: cmp, weight: -1.4, phrases: []string{"we love @vendor", "love @vendor", "no regrets",
		"best ... we have used", "renewed our", "just renewed", "we are keeping it", "keeping it though", "not switching",
		"shoutout", "office hours", "trailhead", "memes", "stock", "certification|certifications", "admin cert"}},

	// Job change: someone starting (or being named to) a new role.
	{name: "new role announcement", typ: job, weight: 1.8, phrases: []string{"@glad to announce|share ... i|that ... @verbjoin", "@glad to announce|share ... my new",
		"@glad to join|joined|be joining", "i have @verbjoin", "i @verbjoin ... as", "i have accepted", "i accepted", "i am joining",
		"i just joined", "i have just joined", "i recently joined", "just joined", "recently joined", "officially joined",
		"starting a new position|role|job|chapter", "started a new position|role|job", "new position as", "new role as",
		"my new role", "my new position", "my new job", "first day at|as", "first week at|as", "my first day|week", "day one at",
		"day 1 at", "promoted to", "got promoted", "i am now the|a", "stepped into", "taking on the role",
		"take on the role", "new adventure", "i am the new", "as the new @senior", "as our new",
		"as their new", "joined ... as @senior", "joins ... as", "has joined ... as", "please welcome", "welcome ... to the team", "welcome ... our new",
		"appointed|named ... as|new @senior", "appoints", "names ... new|as @senior", "hired as", "hired me as", "i got the job",
		"accepted an offer", "accepted the offer", "signed my offer", "i will be leading|joining|heading|running|serving",
		"i am starting as|at", "i am starting my|a new", "i start as|at", "i start my new", "i am now", "now leading|running|heading", "officially the new",
		"the new @senior at|of", "i have been named|made|appointed|promoted|hired", "been named", "been appointed", "been promoted",
		"was just made", "was made", "got the ... job", "accepted a|the ... role|position|offer", "just accepted", "serving as",
		"joining ... as", "moved into a new role", "new role", "switched companies", "switched jobs", "just started as",
		"started as", "started my new job|role|position", "i just started", "just been hired", "got hired as", "welcome aboard",
		"new beginnings", "begin my", "i begin", "new gig", "internal promotion",
		"my journey as", "been hired as", "i am starting as|at", "i start as"}},
	{name: "named to a role", typ: job, weight: 1.0, phrases: []string{"new chapter", "next chapter", "to welcome", "warm welcome",
		"stepping into", "new job", "named|appointed|promoted|tapped ... @senior", "names|named|appoints|appointed|taps|tapped|promotes|promoted|hires|hired|welcomes ... as|to",
		"as chief|its|our|their ... officer", "as chief", "chief ... officer", "as its new|first", "as head|director|vp|cto|ceo|cfo|coo|cmo|cro",
		"to lead its|our|their", "effective next|immediately", "replacing co-founder|founder", "as @senior", "as lead", "as their|our @role",
		"as the @role", "formerly of", "former @vendor", "former ... executive|leader|vp"}},
	{name: "leaving a role", typ: job, weight: 1.0, phrases: []string{"last day at", "my last day", "after @num years at", "after @num years with",
		"moving on from", "said goodbye to", "goodbye to", "left ... to join", "leaving ... to join", "stepping down", "left my ... job",
		"grateful for my time", "to my old team", "moved over from"}},
	{name: "new in role", typ: job, weight: 0.6, phrases: []string{"new to the role", "@num days into", "@num weeks into", "first @num days",
		"in my new", "new @senior here", "newly appointed", "just took over", "took over as", "inherited a|the|an", "new in role",
		"inheriting", "weeks into my", "months into my", "first time leading"}},
	{name: "job seeker", typ: job, weight: -2.6, unless: "starting a new job", phrases: []string{"open to work", "#opentowork", "looking for a job", "looking for work",
		"looking for my next", "looking for a new role|job|position|opportunity", "hire me", "should i accept", "should i take",
		"thinking about leaving", "thinking of leaving", "considering leaving", "counter offer|counteroffer", "how do i negotiate",
		"work anniversary", "years at ... today", "celebrate @num years", "is it rude to leave", "if a better offer",
		"job hunting", "job search", "how do i get hired"}},
	// A colleague's congratulations name the person and the new role as
	// well as their own announcement would (docs/labelling.md).
	{name: "congratulations on a new role", typ: job, weight: 1.4, phrases: []string{"congrats|congratulations ... on ... new role|position|job|gig",
		"congrats|congratulations ... on becoming|joining|starting", "congrats|congratulations ... on ... new role|position as",
		"on her|his|their new role|position|job", "lucky to have you|her|him|them"}},
	{name: "job seeker words", typ: job, weight: -0.8, phrases: []string{"laid off", "was let go", "seeking new opportunities", "unemployed",
		"rejected", "interviewing", "negotiate", "career advice", "new grad", "retired", "career change", "career path", "applications", "my resume"}},

	// Tech research: looking for, evaluating or comparing tools for a need.
	{name: "looking for a tool", typ: tec, weight: 1.5, phrases: []string{"looking for a|an|some ... @tool", "looking for @tool", "searching for a|an ... @tool",
		"in the market for", "shopping for", "shopping around", "need a|an|some ... @tool", "need @tool", "recommend a|an|any|some ... @tool",
		"recommendations for|on ... @tool", "what @tool do you", "which @tool do|should|would|are", "which ... @tool", "what ... @tool do|does|are|is ... use|using", "favorite|favourite|go-to ... @tool", "most reliable ... @tool", "best way to manage|track|handle|run|automate|organize", "what are you using", "what do you use",
		"what do you all use", "what does your team use", "what are people using", "what is everyone using", "what are folks using",
		"what are you all using", "what do ... use for|to", "what @tool", "which @tool", "best @tool for", "good @tool for",
		"has anyone implemented", "is there a|an ... @tool", "any @tool", "what is your setup|stack", "your stack for",
		"what is out there", "trying to pick|choose|find|decide", "help me choose|pick", "would you choose|pick", "how did you pick|choose",
		"who is happy with", "happy with theirs", "what made the difference", "researching", "looking into", "investigating",
		"recs for", "have recs", "choose|choosing|pick|picking|select|selecting a|an ... @tool", "@tool selection",
		"suggest|recommend ... @tool", "have any of you used", "any of you used", "worth the money", "what should we consider", "what should i look at", "what would you start with", "vs building",
		"build or buy", "build vs buy", "buy vs build", "options that", "what tools", "which tools", "what tool", "which tool",
		"what software", "which software", "any platforms", "any tools", "find options", "we are starting an rfp", "rfp"}},
	{name: "evaluating", typ: tec, weight: 1.4, phrases: []string{"evaluating", "we are evaluating", "anyone compared", "has anyone compared", "shortlist|shortlisted", "comparing",
		"vendor selection", "request for proposal", "proof of concept", "poc", "pilot|piloting", "running a trial", "trialing|trialling",
		"demos booked", "demo|demos of|with", "pros and cons", "pricing for", "evaluate", "assessing", "benchmarking",
		"selecting a", "in the process of selecting", "requirements list", "questions should i ask"}},
	{name: "asks for advice", typ: tec, weight: 0.8, phrases: []string{"any recommendations", "any recs", "recommendations", "suggestions for|on",
		"any suggestions", "suggestions welcome", "need suggestions", "what is the best", "what are the best", "best way to", "options for",
		"looking at options", "has anyone used", "anyone used", "anyone using", "anyone tried", "has anyone tried",
		"anyone have experience", "anyone had experience", "experience with", "thoughts on", "opinions on",
		"how do you|teams handle|manage|track|automate|run", "how are you handling|doing", "how does your team", "what would you pick",
		"can anyone recommend", "could someone recommend", "would appreciate hearing", "would love to hear what", "ideas",
		"what should be on", "lessons learned from your", "opinions", "tell me what you love", "give me your opinions"}},
	{name: "ask", typ: tec, weight: 0.5, phrases: []string{"ask hn", "ask reddit", "question for", "which one", "which is better",
		"what would you", "what should we", "should we use", "should i use", "would you recommend", "recommend", "quick poll",
		"procurement question"}},
	{name: "tool topic", typ: tec, weight: 0.5, phrases: []string{"@tool", "@vendor", "automation", "integrates|integration", "sso",
		"workflows", "budget is"}},
	{name: "worth it", typ: tec, weight: 0.3, phrases: []string{"worth it", "is it worth", "worth paying"}},
	{name: "pain", typ: tec, weight: 0.4, phrases: []string{"struggling with", "struggle with", "pain point", "painful", "manual process", "manually",
		"spreadsheets", "spreadsheet", "drowning in", "takes forever", "cannot keep up", "bottleneck", "wasting hours", "tired of",
		"will not scale", "not cutting it", "falling apart", "chaos", "getting messy", "keep missing"}},
	{name: "soft self-reference", typ: tec, weight: -0.7, phrases: []string{"we built", "i built", "we made", "i made", "how we", "how i"}},
	{name: "own launch", typ: tec, weight: -2.0, phrases: []string{"show hn", "launch hn", "introducing",
		"we launched", "we just launched", "we are launching", "just launched", "we are excited to launch", "our new feature",
		"check out our", "check it out", "try it free", "product hunt", "we are live", "now live",
		"now available", "announcing", "dm me for", "link in bio", "book a demo", "use code", "release notes", "changelog",
		"open-sourced", "open sourcing", "open-sourcing", "tutorial", "guide to", "so you do not have to", "write-up", "a deep dive",
		"step by step", "register through", "free workshop", "we surveyed", "full report"}},
	{name: "soft promotion", typ: tec, weight: -0.6, phrases: []string{"our product", "our tool", "our platform", "v2", "2.0", "released",
		"sign up", "signup", "free trial", "waitlist", "discount",
		"webinar", "podcast", "report"}},
	// A story of a switch already made is content, not a buyer.
	{name: "retrospective", typ: cmp, weight: -3.0, phrases: []string{"why we moved|switched|left|migrated|ditched|replaced",
		"how we moved|switched|migrated|replaced", "retrospective", "write-up", "post-mortem|postmortem", "case study"}},
	{name: "own launch", typ: cmp, weight: -1.8, phrases: []string{"we built", "i built", "we made", "i made", "lessons learned",
		"book a demo", "dm me for", "discount", "how we", "how i", "guide to", "tutorial", "so you do not have to"}},
	// A launch is decisive: whatever it compares itself to, the author is
	// selling, not buying.
	{name: "launch", typ: cmp, weight: -3.5, phrases: []string{"show hn", "launch hn", "introducing", "open-source alternative",
		"open source alternative", "we launched", "we just launched", "just launched", "sign up today|now|here|free|for free",
		"start your|a free trial", "free trial today|now", "try it free", "use code", "check out our", "is live on", "we are live"}},
	{name: "launch", typ: tec, weight: -1.5, phrases: []string{"show hn", "launch hn", "introducing", "open-source alternative",
		"open source alternative", "we just launched", "just launched", "try it free", "use code", "is live on"}},
	{name: "not a business purchase", typ: tec, weight: -1.0, phrases: []string{"recipe", "plumber", "keyboard", "restaurant", "bar in",
		"degree", "bootcamp", "career", "standing desk", "shed", "garden", "weather", "roof", "salary", "book?", "favorite programming",
		"learning rust", "certifications", "worth learning"}},
}
