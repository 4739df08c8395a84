package accounts

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestPreparedScore: a prepared account scores what Score gives, at any
// time, for random signals of every type (one unknown), strengths (none,
// over 1), ages (some past the window, some after now).
func TestPreparedScore(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 37))
	types := []string{"competitor_engagement", "tech_research", "job_change", "hiring_activity", "funding_event", "other"}
	var buf []float64
	for n := range 5000 {
		k := 1 + r.IntN(12)
		sigs := make([]Signal, k)
		for i := range sigs {
			sigs[i] = Signal{Type: types[r.IntN(len(types))], At: now.Add(-time.Duration(r.Int64N(int64(120*24*time.Hour))) + 5*24*time.Hour),
				Strength: []float64{0, r.Float64(), 1.2, 0.8}[r.IntN(4)]}
		}
		p := Prepare(sigs)
		for _, at := range []time.Time{now, now.Add(40 * 24 * time.Hour), now.Add(-10 * 24 * time.Hour)} {
			var got int
			got, buf = p.Score(at, buf)
			if want := Score(sigs, at); got != want {
				t.Fatalf("case %d at %s: prepared %d, Score %d (%+v)", n, at, got, want, sigs)
			}
		}
	}
	odd := []Signal{{Type: "job_change"}, {Type: "job_change", At: now.AddDate(500, 0, 0), Strength: 0.5}, {Type: "hiring_activity", At: now}}
	if got, want := Prepare(odd), Score(odd, now); got.Last != odd[1].At {
		t.Fatalf("last %s", got.Last)
	} else if n, _ := got.Score(now, nil); n != want {
		t.Fatalf("a zero time and one far ahead: prepared %d, Score %d", n, want)
	}
	if got, _ := Prepare(nil).Score(now, nil); got != 0 {
		t.Fatalf("no signals: %d", got)
	}
}
