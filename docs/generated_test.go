package docs_test

import (
	"testing"

	"github.com/signalpipe/signalpipe/internal/devtools/docgen"
)

// TestGeneratedSectionsAreCurrent fails when a listed thing (a package, a
// job kind, a command, an option) changed without the documents: run
// `go generate ./docs`.
func TestGeneratedSectionsAreCurrent(t *testing.T) {
	stale, err := docgen.Stale("..", docgen.FromCode())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stale {
		t.Errorf("%s is out of date with the code: run go generate ./docs", s)
	}
}
