package score

import (
	"bytes"
	"os"
	"testing"
)

// The web app's tier bands are the engine's: the demo reads the JSON go
// generate writes, and this fails when it is stale.
func TestWebScoringIsTheEngineTiers(t *testing.T) {
	want, err := WebScoring()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../../web/src/config/generated/scoring.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("web/src/config/generated/scoring.json differs from score.Tiers: run go generate ./internal/engine/score")
	}
}
