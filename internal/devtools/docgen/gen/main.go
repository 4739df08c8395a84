// Command gen rewrites the generated sections of the documents (package
// docgen) from the code; `go generate ./docs` runs it from docs/.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/signalpipe/signalpipe/internal/devtools/docgen"
)

func main() {
	root := ".."
	if len(os.Args) > 1 {
		root = os.Args[1]
	}
	files, err := docgen.Generate(root, docgen.FromCode())
	if err != nil {
		fmt.Fprintln(os.Stderr, "docgen:", err)
		os.Exit(1)
	}
	for path, b := range files {
		if err := os.WriteFile(filepath.Join(root, path), b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "docgen:", err)
			os.Exit(1)
		}
	}
}
