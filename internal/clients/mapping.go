package clients

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/search/querylang"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
)

// Onboarding is what a client is made of, read from an onboarding
// submission by FromOnboarding (docs/clients.md "From onboarding").
type Onboarding struct {
	Name     string
	ICP      engine.ICP
	Settings Settings
	Contact  *Contact
	// DeliveryEmail is where "Email notifications" go: email_handler_email,
	// else contact_email ("" when email was not ticked).
	DeliveryEmail string
	// Unplaced are the answers the mapping could not put in a field (a
	// sentence given as an industry or a title), for the owner to place
	// (Settings.Unplaced).
	Unplaced []string
}

// triggerSignals maps onboarding's trigger_events to signal types.
var triggerSignals = map[string]engine.SignalType{
	"Recent funding/investment": engine.FundingEvent,
	"M&A activity":              engine.FundingEvent,
	"Rapid hiring/expansion":    engine.HiringActivity,
	"Geographic expansion":      engine.HiringActivity,
	"New leadership/executives": engine.JobChange,
	"Product/service launches":  engine.TechResearch,
}

// companySizes maps onboarding's company_sizes to employee spans.
var companySizes = map[string][2]int{
	"Startup (1-10)": {1, 10}, "Small (11-50)": {11, 50}, "Medium (51-200)": {51, 200},
	"Large (201-1000)": {201, 1000}, "Enterprise (1000+)": {1001, math.MaxInt},
}

// answers reads an onboarding payload leniently: a field of the wrong
// shape reads as empty (the payload was validated when it was submitted).
type answers map[string]json.RawMessage

func (a answers) text(k string) string {
	var s string
	_ = json.Unmarshal(a[k], &s)
	return strings.TrimSpace(s)
}

func (a answers) list(k string) []string {
	var l []string
	_ = json.Unmarshal(a[k], &l)
	return l
}

func (a answers) number(k string) int {
	var f float64
	if json.Unmarshal(a[k], &f) != nil || f < 0 || f > math.MaxInt32 {
		return 0
	}
	return int(f)
}

// FromOnboarding maps an onboarding payload to a client's name, ICP,
// settings and first user by the table in docs/clients.md. Free-text
// answers are split into entries at commas, semicolons and line breaks;
// the ICP's bounds (search.MaxListItems, MaxItemLen, MaxKnowledge) and the
// query bounds hold, longer input being cut, never refused.
func FromOnboarding(payload json.RawMessage) (Onboarding, error) {
	var a answers
	if err := json.Unmarshal(payload, &a); err != nil {
		return Onboarding{}, fmt.Errorf("read onboarding answers: %w", err)
	}
	o := Onboarding{Name: cut(a.text("company_name"), maxName)}
	// Each answer goes to its field: an industry or a title is a name of a
	// few words, so a sentence given there is recorded as unplaced, never
	// kept as one; the ideal-client sentence is knowledge, not an industry.
	var unplaced []string
	named := func(field, label string, maxWords int) []string {
		var keep []string
		for _, e := range entries(a.text(field)) {
			if isSentence(e, maxWords) {
				unplaced = append(unplaced, label+": "+e)
				continue
			}
			keep = append(keep, e)
		}
		return orEmpty(keep)
	}
	o.ICP = engine.ICP{
		TargetTitles:  named("decision_maker_titles", "Decision-maker titles", 8),
		CompanySize:   sizeSpan(a.list("company_sizes")),
		Industries:    named("primary_industry", "Primary industry", 5),
		Exclusions:    entries(a.text("excluded_industries"), a.text("disqualifiers")),
		PainPoints:    entries(a.text("pain_points")),
		TechStack:     entries(a.text("client_technologies"), a.text("buyer_tools")),
		Competitors:   entries(a.text("competitors")),
		KnowledgeBase: knowledge(a),
	}
	// The ideal client: named segments ("B2B SaaS") are industries, a
	// sentence describing the client goes to the knowledge base.
	var ideal []string
	for _, e := range entries(a.text("ideal_client")) {
		if isSentence(e, 5) {
			ideal = append(ideal, e)
		} else if !slices.ContainsFunc(o.ICP.Industries, func(x string) bool { return strings.EqualFold(x, e) }) && len(o.ICP.Industries) < search.MaxListItems {
			o.ICP.Industries = append(o.ICP.Industries, e)
		}
	}
	if len(ideal) > 0 {
		o.ICP.KnowledgeBase = cut(strings.TrimSpace(o.ICP.KnowledgeBase+"\n\nIdeal client: "+strings.Join(ideal, "; ")), search.MaxKnowledge)
	}
	o.Unplaced = orEmpty(unplaced)
	o.Settings = Settings{
		Delivery:     orEmpty(a.list("delivery_method")),
		ResponseTime: a.text("response_time"),
		MonthlyCap:   a.number("monthly_lead_goal"),
		SignalTypes:  signalTypes(a.list("trigger_events")),
		Queries:      queries(a.text("research_topics"), a.text("relevant_job_postings")),
		Unplaced:     o.Unplaced,
	}
	if email := a.text("email_handler_email"); email != "" {
		o.Contact = &Contact{Name: a.text("email_handler_name"), Email: strings.ToLower(email), Status: "pending"}
	}
	if slices.Contains(o.Settings.Delivery, MethodEmail) {
		o.DeliveryEmail = a.text("email_handler_email")
		if o.DeliveryEmail == "" {
			o.DeliveryEmail = a.text("contact_email")
		}
	}
	return o, nil
}

