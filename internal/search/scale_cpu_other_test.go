//go:build !unix

package search

import "time"

// cpuTime is not measured here (no getrusage): the benchmark's cpu-p50-ms
// reads 0.
func cpuTime() time.Duration { return 0 }
