package draft

import (
	"bytes"
	"os"
	"testing"
)

// The demo's Signal Campaigns are the engine's templates: the web app
// reads the JSON go generate writes, and this fails when it is stale.
func TestDemoCampaignsAreTheEngineTemplates(t *testing.T) {
	want, err := DemoCampaigns()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../../web/src/features/demo/content/campaigns.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("web/src/features/demo/content/campaigns.json differs from the engine's templates: run go generate ./internal/engine/draft")
	}
}
