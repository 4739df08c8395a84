package detect

import (
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine/corpus"
)

// BenchmarkDetect reports posts per second over the bundled corpus with
// the default detector (rules and model); run with -cpu 1 for the
// one-core figure.
func BenchmarkDetect(b *testing.B) {
	benchDetect(b, Default())
}

// BenchmarkDetectRulesOnly is the same without the model, to show what
// the model costs.
func BenchmarkDetectRulesOnly(b *testing.B) {
	benchDetect(b, RulesOnly())
}

func benchDetect(b *testing.B, d *Detector) {
	posts, err := corpus.Posts()
	if err != nil {
		b.Fatal(err)
	}
	var bytes int64
	for _, p := range posts {
		bytes += int64(len(p.Title) + len(p.Text))
	}
	b.SetBytes(bytes / int64(len(posts)))
	b.ResetTimer()
	i := 0
	for b.Loop() {
		d.Detect(posts[i%len(posts)])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "posts/s")
}
