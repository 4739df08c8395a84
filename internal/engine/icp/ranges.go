package icp

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

// span is a numeric range; hi is +Inf for open ranges ("1000+").
type span struct {
	lo, hi float64
	ok     bool // read from a criterion (compiled ranges)
}

// contains: b lies wholly inside a ("201-1000" in "200-1000"; "1000+" is
// not in "200-1000").
func (a span) contains(b span) bool { return a.lo <= b.lo && b.hi <= a.hi }

// overlapsOpen: a and b share more than a single point ("11-50" and
// "50-200" only touch).
func (a span) overlapsOpen(b span) bool { return max(a.lo, b.lo) < min(a.hi, b.hi) }

// near reports whether two ranges are within a factor of two of each other.
func (a span) near(b span) bool {
	return a.lo <= b.hi*2 && b.lo <= a.hi*2
}

var numRe = regexp.MustCompile(`(\d+(?:[.,]\d+)?)\s*(k|m|mm|b|bn|million|billion)?\b`)

// parseSpan reads "50-200", "1000+ employees", "Under $1M ARR",
// "$10M - $50M ARR", "120" into a range. ok is false when there is no number.
func parseSpan(s string) (span, bool) {
	s = strings.ToLower(s)
	ms := numRe.FindAllStringSubmatch(s, 2)
	if len(ms) == 0 {
		return span{}, false
	}
	vals := make([]float64, len(ms))
	for i, m := range ms {
		v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64)
		if err != nil {
			return span{}, false
		}
		switch m[2] {
		case "k":
			v *= 1e3
		case "m", "mm", "million":
			v *= 1e6
		case "b", "bn", "billion":
			v *= 1e9
		}
		vals[i] = v
	}
	switch {
	case strings.Contains(s, "under") || strings.Contains(s, "less than") || strings.HasPrefix(strings.TrimSpace(s), "<"):
		return span{0, vals[0], true}, true
	case len(vals) >= 2:
		return span{vals[0], vals[1], true}, true
	case strings.Contains(s, "+") || strings.Contains(s, "over") || strings.Contains(s, "more than"):
		return span{vals[0], math.Inf(1), true}, true
	}
	return span{vals[0], vals[0], true}, true
}

// annualRevenue reads a revenue mention ("$30k MRR", "$2M ARR", "$5M in
// revenue") as an annual figure.
func annualRevenue(s string) (float64, bool) {
	sp, ok := parseSpan(s)
	if !ok {
		return 0, false
	}
	v := sp.lo
	if strings.Contains(strings.ToLower(s), "mrr") || strings.Contains(strings.ToLower(s), "month") {
		v *= 12
	}
	return v, true
}

var revenueRe = regexp.MustCompile(`(?i)\$\s?\d+(?:[.,]\d+)?\s*(?:k|m|mm|b|bn|million|billion)?\s*(?:in\s+)?(?:arr|mrr|revenue|in sales|a year|per year|annual)`)

// findRevenue finds the first revenue mention in text.
func findRevenue(text string) string {
	if !strings.Contains(text, "$") {
		return ""
	}
	return revenueRe.FindString(text)
}

var sizeRe = regexp.MustCompile(`(?i)\b(\d{1,6})(?:\s*|-)(?:person|people|employees|staff|-strong|strong|ppl|member)\b|\bteam of (\d{1,6})\b|\b(\d{1,6}) (?:engineers|reps|sellers|users)\b`)

// FindEmployees finds a company-size mention ("a 40-person team", "team of
// 12", "120 employees") and returns its number as text, or "".
func FindEmployees(text string) string {
	if !mayMentionSize(text) {
		return ""
	}
	m := sizeRe.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	for _, g := range m[1:] {
		if g != "" {
			return g
		}
	}
	return ""
}

// SizeBucket turns a headcount ("40", "51-200") into the onboarding
// buckets' range text: 1-10, 11-50, 51-200, 201-1000, 1000+.
func SizeBucket(employees string) string {
	sp, ok := parseSpan(employees)
	if !ok {
		return ""
	}
	if sp.lo != sp.hi && !math.IsInf(sp.hi, 1) {
		return strings.TrimSpace(employees)
	}
	n := sp.lo
	switch {
	case n <= 10:
		return "1-10"
	case n <= 50:
		return "11-50"
	case n <= 200:
		return "51-200"
	case n <= 1000:
		return "201-1000"
	}
	return "1000+"
}

// mayMentionSize is a cheap filter before sizeRe: a size needs a digit and
// one of the words the pattern looks for.
func mayMentionSize(text string) bool {
	if strings.IndexAny(text, "0123456789") < 0 {
		return false
	}
	l := strings.ToLower(text)
	for _, w := range []string{"person", "people", "employee", "staff", "strong", "ppl", "member", "team of", "engineers", "reps", "sellers", "users"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// ValidRange reports whether an ICP's companySize or revenueRange reads as
// the fit reads it (parseSpan): at least one number, the low end not above
// the high one. Empty is valid (no criterion); "fifty to a thousand" is not.
func ValidRange(s string) bool {
	if strings.TrimSpace(s) == "" {
		return true
	}
	sp, ok := parseSpan(s)
	return ok && sp.lo <= sp.hi && sp.lo >= 0
}
