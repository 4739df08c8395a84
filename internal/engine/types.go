package engine

import (
	"encoding/json"
	"time"
)

// SignalType is the kind of buying signal a post shows.
type SignalType string

// The spec's five signal types, plus None for posts without one.
const (
	HiringActivity       SignalType = "hiring_activity"
	FundingEvent         SignalType = "funding_event"
	CompetitorEngagement SignalType = "competitor_engagement"
	JobChange            SignalType = "job_change"
	TechResearch         SignalType = "tech_research"
	None                 SignalType = "none"
)

// SignalTypes lists the five real signal types in a fixed order.
var SignalTypes = []SignalType{HiringActivity, FundingEvent, CompetitorEngagement, JobChange, TechResearch}

// Valid reports whether t is one of the five types or None.
func (t SignalType) Valid() bool {
	if t == None {
		return true
	}
	for _, s := range SignalTypes {
		if s == t {
			return true
		}
	}
	return false
}

// Post is one piece of public text from a source: a forum thread, a social
// post, a job listing, a news item.
type Post struct {
	ID          string            `json:"id"`
	Source      string            `json:"source"`             // connector that found it: corpus, hackernews, exa, rss…
	Platform    string            `json:"platform,omitempty"` // where it was published: reddit, linkedin, x…
	URL         string            `json:"url,omitempty"`
	Author      string            `json:"author,omitempty"`
	AuthorTitle string            `json:"authorTitle,omitempty"`
	Company     string            `json:"company,omitempty"`
	Title       string            `json:"title,omitempty"`
	Text        string            `json:"text"`
	PublishedAt time.Time         `json:"publishedAt,omitzero"`
	Profile     map[string]string `json:"profile,omitempty"` // what the source says about the author: name, title, company, employees, industry, location, email, linkedin…
}

// Detection is what the detector found in one post.
type Detection struct {
	SignalType SignalType `json:"signal_type"`
	Intent     bool       `json:"intent"`
	Strength   float64    `json:"strength"` // 0-1
	Cues       []string   `json:"cues"`     // names of the cues that fired, strongest first
	// CueLabels are the cues of a live signal as a person reads them, the
	// model's reasons left out (detect.Labels).
	CueLabels []string `json:"cueLabels,omitempty"`
}

// ICP is the ideal-customer profile of docs/product.md §4.4 and §13.5: lists for titles,
// tech stack, pain points, competitors, industries, exclusions and budget
// indicators; strings for the select fields.
type ICP struct {
	TargetTitles     []string `json:"targetTitles"`
	CompanySize      string   `json:"companySize"`  // "50-200", "10-50", "200-1000", "1000+ employees"
	RevenueRange     string   `json:"revenueRange"` // "$1M - $10M ARR", "$10M - $50M ARR", "$50M+ ARR", "Under $1M ARR"
	FundingStage     string   `json:"fundingStage"` // "Series A-B", "Seed", "Series C+", "Bootstrapped"
	Geographic       string   `json:"geographic"`
	TechStack        []string `json:"techStack"`
	PainPoints       []string `json:"painPoints"`
	Competitors      []string `json:"competitors"`
	Industries       []string `json:"industries"`
	Exclusions       []string `json:"exclusions"`
	SignalThreshold  string   `json:"signalThreshold"` // "High 80%+ match", "Medium 60%+ match", "All signals 40%+ match"
	BudgetIndicators []string `json:"budgetIndicators"`
	UseAIQueries     bool     `json:"useAIQueries"`
	KnowledgeBase    string   `json:"knowledgeBase"`
	// Categories are software-category ids of internal/engine/taxonomy the
	// owner chose for the ICP; empty: mapped from the ICP
	// (taxonomy.MapICP, docs/icp-fit.md "Software categories").
	Categories []string `json:"categories,omitempty"`
}

// Fit is how well a lead matches an ICP.
type Fit struct {
	Score    float64 `json:"score"`    // 0-1
	Excluded bool    `json:"excluded"` // an exclusion matched; Score is 0
	// OutsideGeography: the lead's stated location is outside the ICP's
	// geography; such a lead is never hot (its score is capped below 60).
	OutsideGeography bool     `json:"outsideGeography,omitempty"`
	Reasons          []string `json:"reasons"`
}

// Tier is a lead's intent tier (spec: hot, warm, other).
// Relevance says why a post is about what the ICP's vendor sells: the
// ICP's terms it holds (competitors, category words, pain points…), best
// first, and a 0-1 score of that evidence (docs/icp-fit.md).
type Relevance struct {
	Terms []string `json:"terms"`
	Score float64  `json:"score"`
}

// MarshalJSON writes terms as a list even when there are none (a lead
// stored before relevance was judged), so clients read an array.
func (r Relevance) MarshalJSON() ([]byte, error) {
	type plain Relevance
	if r.Terms == nil {
		r.Terms = []string{}
	}
	return json.Marshal(plain(r))
}

type Tier string

// The spec's tiers.
const (
	TierHot   Tier = "hot"
	TierWarm  Tier = "warm"
	TierOther Tier = "other"
)

// EmailCheck records how an email address was verified.
type EmailCheck struct {
	Address   string    `json:"address"`
	Verified  bool      `json:"verified"`
	Status    string    `json:"status"` // verified, invalid_syntax, no_mail_host, disposable, role_account, unchecked
	Detail    string    `json:"detail,omitempty"`
	CheckedAt time.Time `json:"checkedAt"`
}

// Draft is the first outreach message for a lead.
type Draft struct {
	TemplateID string `json:"templateId"`
	Subject    string `json:"subject"`
	Body       string `json:"body"`
}

// Lead is a scored, enriched prospect (docs/product.md §4.10 Lead, plus the evidence
// behind it).
type Lead struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Title       string       `json:"title"`
	Company     string       `json:"company"`
	Email       string       `json:"email"`
	Phone       string       `json:"phone"`
	Signal      string       `json:"signal"` // the text of the buying signal
	Source      string       `json:"source"`
	LinkedIn    string       `json:"linkedin"`
	FullContext string       `json:"fullContext"`
	IntentScore int          `json:"intentScore"` // 0-100
	Status      string       `json:"status"`      // Ready to Buy, Hot, Warm
	IntentTier  Tier         `json:"intentTier"`  // hot, warm, other
	Industry    string       `json:"industry"`
	Employees   string       `json:"employees"` // range text, e.g. "51-200"
	Fit         Fit          `json:"fit"`
	Relevance   Relevance    `json:"relevance"`
	Detection   Detection    `json:"detection"`
	PostID      string       `json:"postId"`
	PostURL     string       `json:"url"`
	Platform    string       `json:"platform"`
	PublishedAt time.Time    `json:"publishedAt,omitzero"`
	Emails      []EmailCheck `json:"emails,omitempty"`
	Draft       Draft        `json:"draft"`
}
