// Command campaignsgen writes the demo's campaign templates
// (web/src/features/demo/content/campaigns.json) from the engine's
// (internal/engine/draft), so the two cannot drift: go generate in
// internal/engine/draft; a test fails when the file is stale.
package main

import (
	"flag"
	"log"
	"os"

	"github.com/signalpipe/signalpipe/internal/engine/draft"
)

func main() {
	out := flag.String("out", "campaigns.json", "file to write")
	flag.Parse()
	b, err := draft.DemoCampaigns()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, b, 0o644); err != nil {
		log.Fatal(err)
	}
}
