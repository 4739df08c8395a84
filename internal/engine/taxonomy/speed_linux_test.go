//go:build linux

package taxonomy

import (
	"syscall"
	"testing"
	"time"
)

func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Skip("no rusage:", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Scan keeps the detection budget of docs/performance.md: at least 20,000
// short posts per CPU-second for the whole taxonomy (measured in CPU time,
// so a busy machine does not fail it).
func TestScanSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("speed")
	}
	const n = 40000
	start := cpuTime(t)
	for i := 0; i < n; i++ {
		Scan(posts[i%len(posts)])
	}
	cpu := cpuTime(t) - start
	rate := float64(n) / cpu.Seconds()
	t.Logf("%d posts in %v CPU: %.0f posts per CPU-second", n, cpu, rate)
	if rate < 20000 {
		t.Errorf("%.0f posts per CPU-second, want at least 20,000", rate)
	}
}