// Onboarding's delivery_method answers that make or ask for a channel.
const (
	MethodEmail = "Email notifications"
	MethodSlack = "Slack alerts"
	MethodAPI   = "API integration"
)

// responseCadence maps onboarding's response_time to a channel cadence
// (docs/clients.md "From onboarding"); any other answer is instant.
var responseCadence = map[string]string{
	"immediate": CadenceInstant,
	"24_hours":  CadenceDaily,
	"48_hours":  CadenceDaily,
	"week":      CadenceWeekly,
}

// CadenceFor is the cadence of the channels made from an onboarding's
// response time.
func CadenceFor(responseTime string) string {
	if c, ok := responseCadence[responseTime]; ok {
		return c
	}
	return CadenceInstant
}

// PlannedChannel is a channel to make with a new client.
type PlannedChannel struct {
	Kind, Target, Cadence string
}

// PlanChannels is the channels a client made from onboarding answers o
// starts with, and notes for the admin on what could not be made: an email
// channel when "Email notifications" was ticked and mail is configured
// (mailOn); Slack and the API need what onboarding does not ask for (a
// Slack webhook URL, a token), so they become notes.
func PlanChannels(o Onboarding, mailOn bool) ([]PlannedChannel, []string) {
	var (
		plans []PlannedChannel
		notes = []string{}
	)
	cadence := CadenceFor(o.Settings.ResponseTime)
	if slices.Contains(o.Settings.Delivery, MethodEmail) {
		to, err := checkEmailTarget(o.DeliveryEmail)
		switch {
		case o.DeliveryEmail == "" || err != nil:
			notes = append(notes, "Email notifications were asked for without a usable email address: add an email channel in Delivery.")
		case !mailOn:
			notes = append(notes, "Email notifications were asked for, but mail is not configured on this server (set SMTP_URL): no email channel was made.")
		default:
			plans = append(plans, PlannedChannel{Kind: ChannelEmail, Target: to, Cadence: cadence})
		}
	}
	if slices.Contains(o.Settings.Delivery, MethodSlack) {
		notes = append(notes, "Slack alerts were asked for: add the Slack webhook URL in Delivery.")
	}
	if slices.Contains(o.Settings.Delivery, MethodAPI) {
		notes = append(notes, APITokenNote)
	}
	return plans, notes
}

// APITokenNote is the set-up note when onboarding asked for the API: the
// console makes no API tokens; the client's own people make them in the
// portal (its API tokens tab) once invited.
const APITokenNote = "API integration was asked for: the client's people make an API token in the portal's API tokens tab once invited (Settings: Create invite link)."

// split cuts free text into trimmed, non-empty entries.
func split(s string) []string {
	var out []string
	for _, e := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '\n' || r == '\r' }) {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// entries splits each text into list entries, de-duplicated
// case-insensitively, each cut to search.MaxItemLen, at most
// search.MaxListItems.
func entries(texts ...string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, t := range texts {
		for _, e := range split(t) {
			e = cut(e, search.MaxItemLen)
			if k := strings.ToLower(e); !seen[k] && len(out) < search.MaxListItems {
				seen[k] = true
				out = append(out, e)
			}
		}
	}
	return out
}

// sizeSpan joins the chosen size bands into one span, "11-200" or "201+".
func sizeSpan(bands []string) string {
	lo, hi := math.MaxInt, 0
	for _, b := range bands {
		if s, ok := companySizes[b]; ok {
			lo, hi = min(lo, s[0]), max(hi, s[1])
		}
	}
	switch {
	case hi == 0:
		return ""
	case hi == math.MaxInt:
		return fmt.Sprintf("%d+", lo)
	}
	return fmt.Sprintf("%d-%d", lo, hi)
}

// isSentence: more than maxWords words, or ending as a sentence does.
func isSentence(e string, maxWords int) bool {
	e = strings.TrimSpace(e)
	return len(strings.Fields(e)) > maxWords || strings.HasSuffix(e, ".") || strings.HasSuffix(e, "!") || strings.HasSuffix(e, "?")
}

// knowledge joins the offer, benefits and differentiators, cut to
// search.MaxKnowledge characters (the ideal client's sentences follow).
func knowledge(a answers) string {
	var parts []string
	for _, f := range []struct{ key, label string }{
		{"offer_description", "Offer"}, {"key_benefits", "Key benefits"}, {"differentiators", "Differentiators"},
	} {
		if v := a.text(f.key); v != "" {
			parts = append(parts, f.label+": "+v)
		}
	}
	return cut(strings.Join(parts, "\n\n"), search.MaxKnowledge)
}

// signalTypes maps trigger events to distinct signal types, in the
// engine's order.
func signalTypes(events []string) []string {
	want := map[engine.SignalType]bool{}
	for _, e := range events {
		if t, ok := triggerSignals[e]; ok {
			want[t] = true
		}
	}
	out := []string{}
	for _, t := range engine.SignalTypes {
		if want[t] {
			out = append(out, string(t))
		}
	}
	return out
}

// queries turns each entry of the topics into a query of its words (all
// of them must appear), valid in the query language by construction.
func queries(texts ...string) []string {
	out := []string{}
	seen := map[string]bool{}
	for _, t := range texts {
		for _, e := range split(t) {
			q := querylang.Clean(e)
			if ws := strings.Fields(q); len(ws) > 8 { // a sentence, not a topic: its first words
				q = strings.Join(ws[:8], " ")
			}
			q = cut(q, querylang.MaxQueryLen)
			if q != "" && !seen[q] && len(out) < querylang.MaxQueries {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}

// cut shortens s to n characters.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n]))
}

func orEmpty(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}
