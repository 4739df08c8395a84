package detect

import (
	"slices"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func TestDetect(t *testing.T) {
	tests := []struct {
		name, title, text string
		want              engine.SignalType
		cue               string // a cue that must fire ("" to skip)
	}{
		// Hiring: employer posts.
		{"we're hiring", "", "We're hiring! Looking for a senior backend engineer to join our team.", engine.HiringActivity, "we're hiring"},
		{"HN listing", "", "Acme | Staff Engineer | Remote (US) | Full-time | $180k + equity", engine.HiringActivity, "hiring a role"},
		{"bracket tag", "[Hiring] Part-time bookkeeper", "Small agency, about 10 hours a week.", engine.HiringActivity, "we're hiring"},
		// Hiring: negations and commentary.
		{"not hiring", "", "We're not hiring right now, please stop sending CVs.", engine.None, ""},
		{"hiring freeze", "", "Our company just announced a hiring freeze until Q3.", engine.None, ""},
		{"hiring commentary", "", "Why is hiring for senior engineers still so broken? Six rounds and then ghosting.", engine.None, ""},
		// Funding: own round vs others'.
		{"we raised", "", "We just raised a $12M Series A led by Foo Ventures to scale our platform.", engine.FundingEvent, "we raised"},
		{"press", "Acme raises $30M Series B", "The round was led by Granite Growth.", engine.FundingEvent, "announce round"},
		{"pre-seed euros", "", "Thrilled to share we've secured €4.5M in seed funding.", engine.FundingEvent, ""},
		{"fundraising advice", "", "Fundraising tip for founders: build relationships with investors long before you need the money. Warm intros beat cold emails every time.", engine.None, ""},
		{"congrats on a named round", "", "Congrats to our friends at Hydrant on their Series A, well deserved!", engine.FundingEvent, "congratulations on a round"},
		{"congrats on a milestone", "", "congrats to the @notion team on 100M users. incredible run", engine.None, ""},
		// Competitor engagement.
		{"leaving vendor", "", "Anyone moved off HubSpot? The renewal pricing is insane.", engine.CompetitorEngagement, "switching vendor"},
		{"alternatives", "Ask HN: Alternatives to Jira?", "Our 30 engineers spend more time fighting workflows than working.", engine.CompetitorEngagement, "alternative to vendor"},
		{"vendor complaint", "", "Datadog bill was more than our AWS bill this month. Time to find something else.", engine.CompetitorEngagement, ""},
		{"open-source alternative launch", "Show HN: I built an open-source alternative to Salesforce", "", engine.None, ""},
		// Job change.
		{"joined as", "", "Thrilled to share that I've joined Acme as VP of Sales!", engine.JobChange, "new role announcement"},
		{"news appointment", "", "Orbitline names former Stripe executive Dana Reyes as chief technology officer.", engine.JobChange, "named to a role"},
		{"promotion", "", "Incredibly proud to be promoted to Vice President of Marketing at Lattice.", engine.JobChange, ""},
		{"colleague's new role", "", "Big congrats to my former colleague Dana Reyes on her new role as CFO at Northbeam!", engine.JobChange, "congratulations on a new role"},
		{"work anniversary", "", "Happy work anniversary to me: 5 years at Lumora!", engine.None, ""},
		// Tech research vs promotion.
		{"looking for a tool", "", "Looking for a CRM for a 10 person team, any recommendations?", engine.TechResearch, "looking for a tool"},
		{"evaluating", "", "Our finance team is evaluating spend management platforms for 300 people.", engine.TechResearch, "evaluating"},
		{"ask hn which", "Ask HN: Which vector database are you using in production?", "", engine.TechResearch, ""},
		{"product launch", "", "Introducing Rivulet 2.0: a new dashboard and a Salesforce integration. Try it free for 14 days.", engine.None, ""},
		{"tutorial", "", "Tutorial: how to set up lead scoring in HubSpot in under 30 minutes.", engine.None, ""},
		{"consumer ask", "", "Looking for a reliable plumber in Bristol, any recommendations?", engine.None, ""},
		// Long-form phrasing: the signal said once, in everyday words.
		{"start after a search story", "", "I was thinking about leaving for a year and sat through a lot of interviews. I accepted an offer last week and I start on the 1st as a solutions architect at Brightwell.", engine.JobChange, "starting a new job"},
		{"small employer", "Second shooter wanted for 2026 wedding season", "Paid per wedding, plus mileage. Send me a link to a full gallery and your availability.", engine.HiringActivity, ""},
		{"indirect tool ask", "", "Certificates of insurance come in by email and live in a spreadsheet. Is there software that tracks expiry dates for subcontractors? What's everyone doing?", engine.TechResearch, "looking for a tool"},
		{"investor on a named round", "", "Disclosure: we led this round. Their customers pulled the product into new plants before sales called. Congrats Leila and team on the A.", engine.FundingEvent, "congratulations on a round"},
		{"notice given", "", "gave notice today. called my boss first and it went about as well as it can. start at the new place on the 30th.", engine.JobChange, "starting a new job"},
		{"move told as an action", "", "We're a small MSP with 40 client orgs on LastPass Business. We're moving every client to Bitwarden over Q1. Anyone have a script for the shared folders?", engine.CompetitorEngagement, ""},
		// Plain non-signals.
		{"chatter", "", "Monday motivation: ship something small today.", engine.None, ""},
		{"empty", "", "", engine.None, ""},
	}
	d := Default()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := d.DetectText(tt.title, tt.text)
			if got.SignalType != tt.want {
				t.Fatalf("type %s, want %s (cues %v)", got.SignalType, tt.want, got.Cues)
			}
			if got.Intent != (tt.want != engine.None) {
				t.Errorf("intent %v for %s", got.Intent, got.SignalType)
			}
			if tt.want == engine.None && got.Strength != 0 {
				t.Errorf("none with strength %v", got.Strength)
			}
			if tt.want != engine.None && (got.Strength < 0.4 || got.Strength > 1) {
				t.Errorf("strength %v out of range", got.Strength)
			}
			if tt.cue != "" && !slices.Contains(got.Cues, tt.cue) {
				t.Errorf("cues %v lack %q", got.Cues, tt.cue)
			}
		})
	}
}

