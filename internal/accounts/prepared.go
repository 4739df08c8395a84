package accounts

import (
	"math"
	"slices"
	"strings"
	"time"
)

// Prepared is an account's signals made ready to score at many times
// (a client's accounts list ranks every account at each read): weights
// looked up, strengths settled, and ordered by type and, within a type,
// by how much each counts, an order the decay keeps (every signal of an
// account decays at the same rate), so Score(now) only decays and
// multiplies. Its Score is Score's formula; TestPreparedScore holds the
// two equal.
type Prepared struct {
	sigs []prepSig
	// ends are where each type's signals end in sigs.
	ends []int
	// Last is the newest signal's time.
	Last time.Time
}

type prepSig struct {
	typ string
	ws  float64 // weight · strength
	at  int64   // Unix nanoseconds
	key float64 // log2(ws) + at in half-lives: the order of ws · decay at any time
}

// Prepare readies signals for Score.
func Prepare(signals []Signal) Prepared {
	p := Prepared{sigs: make([]prepSig, len(signals))}
	for i, s := range signals {
		w, ok := Weights[s.Type]
		if !ok {
			w = DefaultWeight
		}
		strength := s.Strength
		if strength <= 0 {
			strength = DefaultStrength
		}
		strength = min(strength, 1)
		ws := w * strength
		at := s.At.UnixNano()
		switch y := s.At.Year(); { // past what UnixNano holds: long ago, or far ahead
		case y < 1700:
			at = math.MinInt64 / 2
		case y > 2200:
			at = math.MaxInt64 / 2
		}
		p.sigs[i] = prepSig{typ: s.Type, ws: ws, at: at, key: math.Log2(ws) + float64(at)/float64(HalfLife)}
		if s.At.After(p.Last) {
			p.Last = s.At
		}
	}
	slices.SortFunc(p.sigs, func(a, b prepSig) int {
		if c := strings.Compare(a.typ, b.typ); c != 0 {
			return c
		}
		return compare(b.key, a.key)
	})
	for i := range p.sigs {
		if i+1 == len(p.sigs) || p.sigs[i+1].typ != p.sigs[i].typ {
			p.ends = append(p.ends, i+1)
		}
	}
	return p
}

// Len is how many signals p holds.
func (p Prepared) Len() int { return len(p.sigs) }

// Score is Score(signals, now) of the signals p was prepared from; buf
// is scratch space it may grow and returns.
func (p Prepared) Score(now time.Time, buf []float64) (int, []float64) {
	none := 1.0
	nowN := now.UnixNano()
	i := 0
	for _, end := range p.ends {
		cs := buf[:0]
		sorted := true
		for ; i < end; i++ {
			s := &p.sigs[i]
			age := time.Duration(nowN - s.at) // as now.Sub(at): neither has a monotonic reading
			if age > Window {
				continue
			}
			age = max(age, 0)
			c := s.ws * math.Exp2(-float64(age)/float64(HalfLife))
			if n := len(cs); n > 0 && c > cs[n-1] {
				sorted = false // a signal dated after now, or a rounding tie
			}
			cs = append(cs, c)
		}
		buf = cs
		if len(cs) == 0 {
			continue
		}
		if !sorted {
			slices.SortFunc(cs, func(a, b float64) int { return compare(b, a) })
		}
		miss := 1.0
		f := 1.0
		for _, c := range cs {
			miss *= 1 - c*f
			f *= Repeat
		}
		none *= miss
	}
	return int(math.Round(100 * (1 - none))), buf
}
