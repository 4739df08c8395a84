package intake

import (
	"bytes"
	"os"
	"testing"
)

// The web app's onboarding fields and booking choices are the server's: it
// reads the JSON go generate writes, and this fails when that is stale.
func TestWebFieldsAreTheServers(t *testing.T) {
	want, err := WebFields()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../web/src/config/generated/intake.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("web/src/config/generated/intake.json differs from internal/intake: run go generate ./internal/intake")
	}
}
