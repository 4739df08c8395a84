package detect

// longformCues widen the tables for long, indirect posts: personal blog
// posts, forum threads, GitHub issues and founder updates, where the
// signal is said once, in everyday words, in the middle of a story. A cue
// with the name and type of an existing one adds phrases to it and keeps
// its weight (see allCues). Drawn from the train split's long-form rows
// (docs/labelling.md), never from an outside evaluation file.
var longformCues = []cue{
	// Hiring: a small employer's post rarely says "we're hiring".
	{name: "hiring a role", typ: hir, weight: 1.4, phrases: []string{"@role wanted", "i|we need a|an ... @role",
		"we are adding @num", "adding @num ... engineers|people|reps|hires", "candidates for the roles", "roles go up",
		"send me a link to|your", "send your resume|cv|portfolio", "dm me or call", "call the office"}},

	// Funding: other people's rounds told as history or advice.
	{name: "funding commentary", typ: fun, weight: -1.6, phrases: []string{"how we raised", "how to hire after",
		"after you raise", "you have closed a round", "post-funding", "kicking off our|a ... process", "nobody announces",
		"the fund plans|will", "per company", "our first|second|third|fourth|new ... fund", "for its ... fund|vehicle"}},

	// Job change: an announcement at the end of a long search story.
	{name: "starting a new job", typ: job, weight: 1.6, phrases: []string{"accepted a|an|the|their ... offer",
		"gave|given|handed in ... notice", "start at the new", "the offer came through", "i took the ... offer", "signed today",
		"start in @num|two|three ... weeks", "start monday", "starting monday", "moving over to lead|run|head|join", "and started my own",
		"recently joined ... as the|a|an", "starting as the|a|an first", "first ... hire at", "accepted a|the ... position|role|job",
		"i start on|next|in", "start on the @num", "my first day at|is", "next monday i", "changing jobs", "got a job at|as",
		"got the job", "new job at|as", "got a promotion", "got promoted", "she|he is now the|a|an", "i am now the|a|an",
		"my new company", "where i am founder|ceo|cto|co-founder", "quit to start", "left to start", "day one of|at"}},

	// Competitor engagement: the move said as actions, not as "switching".
	{name: "switching vendor", typ: cmp, weight: 1.7, phrases: []string{"demos set up with", "demos scheduled|booked with",
		"consider|considering switching|moving|migrating", "if we switch|move|migrate", "moved|moving ... onto", "moved|moving ... over to",
		"trial accounts", "we are done with", "not spending another", "other systems|vendors|providers|platforms",
		"moving every|all|our ... clients|customers|users|teams to", "pulling @vendor|@name off", "trial is already on", "prototyping ... in",
		"plan the migration", "renew vs", "anyone already switched", "we tried @name|@vendor first"}},
	{name: "a story, not a search", typ: cmp, weight: -1.6, phrases: []string{"is there a way to", "correct way to",
		"step by step", "loving it", "what you get", "what is included", "congrats on choosing", "in @num steps",
		"do not need to move", "after all",
		"have not looked back", "back in @num", "we stayed", "stayed on", "writeup", "write-up", "from the outside", "clean up your",
		"check your", "before you migrate|start|switch|move"}},

	// Tech research: the ask said indirectly.
	{name: "looking for a tool", typ: tec, weight: 1.5, phrases: []string{"is there software|something|anything that", "is there a|an tool|app|product|service|platform|system that|for",
		"what did ... end up with", "what did ... go with", "what did ... choose|pick", "what has worked for", "what worked for", "who is using what",
		"anyone running something|anything", "anyone found a|an|any", "open to suggestions", "looking for ... software|system|platform|solution|app",
		"considering a|an ... tool|platform|software|system", "what is a sane", "what are similar|other ... using|doing",
		"what have you|people|others", "is it time for a|an", "which ones work", "what do other ... use", "is this a job for",
		"do people build", "looking for something", "what is the lean|best|simplest|cheapest ... setup|stack|way", "built for ... businesses|teams|shops"}},
	{name: "asks for advice", typ: tec, weight: 0.8, phrases: []string{"similar size", "similar-sized", "our size", "war stories",
		"what do you wish", "what would you check"}},
	{name: "not a business purchase", typ: tec, weight: -1.0, phrases: []string{"for the family", "my family", "my parents",
		"household", "personal budget|budgeting|finances", "final year", "uni project", "university project", "homework",
		"vacuum", "break into", "should i learn", "career pivot", "to learn first"}},
}
