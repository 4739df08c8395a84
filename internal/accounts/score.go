package accounts

import (
	"math"
	"slices"
	"time"
)

// Signal is one buying signal at an account: a lead's post (or a hiring
// batch, a job change, a funding round) with its type and when it
// happened.
type Signal struct {
	Type string    // an engine signal type: competitor_engagement, hiring_activity…
	At   time.Time // when it happened (the post's date, else the lead's)
	// Strength is 0-1: the lead's intent score over 100 (0: unknown,
	// read as DefaultStrength).
	Strength float64
}

// The stacking formula's constants (docs/clients.md "Account score").
const (
	// Window: signals older than this do not count.
	Window = 90 * 24 * time.Hour
	// HalfLife: a signal counts half as much this long after it happened.
	HalfLife = 30 * 24 * time.Hour
	// Repeat: each further signal of a type already counted counts this
	// much less than the one before (the second 0.5, the third 0.25…):
	// three complaints are one worry, a complaint, a hiring wave and a new
	// leader are three reasons.
	Repeat = 0.5
	// DefaultStrength is a signal's strength when its lead has no score.
	DefaultStrength = 0.6
)

// Weights are how much one fresh signal of full strength says about a
// buying moment, by type. No single type reaches the default threshold
// of 70 alone (the highest is 0.65): an account heats up when signals of
// two types meet. These are a stated rule, not a fit: the repository's
// labelled data judges single posts, and holds no account-level outcomes
// (a sale, a meeting) to fit stacking on. The order follows how directly
// a type names a need for what the client sells.
var Weights = map[string]float64{
	"competitor_engagement": 0.65, // asking for a rival's alternative: pain with a named product
	"tech_research":         0.50, // evaluating the category
	"job_change":            0.50, // a new leader re-decides the stack in the first months
	"hiring_activity":       0.50, // budget for the served roles
	"funding_event":         0.40, // money, not yet a need
}

// DefaultWeight is the weight of a type Weights does not list.
const DefaultWeight = 0.25

// Score is an account's stacked score, 0-100, at now:
//
//	c_i   = w(type_i) · strength_i · 2^(-age_i / HalfLife)       (age_i ≤ Window)
//	s_t   = 1 - Π_k (1 - c_(t,k) · Repeat^k)   the type's signals, strongest first, k = 0, 1, …
//	score = round(100 · (1 - Π_t (1 - s_t)))
//
// Each term is a probability-like "this is a reason to call": the
// product is the chance none of them is, so any signal raises the score,
// no score passes 100, and types stack more than repeats of one type.
func Score(signals []Signal, now time.Time) int {
	byType := map[string][]float64{}
	for _, s := range signals {
		age := now.Sub(s.At)
		if age > Window {
			continue
		}
		age = max(age, 0)
		w, ok := Weights[s.Type]
		if !ok {
			w = DefaultWeight
		}
		strength := s.Strength
		if strength <= 0 {
			strength = DefaultStrength
		}
		strength = min(strength, 1)
		decay := math.Exp2(-float64(age) / float64(HalfLife))
		byType[s.Type] = append(byType[s.Type], w*strength*decay)
	}
	none := 1.0
	for _, cs := range byType {
		slices.SortFunc(cs, func(a, b float64) int { return compare(b, a) })
		miss := 1.0
		f := 1.0
		for _, c := range cs {
			miss *= 1 - c*f
			f *= Repeat
		}
		none *= miss // 1 - s_t
	}
	return int(math.Round(100 * (1 - none)))
}

func compare(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
