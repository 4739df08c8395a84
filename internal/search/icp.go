package search

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/engine/taxonomy"
)

// Bounds on an ICP (documented in docs/api.md): longer input answers 400.
const (
	MaxListItems  = 25   // entries per list field
	MaxItemLen    = 100  // characters per list entry and per select field
	MaxKnowledge  = 5000 // characters of knowledgeBase
	maxICPBodyLen = 64 << 10
)

// listFields and textFields name the ICP's fields by JSON name, with where
// each goes.
func listFields(p *engine.ICP) map[string]*[]string {
	return map[string]*[]string{
		"targetTitles": &p.TargetTitles, "techStack": &p.TechStack, "painPoints": &p.PainPoints,
		"competitors": &p.Competitors, "industries": &p.Industries, "exclusions": &p.Exclusions,
		"budgetIndicators": &p.BudgetIndicators,
	}
}

func textFields(p *engine.ICP) map[string]*string {
	return map[string]*string{
		"companySize": &p.CompanySize, "revenueRange": &p.RevenueRange, "fundingStage": &p.FundingStage,
		"geographic": &p.Geographic, "signalThreshold": &p.SignalThreshold,
	}
}

// ParseICP reads an ICP from a JSON object, field by field, so that every
// wrong field is reported: lists must be arrays of strings (a single
// comma-separated string is split, as the demo form does), the select
// fields strings, useAIQueries a boolean. An unknown field is an error
// (a misspelt "titles" must not be silently ignored). It returns the field
// errors, if any, keyed by JSON name.
func ParseICP(raw map[string]json.RawMessage) (engine.ICP, map[string]string) {
	var p engine.ICP
	errs := map[string]string{}
	known := map[string]bool{"useAIQueries": true, "knowledgeBase": true, "categories": true}
	for name := range listFields(&p) {
		known[name] = true
	}
	for name := range textFields(&p) {
		known[name] = true
	}
	for name := range raw {
		if !known[name] {
			errs[name] = "unknown field" + suggest(name, known)
		}
	}
	for name, dst := range listFields(&p) {
		if v, ok := raw[name]; ok && !isNull(v) {
			list, msg := parseList(v)
			if msg != "" {
				errs[name] = msg
				continue
			}
			*dst = list
		}
	}
	for name, dst := range textFields(&p) {
		if v, ok := raw[name]; ok && !isNull(v) {
			if err := json.Unmarshal(v, dst); err != nil {
				errs[name] = "must be a string"
				continue
			}
			*dst = strings.TrimSpace(*dst)
			if utf8.RuneCountInString(*dst) > MaxItemLen {
				errs[name] = fmt.Sprintf("must be at most %d characters", MaxItemLen)
			}
		}
	}
	if v, ok := raw["useAIQueries"]; ok && !isNull(v) && json.Unmarshal(v, &p.UseAIQueries) != nil {
		errs["useAIQueries"] = "must be true or false"
	}
	if v, ok := raw["knowledgeBase"]; ok && !isNull(v) {
		if json.Unmarshal(v, &p.KnowledgeBase) != nil {
			errs["knowledgeBase"] = "must be a string"
		} else if utf8.RuneCountInString(p.KnowledgeBase) > MaxKnowledge {
			errs["knowledgeBase"] = fmt.Sprintf("must be at most %d characters", MaxKnowledge)
		}
	}
	if v, ok := raw["categories"]; ok && !isNull(v) {
		if cats, msg := parseCategories(v); msg != "" {
			errs["categories"] = msg
		} else {
			p.Categories = cats
		}
	}
	if len(errs) > 0 {
		return engine.ICP{}, errs
	}
	return p, nil
}

// parseCategories reads the ICP's categories: a list of taxonomy ids
// (internal/engine/taxonomy), each known, repeats dropped, at most
// MaxListItems. An unknown id is refused with the nearest known ones.
func parseCategories(v json.RawMessage) ([]string, string) {
	var list []string
	if err := json.Unmarshal(v, &list); err != nil {
		return nil, "must be a list of category ids"
	}
	out := make([]string, 0, len(list))
	for _, id := range list {
		id = strings.TrimSpace(id)
		if id == "" || slices.Contains(out, id) {
			continue
		}
		if !taxonomy.Known(id) {
			msg := fmt.Sprintf("unknown category %q (the ids are taxonomy.All's, docs/icp-fit.md \"Software categories\")", id)
			if near := nearCategories(id); len(near) > 0 {
				msg += "; did you mean " + strings.Join(near, " or ") + "?"
			}
			return nil, msg
		}
		out = append(out, id)
	}
	if len(out) > MaxListItems {
		return nil, fmt.Sprintf("must have at most %d entries", MaxListItems)
	}
	return out, ""
}

// nearCategories names up to three category ids with a word that
// contains a word of id or starts like it ("helpdeks" → helpdesk).
func nearCategories(id string) []string {
	split := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == '-' || r == '_' || r == ' ' || r == '/' })
	}
	prefix := func(a, b string) int {
		n := 0
		for n < len(a) && n < len(b) && a[n] == b[n] {
			n++
		}
		return n
	}
	var near []string
	for _, c := range taxonomy.All() {
		match := false
		for _, w := range split(id) {
			for _, cw := range split(c.ID) {
				if len(w) >= 3 && strings.Contains(cw, w) || prefix(w, cw) >= 4 {
					match = true
				}
			}
		}
		if match {
			near = append(near, c.ID)
		}
		if len(near) == 3 {
			break
		}
	}
	return near
}

func isNull(v json.RawMessage) bool { return string(v) == "null" }

func parseList(v json.RawMessage) ([]string, string) {
	var list []string
	if err := json.Unmarshal(v, &list); err != nil {
		var s string
		if json.Unmarshal(v, &s) != nil {
			return nil, "must be a list of strings"
		}
		list = strings.Split(s, ",")
	}
	out := make([]string, 0, len(list))
	for _, item := range list {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if utf8.RuneCountInString(item) > MaxItemLen {
			return nil, fmt.Sprintf("entries must be at most %d characters", MaxItemLen)
		}
		out = append(out, item)
	}
	if len(out) > MaxListItems {
		return nil, fmt.Sprintf("must have at most %d entries", MaxListItems)
	}
	return out, ""
}

// suggest names the known field a misspelt one most likely meant
// ("titles" → targetTitles), as "; did you mean …?", or "".
func suggest(name string, known map[string]bool) string {
	l := strings.ToLower(name)
	best := ""
	for k := range known {
		kl := strings.ToLower(k)
		if l != "" && (strings.Contains(kl, l) || strings.Contains(l, kl)) && (best == "" || k < best) {
			best = k
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean " + best + "?"
}
