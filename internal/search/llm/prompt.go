package llm

import (
	"fmt"
	"strings"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// maxKnowledge bounds the knowledge base text sent to the model, keeping
// the prompt (and its cost and latency) small.
const maxKnowledge = 4000

type message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type responseFormat struct {
	Type string `json:"type"`
}

type chatRequest struct {
	Model          string          `json:"model"`
	Messages       []message       `json:"messages"`
	Temperature    *float64        `json:"temperature,omitempty"`
	ResponseFormat *responseFormat `json:"response_format,omitempty"`
}

type chatResponse struct {
	Choices []struct {
		Message message `json:"message"`
	} `json:"choices"`
}

var systemPrompt = fmt.Sprintf(`You write search queries that find public posts showing buying intent
(hiring, funding, competitor engagement, job changes, tool research) from people who match a
B2B ideal customer profile. Answer with a JSON object and nothing else, exactly of the form
{"queries": ["...", "..."]}: at most %d queries, each a few plain words (at most %d characters),
no operators, no quotes, no hashtags.`, MaxQueries, MaxQueryLen)

// describe renders the ICP as the user message.
func describe(p engine.ICP) string {
	var b strings.Builder
	line := func(name, v string) {
		if strings.TrimSpace(v) != "" {
			fmt.Fprintf(&b, "%s: %s\n", name, v)
		}
	}
	list := func(name string, v []string) { line(name, strings.Join(v, ", ")) }
	list("Target titles", p.TargetTitles)
	line("Company size", p.CompanySize)
	line("Revenue", p.RevenueRange)
	line("Funding stage", p.FundingStage)
	line("Geography", p.Geographic)
	list("Tech stack", p.TechStack)
	list("Pain points", p.PainPoints)
	list("Competitors", p.Competitors)
	list("Industries", p.Industries)
	list("Exclude", p.Exclusions)
	list("Budget indicators", p.BudgetIndicators)
	kb := []rune(strings.TrimSpace(p.KnowledgeBase))
	if len(kb) > maxKnowledge {
		kb = kb[:maxKnowledge]
	}
	line("About the seller", string(kb))
	if b.Len() == 0 {
		return "No profile given: write general B2B buying-intent queries."
	}
	return b.String()
}
