package speaker

import (
	"strings"
	"syscall"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine/corpus"
	"github.com/signalpipe/signalpipe/internal/engine/realcorpus"
)

// BenchmarkRead reports posts per second over the bundled corpus; run with
// -cpu 1 for the one-core figure (the budget is 20,000 posts per
// CPU-second).
func BenchmarkRead(b *testing.B) {
	posts, err := corpus.Posts()
	if err != nil {
		b.Fatal(err)
	}
	texts := make([][2]string, len(posts))
	for i, p := range posts {
		texts[i] = [2]string{p.Title, p.Text}
	}
	bench(b, texts)
}

// BenchmarkReadLong is the same on posts of about 1,500 characters, the
// size of the real corpus's longest excerpts: bundled posts run together.
func BenchmarkReadLong(b *testing.B) {
	posts, err := corpus.Posts()
	if err != nil {
		b.Fatal(err)
	}
	var texts [][2]string
	var sb strings.Builder
	for _, p := range posts {
		sb.WriteString(p.Text)
		sb.WriteString("\n\n")
		if sb.Len() >= 1500 {
			texts = append(texts, [2]string{p.Title, sb.String()})
			sb.Reset()
		}
	}
	bench(b, texts)
}

// BenchmarkReadReal is the same on the real-post training corpus.
func BenchmarkReadReal(b *testing.B) {
	c, err := realcorpus.Load("../realcorpus/testdata")
	if err != nil {
		b.Fatal(err)
	}
	texts := make([][2]string, len(c.Posts))
	for i, p := range c.Posts {
		texts[i] = [2]string{p.Title, p.Text}
	}
	bench(b, texts)
}

func bench(b *testing.B, texts [][2]string) {
	var bytes int64
	for _, t := range texts {
		bytes += int64(len(t[0]) + len(t[1]))
	}
	b.SetBytes(bytes / int64(len(texts)))
	cpu0 := cpuSeconds()
	i := 0
	for b.Loop() {
		t := texts[i%len(texts)]
		Read(t[0], t[1])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "posts/s")
	// On a shared machine the wall clock overstates the cost: the process
	// is not running all the time. Posts per CPU-second is the budget's
	// unit.
	if cpu := cpuSeconds() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu, "posts/cpu-s")
	}
}

// cpuSeconds is the process's user and system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
}