// TestUnnamedRoundIsNoLead: commentary on an unnamed startup's round is
// no funding lead (docs/labelling.md: "an unnamed 'another AI startup
// raised…'" is none). The live call is none; the kind model, since the
// real-shaped rows, names it a funding event without intent, which the
// rule book would call none too (docs/performance.md), so Detect is held
// only to "no intent, no strength".
func TestUnnamedRoundIsNoLead(t *testing.T) {
	const text = "Another AI startup raised $200M at a $2B valuation with no revenue. Bubble."
	d := Default()
	if got := d.DetectLive(engine.Post{Text: text}); got.SignalType != engine.None || got.Intent || got.Strength != 0 {
		t.Errorf("DetectLive: %+v", got)
	}
	if got := d.DetectText("", text); got.Intent || got.Strength != 0 {
		t.Errorf("Detect: %+v", got)
	}
}

// TestSignalWithoutIntent: a post that reports a signal whose buying
// window is shut (docs/labelling.md, "A signal without intent") keeps its
// type with no intent and no strength, so it never becomes a lead.
func TestSignalWithoutIntent(t *testing.T) {
	tests := []struct {
		name, text string
		want       engine.SignalType
	}{
		{"job seeker", "Got laid off on Friday. Open to work as a backend engineer, happy to share my resume.", engine.JobChange},
		{"seeker looking for a role", "I'm looking for a new role as a product designer. Any leads?", engine.JobChange},
		{"laid off, open to work", "I was laid off from Northwind last week after six years. Open to work as a data engineer, remote or Denver.", engine.JobChange},
		{"vendor fan", "Just renewed our Datadog contract for three years. No regrets, best tool we've used.", engine.CompetitorEngagement},
		{"counter offer", "Should I accept a counter offer from my employer or take the new job?", engine.JobChange},
		{"vendor how-to", "We love QuickBooks Online and Stripe. Is there a way to sync Stripe fees into QuickBooks, step by step?", engine.CompetitorEngagement},
		{"staying, just venting", "Salesforce reporting is painful again this quarter but we just renewed our contract and we're staying put. Anyone else feel this?", engine.CompetitorEngagement},
	}
	d := Default()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := d.DetectText("", tt.text)
			if got.SignalType != tt.want || got.Intent || got.Strength != 0 {
				t.Fatalf("got %s, intent %v, strength %v; want %s without intent (cues %v)", got.SignalType, got.Intent, got.Strength, tt.want, got.Cues)
			}
			model := false
			for _, c := range got.Cues {
				model = model || strings.HasPrefix(c, "model: ")
			}
			if !model {
				t.Errorf("cues %v do not say the model named the type", got.Cues)
			}
		})
	}
}

func TestStrengthGrowsWithEvidence(t *testing.T) {
	d := Default()
	weak := d.DetectText("", "We're hiring.")
	strong := d.DetectText("", "We're hiring! Join our team: 5 open roles for engineers, apply on our careers page. Salary and equity listed.")
	if weak.SignalType != engine.HiringActivity || strong.SignalType != engine.HiringActivity || strong.Strength <= weak.Strength {
		t.Fatalf("weak %+v, strong %+v", weak, strong)
	}
}

func TestTokenize(t *testing.T) {
	toks, flags := tokenize("We're NOT hiring; it's a $4.5M round! #Hiring at monday.com, 1,000 people", nil, nil)
	want := []string{"we", "are", "not", "hiring", ".", "it", "is", "a", "4.5m", "round", ".", "#hiring", "at", "monday.com", "1,000", "people"}
	if !slices.Equal(toks, want) {
		t.Fatalf("tokens %q\nwant   %q", toks, want)
	}
	if flags[8]&flagMoney == 0 || flags[14]&flagNum == 0 || flags[14]&flagClause == 0 {
		t.Errorf("flags %v", flags)
	}
	toks, flags = tokenize("we raised 12 million dollars", nil, nil)
	if flags[2]&flagMoney == 0 {
		t.Errorf("12 million not money: %q %v", toks, flags)
	}
	if toks, _ := tokenize("we’re hiring", nil, nil); !slices.Equal(toks, []string{"we", "are", "hiring"}) {
		t.Errorf("curly apostrophe: %q", toks)
	}
}

