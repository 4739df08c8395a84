package realcorpus

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// sharedDir is the shared folder of evaluation sets: ../shared from the
// repository root (as in CI), or $SIGNALPIPE_SHARED.
func sharedDir(t *testing.T) string {
	if d := os.Getenv("SIGNALPIPE_SHARED"); d != "" {
		return d
	}
	return filepath.Join(repoRoot(t), "..", "shared")
}

func repoRoot(t *testing.T) string {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("repository root not found at %s", root)
	}
	return root
}

// TestNoEvalPostInRepository: no post of the shared evaluation sets (its
// URL, or any 80 characters of its text) is in a file of the repository.
// It fails, not skips, when the shared folder is missing.
func TestNoEvalPostInRepository(t *testing.T) {
	ix, err := ReadEvalIndex(filepath.Join(sharedDir(t), "eval"))
	if err != nil {
		t.Fatalf("%v (the evaluation sets are read from ../shared of the repository root, or $SIGNALPIPE_SHARED)", err)
	}
	root := repoRoot(t)
	found := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "dist", "test-results", "playwright-report":
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil || bytes.IndexByte(b, 0) >= 0 {
			return nil // unreadable or binary
		}
		rel, _ := filepath.Rel(root, path)
		for _, what := range ix.Find(string(b)) {
			found++
			t.Errorf("%s holds an evaluation post: %s", rel, what)
		}
		if found > 30 {
			return filepath.SkipAll
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestEvalIndexFinds: the scan finds a URL and a copied passage, and not a
// longer URL that merely starts like an evaluation post's.
func TestEvalIndexFinds(t *testing.T) {
	text := "We are moving our contracts off the old tool because the per-envelope price doubled and legal wants audit trails"
	ix := &EvalIndex{urls: map[string]bool{"github.com/o/r/issues/58": true}, windows: map[string]bool{}}
	n := normal(text)
	for i := 0; i+Window <= len(n); i++ {
		if i == 0 || n[i-1] == ' ' {
			ix.windows[n[i:i+Window]] = true
		}
	}
	if got := ix.Find(`see https://github.com/o/r/issues/58#issuecomment-1`); len(got) != 1 {
		t.Errorf("URL with a fragment: %v", got)
	}
	if got := ix.Find(`see https://github.com/o/r/issues/5842`); len(got) != 0 {
		t.Errorf("a longer URL was taken for it: %v", got)
	}
	if got := ix.Find(`{"text": "Hi.\nWe are moving our contracts off the old tool because the per-envelope price doubled and legal"}`); len(got) != 1 {
		t.Errorf("quoted passage: %v", got)
	}
	if got := ix.Find("We are moving our contracts off the old tool"); len(got) != 0 {
		t.Errorf("a short phrase was taken for a copy: %v", got)
	}
}
