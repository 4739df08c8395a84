//go:build unix

package search

import (
	"syscall"
	"time"
)

// cpuTime is the CPU this process has used (user + system): on a busy
// machine it shows the work a search costs apart from waiting for a core.
// With PostgreSQL the benchmark adds the server's share (serverCPU).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
