package jetstream

// The benchmark's recorded stream (docs/performance-log.md, "Bluesky Jetstream").
//go:generate go run ./streamgen -o testdata/stream.jsonl.gz -n 6000
