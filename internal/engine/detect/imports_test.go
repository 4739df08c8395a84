package detect

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The runtime detector does not import the evaluation code: training and
// calibration fitting, which score with it, live in ./train and run only
// under go generate.
func TestRuntimeDetectorDoesNotImportEvaluate(t *testing.T) {
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
			if strings.HasSuffix(p, "/engine/evaluate") || strings.HasSuffix(p, "/engine/labelled") {
				t.Errorf("%s imports %s", f, p)
			}
		}
	}
}
