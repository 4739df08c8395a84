package intake

// Field kinds of the onboarding questionnaire.
const (
	kindText   = "text"
	kindEmail  = "email"
	kindURL    = "url"
	kindEnum   = "enum"
	kindList   = "list"
	kindNumber = "number"
)

// Fixed source labels.
const (
	// BookingSource labels a lead sent by the booking dialog.
	BookingSource = "signalpipe_calendar"
	// OnboardingSource labels an onboarding answer set.
	OnboardingSource = "signalpipe_onboarding"
)

// Limits on submitted values.
const (
	maxBody       = 64 << 10
	maxText       = 5000
	maxCompany    = 200
	maxEmail      = 254
	maxPhone      = 50
	maxLeadGoal   = 1_000_000_000
	maxSummaryLen = 200
)

// ChallengeOptions are the booking dialog's primaryChallenge values.
var ChallengeOptions = []string{
	"Need more qualified leads", "Cut operational costs", "Scale without hiring", "All of the above",
}

// ConfirmationStatements are the four statements an onboarding client must
// confirm; the web app shows the same texts.
var ConfirmationStatements = []string{
	"The information I have provided is accurate and complete to the best of my knowledge.",
	"I will respond to the leads Signalpipe delivers promptly, within the response time chosen above.",
	"I am authorised to share this information and to make decisions on behalf of my company.",
	"I agree that Signalpipe may contact me about this onboarding and my lead delivery.",
}

// field is one onboarding question.
type field struct {
	name     string
	kind     string
	required bool
	options  []string
}

// onboardingFields lists every answer of docs/product.md §6.2
// in questionnaire order, which is also the CSV column order.
var onboardingFields = []field{
	{name: "company_name", kind: kindText, required: true},
	{name: "website", kind: kindURL, required: true},
	{name: "contact_email", kind: kindEmail, required: true},
	{name: "phone", kind: kindText, required: true},
	{name: "company_address", kind: kindText, required: true},
	{name: "revenue_range", kind: kindEnum, options: []string{"under_1m", "1m_10m", "10m_50m", "50m_100m", "100m_plus"}},
	{name: "offer_description", kind: kindText, required: true},
	{name: "key_benefits", kind: kindText, required: true},
	{name: "differentiators", kind: kindText, required: true},
	{name: "average_deal_size", kind: kindText},
	{name: "sales_cycle", kind: kindEnum, options: []string{"1_week", "2_4_weeks", "1_3_months", "3_6_months", "6_months_plus"}},
	{name: "ideal_client", kind: kindText, required: true},
	{name: "pain_points", kind: kindText, required: true},
	{name: "decision_maker_titles", kind: kindText, required: true},
	{name: "company_sizes", kind: kindList, options: []string{"Startup (1-10)", "Small (11-50)", "Medium (51-200)", "Large (201-1000)", "Enterprise (1000+)"}},
	{name: "primary_industry", kind: kindText, required: true},
	{name: "excluded_industries", kind: kindText, required: true},
	{name: "ideal_companies", kind: kindText, required: true},
	{name: "trigger_events", kind: kindList, options: []string{"Recent funding/investment", "Rapid hiring/expansion",
		"New leadership/executives", "Product/service launches", "M&A activity", "Geographic expansion"}},
	{name: "client_technologies", kind: kindText},
	// Optional, added after the specified questionnaire (issue 31 item 6):
	// the products the client competes with, and the tools its buyers use.
	{name: "competitors", kind: kindText},
	{name: "buyer_tools", kind: kindText},
	{name: "relevant_job_postings", kind: kindText},
	{name: "research_topics", kind: kindText},
	{name: "urgency_factors", kind: kindText},
	{name: "disqualifiers", kind: kindText},
	{name: "valuable_info", kind: kindList, options: []string{"Company financials", "Recent news/press releases",
		"Technology stack", "Team changes/hiring", "Funding/investment activity", "Growth metrics"}},
	{name: "response_time", kind: kindEnum, options: []string{"immediate", "24_hours", "48_hours", "week"}},
	{name: "delivery_method", kind: kindList, options: []string{"Email notifications", "Slack alerts", "Web dashboard", "API integration"}},
	{name: "effective_questions", kind: kindText, required: true},
	{name: "case_studies", kind: kindText, required: true},
	{name: "common_objections", kind: kindText},
	{name: "messaging_avoid", kind: kindText},
	{name: "monthly_lead_goal", kind: kindNumber},
	{name: "target_cost_per_lead", kind: kindText},
	{name: "enterprise_growth", kind: kindEnum, options: []string{"yes", "no", "maybe"}},
	{name: "success_metrics", kind: kindText},
	{name: "success_definition", kind: kindText},
	{name: "additional_context", kind: kindText},
	{name: "past_challenges", kind: kindText},
	{name: "email_handler_name", kind: kindText, required: true},
	{name: "email_handler_email", kind: kindEmail, required: true},
	{name: "confirmations", kind: kindList, required: true, options: ConfirmationStatements},
}
