package pdf

import (
	"context"
	"slices"
	"testing"
	"time"
)

// BenchmarkConvertWarm is the budget's warm path: one browser and tab kept
// across jobs. It reports the median as p50-ms (budget <= 300 ms).
func BenchmarkConvertWarm(b *testing.B) {
	c := newTestChromium(b, Options{Concurrency: 1})
	ctx := context.Background()
	if _, err := c.Convert(ctx, []byte(fixture)); err != nil {
		b.Fatal(err)
	}
	var took []time.Duration
	for b.Loop() {
		at := time.Now()
		if _, err := c.Convert(ctx, []byte(fixture)); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(at))
	}
	b.ReportMetric(p50ms(took), "p50-ms")
}

// BenchmarkConvertNewBrowserEachTime is the comparison: a new allocator and
// browser per conversion, as a converter without supervision would do.
func BenchmarkConvertNewBrowserEachTime(b *testing.B) {
	path := chromiumPath(b)
	var took []time.Duration
	for b.Loop() {
		at := time.Now()
		c := NewChromium(Options{ExecPath: path, Timeout: 60 * time.Second})
		if _, err := c.Convert(context.Background(), []byte(fixture)); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(at))
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_ = c.Close(ctx)
		cancel()
	}
	b.ReportMetric(p50ms(took), "p50-ms")
}

func p50ms(d []time.Duration) float64 {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[len(s)/2].Microseconds()) / 1000
}
