package jetstream

// The benchmark's recorded stream (docs/performance.md, "Bluesky Jetstream").
//go:generate go run ./streamgen -o testdata/stream.jsonl.gz -n 6000
