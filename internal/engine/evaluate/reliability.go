package evaluate

import (
	"fmt"
	"io"
	"math"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Bucket is one row of a reliability table: the live calls whose strength
// fell in [Lo, Hi), how strong they were on average and how many of them
// were labelled intent.
type Bucket struct {
	Lo, Hi    float64
	N         int
	Predicted float64 // mean strength
	Observed  float64 // share labelled intent
}

// Reliability is how well a detector's strength works as a probability of
// intent, over the posts it calls live (Intent true).
type Reliability struct {
	Buckets []Bucket // ten, 0.1 wide; empty ones included
	Live    int      // posts called live
	Brier   float64  // mean (strength − label)² over them
	// AtLeast[i] is the precision of the calls with strength ≥ 0.5+0.1·i
	// (0.5 to 0.9), and their count in AtLeastN[i]: what a threshold buys.
	AtLeast  [5]float64
	AtLeastN [5]int
}

// Reliable measures dets (one per example) as probabilities of intent.
func Reliable(ex []Example, dets []engine.Detection) Reliability {
	var r Reliability
	sums := make([]float64, 10)
	hits := make([]int, 10)
	r.Buckets = make([]Bucket, 10)
	var atHits [5]int
	for i, d := range dets {
		if !d.Intent {
			continue
		}
		y := 0.0
		if ex[i].Intent {
			y = 1
		}
		r.Live++
		r.Brier += (d.Strength - y) * (d.Strength - y)
		b := min(int(math.Floor(d.Strength*10+1e-9)), 9)
		r.Buckets[b].N++
		sums[b] += d.Strength
		hits[b] += int(y)
		for k := range r.AtLeast {
			if d.Strength >= 0.5+0.1*float64(k)-1e-9 {
				r.AtLeastN[k]++
				atHits[k] += int(y)
			}
		}
	}
	for b := range r.Buckets {
		r.Buckets[b].Lo, r.Buckets[b].Hi = float64(b)/10, float64(b+1)/10
		if n := r.Buckets[b].N; n > 0 {
			r.Buckets[b].Predicted = sums[b] / float64(n)
			r.Buckets[b].Observed = float64(hits[b]) / float64(n)
		}
	}
	for k := range r.AtLeast {
		r.AtLeast[k] = ratio(atHits[k], r.AtLeastN[k])
	}
	if r.Live > 0 {
		r.Brier /= float64(r.Live)
	}
	return r
}

// Write prints the reliability table (Markdown).
func (r Reliability) Write(w io.Writer, name string) {
	fmt.Fprintf(w, "%s: strength as a probability of intent, %d live calls, Brier score %.4f\n\n", name, r.Live, r.Brier)
	fmt.Fprintln(w, "| strength | calls | mean strength | share with intent |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, b := range r.Buckets {
		if b.N == 0 {
			continue
		}
		fmt.Fprintf(w, "| %.1f–%.1f | %d | %.2f | %.2f |\n", b.Lo, b.Hi, b.N, b.Predicted, b.Observed)
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, "precision at strength ≥")
	for k := range r.AtLeast {
		fmt.Fprintf(w, " %.1f: %.2f (%d);", 0.5+0.1*float64(k), r.AtLeast[k], r.AtLeastN[k])
	}
	fmt.Fprintln(w)
}
