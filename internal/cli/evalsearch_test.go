package cli

import (
	"context"
	"strings"
	"testing"
)

func TestEvalSearchCommand(t *testing.T) {
	env := map[string]string{"DATA_DIR": t.TempDir()}
	dir := "../engine/pipeline/testdata/relevance"
	code, out, errOut := runWith(t, context.Background(), env, "eval-search", dir, "--details")
	if code != 0 || !strings.Contains(out, "75 posts, 3 ICPs") || !strings.Contains(out, "no age limit") ||
		!strings.Contains(out, "macro") || !strings.Contains(out, "observability:") || !strings.Contains(out, "terms: ") {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	if code, out, _ := runWith(t, context.Background(), env, "eval-search", dir, "--max-age", "30d"); code != 0 || !strings.Contains(out, "max age 720h0m0s") {
		t.Fatalf("--max-age: exit %d %s", code, out)
	}
	if code, _, errOut := runWith(t, context.Background(), env, "eval-search", dir, "--max-age", "soon"); code != 2 || !strings.Contains(errOut, "--max-age") {
		t.Fatalf("bad --max-age: exit %d %s", code, errOut)
	}
	if code, _, errOut := runWith(t, context.Background(), env, "eval-search"); code != 2 || !strings.Contains(errOut, "usage: signalpipe eval-search") {
		t.Fatalf("no folder: exit %d %s", code, errOut)
	}
}
