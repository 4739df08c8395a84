// Command scoringgen writes the engine's tier bands
// (web/src/config/generated/scoring.json) for the web app, so the demo's
// tier and status names cannot drift from internal/engine/score: go
// generate in internal/engine/score; a test fails when the file is stale.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/signalpipe/signalpipe/internal/engine/score"
)

func main() {
	out := flag.String("out", "scoring.json", "file to write")
	flag.Parse()
	b, err := score.WebScoring()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		log.Fatal(err)
	}
}
