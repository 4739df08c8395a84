package score

import (
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func TestScore(t *testing.T) {
	tests := []struct {
		fit, strength float64
		want          int
	}{
		{1, 1, 100}, {0, 0, 0}, {0.5, 0.5, 50}, {1, 0, 60}, {0, 1, 40},
		{0.8, 0.75, 78}, {2, -1, 60}, {0.725, 0.9125, 80},
	}
	for _, tt := range tests {
		if got := Score(tt.fit, tt.strength); got != tt.want {
			t.Errorf("Score(%v, %v) = %d, want %d", tt.fit, tt.strength, got, tt.want)
		}
	}
}

func TestTierBoundaries(t *testing.T) {
	tests := []struct {
		score  int
		tier   engine.Tier
		status string
	}{
		{100, engine.TierHot, "Ready to Buy"}, {80, engine.TierHot, "Ready to Buy"},
		{79, engine.TierWarm, "Hot"}, {60, engine.TierWarm, "Hot"},
		{59, engine.TierOther, "Warm"}, {40, engine.TierOther, "Warm"}, {39, engine.TierOther, "Warm"},
	}
	for _, tt := range tests {
		tier, status := TierOf(tt.score)
		if tier != tt.tier || status != tt.status {
			t.Errorf("TierOf(%d) = %s %q, want %s %q", tt.score, tier, status, tt.tier, tt.status)
		}
	}
	if Qualifies(39, "") || !Qualifies(40, "") {
		t.Error("the default threshold must admit 40 and reject 39")
	}
}

func TestMinScore(t *testing.T) {
	tests := map[string]int{
		"High 80%+ match": 80, "Medium 60%+ match": 60, "All signals 40%+ match": 40,
		"": 40, "nonsense": 40, "high": 80, "70": 70, "75%": 75, "500": 40,
	}
	for in, want := range tests {
		if got := MinScore(in); got != want {
			t.Errorf("MinScore(%q) = %d, want %d", in, got, want)
		}
	}
	if Qualifies(79, "High 80%+ match") || !Qualifies(80, "High 80%+ match") {
		t.Error("High must admit 80 and reject 79")
	}
	if Qualifies(59, "Medium 60%+ match") || !Qualifies(60, "Medium 60%+ match") {
		t.Error("Medium must admit 60 and reject 59")
	}
}
