// Package score turns an ICP fit and a signal strength into a lead score
// (0-100), its tier and status, and maps the ICP's signalThreshold to the
// minimum score a lead needs.
package score

//go:generate go run ./scoringgen -out ../../../web/src/config/generated/scoring.json

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Weights of the score (docs/product.md §13.3): score = 0.6 × fit + 0.4 × strength.
const (
	FitWeight      = 0.6
	StrengthWeight = 0.4
)

// Tier boundaries (docs/product.md §13.3).
const (
	HotMin   = 80
	WarmMin  = 60
	OtherMin = 40
)

// GuideThreshold is the lead-score threshold the guide recommends
// (docs/product.md §8.5); it is informational, the ICP's signalThreshold decides.
const GuideThreshold = 75

// Score returns round(100 × (0.6 × fit + 0.4 × strength)), with both
// inputs clamped to 0-1.
func Score(fit, strength float64) int {
	return int(math.Round(100 * (FitWeight*clamp01(fit) + StrengthWeight*clamp01(strength))))
}

func clamp01(x float64) float64 {
	switch {
	case x < 0 || math.IsNaN(x):
		return 0
	case x > 1:
		return 1
	}
	return x
}

// TierBand is one tier: the lowest score in it and the status text a lead
// of that tier shows.
type TierBand struct {
	Tier     engine.Tier `json:"tier"`
	Status   string      `json:"status"`
	MinScore int         `json:"minScore"`
}

// Tiers are the tier bands, highest first (docs/product.md §13.3); the last
// one takes every score below the others. The demo's lead normaliser reads
// them from the JSON go generate writes (WebScoring).
var Tiers = []TierBand{
	{Tier: engine.TierHot, Status: "Ready to Buy", MinScore: HotMin},
	{Tier: engine.TierWarm, Status: "Hot", MinScore: WarmMin},
	{Tier: engine.TierOther, Status: "Warm", MinScore: 0},
}

// TierOf returns the tier and status text of a score: ≥ 80 hot ("Ready to
// Buy"), ≥ 60 warm ("Hot"), otherwise other ("Warm"). Scores below 40 are
// still "other"; Qualifies tells whether a lead is shown at all.
func TierOf(score int) (engine.Tier, string) {
	for _, b := range Tiers[:len(Tiers)-1] {
		if score >= b.MinScore {
			return b.Tier, b.Status
		}
	}
	last := Tiers[len(Tiers)-1]
	return last.Tier, last.Status
}

// StatusOf is the status text of a tier (its band's): a lead's status is
// always its tier's name, never set apart, so the two cannot disagree.
func StatusOf(t engine.Tier) string {
	for _, b := range Tiers {
		if b.Tier == t {
			return b.Status
		}
	}
	return Tiers[len(Tiers)-1].Status
}

// WebScoring is the JSON the web app reads
// (web/src/config/generated/scoring.json): the tier bands, so the demo
// names tiers and statuses as the engine does. go generate writes it; a
// test fails when the committed file is stale.
func WebScoring() ([]byte, error) {
	b, err := json.MarshalIndent(struct {
		Tiers []TierBand `json:"tiers"`
	}{Tiers}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// MinScore maps an ICP signalThreshold to the lowest score it admits:
// "High 80%+ match" → 80, "Medium 60%+ match" → 60, "All signals 40%+
// match" → 40. Unknown or empty values fall back to 40; a bare number
// ("70", "70%") is taken as is.
func MinScore(threshold string) int {
	t := strings.ToLower(strings.TrimSpace(threshold))
	switch {
	case strings.HasPrefix(t, "high") || strings.Contains(t, "80"):
		return HotMin
	case strings.HasPrefix(t, "medium") || strings.Contains(t, "60"):
		return WarmMin
	case strings.HasPrefix(t, "all") || strings.Contains(t, "40") || t == "":
		return OtherMin
	}
	n := 0
	for _, r := range t {
		if r < '0' || r > '9' {
			break
		}
		n = n*10 + int(r-'0')
		if n > 100 {
			return OtherMin
		}
	}
	if n > 0 {
		return n
	}
	return OtherMin
}

// Qualifies reports whether a score passes the threshold.
func Qualifies(score int, threshold string) bool {
	return score >= MinScore(threshold)
}

// HalfLife is how fast each kind of signal goes stale: after one half-life
// the decaying half of the signal's strength is halved (Decay;
// docs/icp-fit.md, "Recency"). A funding round stays a reason to call for about a month, a
// job change for a quarter (the new leader's first 90 days), an opening
// for a few weeks, and research or a competitor complaint for two weeks.
var HalfLife = map[engine.SignalType]time.Duration{
	engine.FundingEvent:         30 * 24 * time.Hour,
	engine.HiringActivity:       21 * 24 * time.Hour,
	engine.JobChange:            60 * 24 * time.Hour,
	engine.CompetitorEngagement: 14 * 24 * time.Hour,
	engine.TechResearch:         14 * 24 * time.Hour,
}

// Decay is the share of a signal's strength left after the post's age:
// 0.5 + 0.5 × 0.5^(age / half-life of its type), so a fresh post keeps its
// whole strength, one a half-life old three quarters, and an old one (still
// inside LEAD_MAX_AGE) never less than half: age ranks fresher signals
// first without sinking an older but still open one under every
// threshold. 1 for a post with no date, a date in the future, or a type
// with no half-life. The score multiplies the strength by it: 0.6 × fit +
// 0.4 × strength × decay.
func Decay(t engine.SignalType, published, now time.Time) float64 {
	hl, ok := HalfLife[t]
	if !ok || published.IsZero() {
		return 1
	}
	age := now.Sub(published)
	if age <= 0 {
		return 1
	}
	return 0.5 + 0.5*math.Pow(0.5, float64(age)/float64(hl))
}

// ValidThreshold reports whether an ICP's signalThreshold is one MinScore
// reads as meant: empty (the default), a named level ("High 80%+ match",
// "medium", "all signals"), or a whole number from 1 to 100, optionally
// with "%" or "%+" ("70", "70%+"). "banana" is not.
func ValidThreshold(threshold string) bool {
	t := strings.ToLower(strings.TrimSpace(threshold))
	if t == "" || strings.HasPrefix(t, "high") || strings.HasPrefix(t, "medium") || strings.HasPrefix(t, "all") {
		return true
	}
	t = strings.TrimSuffix(strings.TrimSuffix(t, "+"), "%")
	n, err := strconv.Atoi(strings.TrimSpace(t))
	return err == nil && n >= 1 && n <= 100
}
