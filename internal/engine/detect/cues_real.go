package detect

// realCues widen the tables for formats real posts use and our written
// posts rarely did: a careers page that never says "we're hiring" but
// describes the role, a founder's "just raised a large seed round", a
// terse task in an issue tracker ("Investigate tools to…"). Drawn from a
// development set of real public posts gathered and labelled by hand for
// this purpose (kept outside the repository, since the posts are not
// ours to copy), never from an outside evaluation file. A cue with the
// name and type of an existing one adds phrases to it (see allCues).
var realCues = []cue{
	// Hiring: the job description itself.
	{name: "job description", typ: hir, weight: 1.4, phrases: []string{"in this role you will", "in this role you",
		"about the role", "about this role", "what you will do", "what you will be doing", "you will be responsible for",
		"key responsibilities", "your responsibilities", "responsibilities include", "what we are looking for",
		"what we look for", "the ideal candidate", "nice to have", "nice-to-have", "bonus points if", "bonus if you",
		"years of experience", "years of professional experience", "visa sponsorship", "how to apply",
		"first engineering hire", "founding engineer", "our first engineer", "our first hire", "we want you to"}},

	// Funding: a founder's own words for the round.
	{name: "announce round", typ: fun, weight: 1.5, phrases: []string{"just raised a|an|our ... round|seed|series",
		"raised a|an ... seed|pre-seed|series|round", "announcing|announce|announced our|a ... pre-seed|seed|fundraise|fundraising|raise",
		"announced a|our @money", "@money fundraise|raise|funding", "our new funding", "about new funding", "fundraising announcement",
		"seed fundraising", "closed our|a ... seed|pre-seed|round"}},

	// Competitor engagement: a vendor's own news, or news about its users,
	// is no user's move.
	{name: "vendor news", typ: cmp, weight: -1.4, phrases: []string{"said the company", "the company said", "according to",
		"customers can expect", "our mission is", "is a|an ... open source|open-source|self-hosted|free ... alternative",
		"an open source|open-source|open sourced ... alternative to", "reached out to @vendor|@name"}},

	// Tool research: a task in an issue tracker.
	{name: "evaluating", typ: tec, weight: 1.4, phrases: []string{"investigate|evaluate|assess ... tools|options|platforms|services|solutions|vendors",
		"options for a|an ... tool|service|platform|system", "which ... should we use|adopt|pick|choose", "market scan",
		"where do we want to", "consider|considering using|adopting", "questions to ask ... providers|vendors"}},
}