func TestCueTableCompiles(t *testing.T) {
	if _, err := New(allCues()); err != nil {
		t.Fatal(err)
	}
	bad := []cue{{name: "x", typ: hir, weight: 1, phrases: []string{"... hiring"}}}
	if _, err := New(bad); err == nil {
		t.Fatal("a pattern starting with a gap must be rejected")
	}
}

func TestConcurrentUse(t *testing.T) {
	d := Default()
	done := make(chan engine.Detection, 8)
	for range 8 {
		go func() { done <- d.DetectText("", "We just raised a $5M seed round led by Quartz.") }()
	}
	for range 8 {
		if got := <-done; got.SignalType != engine.FundingEvent {
			t.Fatalf("got %+v", got)
		}
	}
}

func TestTokenizeLinksEmojiAndScripts(t *testing.T) {
	toks, _ := tokenize("We're hiring—apply at https://acme.example/jobs. Email jobs@acme.example 🚀 Café • Zürich…done", nil, nil)
	want := []string{"we", "are", "hiring", "apply", "at", urlToken, ".", "email", emailToken, "café", ".", "zürich", ".", "done"}
	if !slices.Equal(toks, want) {
		t.Fatalf("tokens %q\nwant   %q", toks, want)
	}
}

func TestPlainText(t *testing.T) {
	tests := map[string]string{
		"We&#x27;re hiring<p>Apply at <a href=\"https://x.example\">our site</a>": "We're hiring\nApply at  our site ",
		"latency < 50 ms &amp; p99 <3":                                            "latency < 50 ms & p99 <3",
		"plain":                                                                   "plain",
	}
	for in, want := range tests {
		if got := plainText(in); got != want {
			t.Errorf("plainText(%q) = %q, want %q", in, got, want)
		}
	}
	d := Default()
	if got := d.DetectText("", "We&#x27;re hiring a senior backend engineer.<p>Join our team: apply on our careers page."); got.SignalType != engine.HiringActivity {
		t.Errorf("escaped hiring post: %+v", got)
	}
}

func TestCurlyApostropheKeepsTitle(t *testing.T) {
	d := Default()
	got := d.DetectText("We're hiring: senior backend engineer", "It’s a remote role, apply on our careers page.")
	if got.SignalType != engine.HiringActivity || !slices.Contains(got.Cues, "we're hiring") {
		t.Fatalf("%+v", got)
	}
}

// TestUnlessSilences checks the rules alone (no model to rescue them): a
// job seeker's words earlier in a story do not cancel an announced start,
// and a silenced cue is not reported as evidence against.
func TestUnlessSilences(t *testing.T) {
	text := "I was thinking about leaving for a year and sat through a lot of interviews. " +
		"I accepted an offer last week and I start on the 1st as a solutions architect at Brightwell."
	got := RulesOnly().DetectText("", text)
	if got.SignalType != engine.JobChange || !slices.Contains(got.Cues, "starting a new job") {
		t.Fatalf("rules alone: %s %v, want job_change with \"starting a new job\"", got.SignalType, got.Cues)
	}
	seeker := RulesOnly().DetectText("", "Thinking about leaving my job after two years, is that too soon?")
	if seeker.SignalType != engine.None || !slices.Contains(seeker.Cues, "against job_change: job seeker") {
		t.Fatalf("seeker: %s %v, want none with the job seeker cue against", seeker.SignalType, seeker.Cues)
	}
}

// TestUnlessMustNameACue: a cue silenced by a cue that does not exist (a
// typo, or one of another type) is refused rather than never silenced.
func TestUnlessMustNameACue(t *testing.T) {
	cues := []cue{
		{name: "seeker", typ: engine.JobChange, weight: -1, unless: "starting", phrases: []string{"open to work"}},
		{name: "starting", typ: engine.HiringActivity, weight: 1, phrases: []string{"i start"}},
	}
	if _, err := New(cues); err == nil {
		t.Fatal("unless naming a cue of another type was accepted")
	}
	cues[1].typ = engine.JobChange
	if _, err := New(cues); err != nil {
		t.Fatal(err)
	}
}

// TestSortCuesIsTotal: cues of equal strength, one for and one against,
// come out in the same order whatever order they went in (the detector
// collects them from a map), so a post's cues never change between runs.
func TestSortCuesIsTotal(t *testing.T) {
	a := &cue{name: "job seeker words", typ: engine.JobChange, weight: -0.8}
	b := &cue{name: "asks for advice", typ: engine.TechResearch, weight: 0.8}
	c := &cue{name: "strong", typ: engine.TechResearch, weight: 1.5}
	for _, in := range [][]*cue{{a, b, c}, {b, a, c}, {c, b, a}} {
		sortCues(in)
		if in[0] != c || in[1] != a || in[2] != b {
			t.Fatalf("order %s, %s, %s", in[0].name, in[1].name, in[2].name)
		}
	}
}
