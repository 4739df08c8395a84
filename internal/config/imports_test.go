package config

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// config is plumbing (docs/architecture.md §2): it may import only other
// plumbing, never a feature package (as config/pdf.go once imported pdf to
// search PATH for Chromium while loading the defaults).
func TestConfigImportsNoFeature(t *testing.T) {
	allowed := map[string]bool{"github.com/signalpipe/signalpipe/internal/osuser": true, "github.com/signalpipe/signalpipe/internal/mail": true}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range af.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(p, "github.com/signalpipe/signalpipe/") && !allowed[p] {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}
