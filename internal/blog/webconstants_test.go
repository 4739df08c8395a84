package blog

import (
	"bytes"
	"os"
	"testing"
)

// The web app's blog names categories and defaults a new post as the
// server does: it reads the JSON go generate writes, and this fails when
// that is stale.
func TestWebConstantsAreTheServers(t *testing.T) {
	want, err := WebConstants()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../web/src/config/generated/blog.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("web/src/config/generated/blog.json differs from internal/blog: run go generate ./internal/blog")
	}
}
