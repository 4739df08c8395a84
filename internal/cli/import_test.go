package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestImportThenSearch(t *testing.T) {
	env := map[string]string{"DATA_DIR": t.TempDir(), "EMAIL_VERIFY": "false", "CORPUS_SEED": "false"}
	dir := t.TempDir()
	good := `{"id":"p1","source":"mine","url":"https://mine.example/p1","author":"Dana Wu","authorTitle":"Controller","text":"Our Tipalti renewal doubled. We are evaluating AP automation tools this month, recommendations?"}
{"id":"p2","source":"mine","url":"https://mine.example/p2","text":"Weekend hike photos.","publishedAt":"2026-01-02T03:04:05Z"}
{"id":"p5","source":"mine","url":"https://mine.example/p5","text":"Our Tipalti renewal is next month. We are evaluating AP automation tools, recommendations?","publishedAt":"2020-01-02T03:04:05Z"}
`
	bad := good + `{"id":"p3","source":"mine","text":"ok"}
{"id": "p4", "source": "mine", "txt": "misspelt field"}
`
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// A malformed line stops the import and nothing is stored.
	code, _, errOut := runWith(t, context.Background(), env, "import", write("bad.jsonl", bad))
	if code != 1 || !strings.Contains(errOut, "line 5") || !strings.Contains(errOut, "nothing stored") {
		t.Fatalf("bad file: exit %d, %s", code, errOut)
	}
	// --skip-bad skips and counts; importing twice adds nothing new.
	code, out, errOut := runWith(t, context.Background(), env, "import", write("bad2.jsonl", bad), "--skip-bad")
	if code != 0 || !strings.Contains(out, "imported 4 new posts") || !strings.Contains(out, "1 bad lines skipped") {
		t.Fatalf("skip-bad: exit %d, %q %s", code, out, errOut)
	}
	code, out, _ = runWith(t, context.Background(), env, "import", write("good.jsonl", good))
	if code != 0 || !strings.Contains(out, "imported 0 new posts (3 already stored") {
		t.Fatalf("again: exit %d, %q", code, out)
	}
	// The imported post is found, with its url and the terms that made it
	// relevant; the one older than LEAD_MAX_AGE is not.
	stdin = strings.NewReader(`{"competitors":["Tipalti","Bill.com"],"knowledgeBase":"The vendor sells accounts-payable automation software."}`)
	t.Cleanup(func() { stdin = os.Stdin })
	code, out, errOut = runWith(t, context.Background(), env, "search")
	if code != 0 {
		t.Fatalf("search: exit %d, %s", code, errOut)
	}
	var l struct {
		URL       string `json:"url"`
		Relevance struct {
			Terms []string `json:"terms"`
		} `json:"relevance"`
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &l) != nil || l.URL != "https://mine.example/p1" || len(l.Relevance.Terms) == 0 {
		t.Fatalf("search found %q", out)
	}
	// Off-topic ICP: no lead, and the reason with counts.
	stdin = strings.NewReader(`{"competitors":["Zendesk"]}`)
	code, out, errOut = runWith(t, context.Background(), env, "search")
	if code != 0 || strings.TrimSpace(out) != "" || !strings.Contains(errOut, "no leads; read 4 posts") || !strings.Contains(errOut, "not about the ICP's topic") || !strings.Contains(errOut, "2 too old") {
		t.Fatalf("off-topic search: exit %d, %q %s", code, out, errOut)
	}
	// A misspelt key is named.
	stdin = strings.NewReader(`{"titles":["CFO"]}`)
	code, _, errOut = runWith(t, context.Background(), env, "search")
	if code == 0 || !strings.Contains(errOut, "titles: unknown field; did you mean targetTitles?") {
		t.Fatalf("misspelt key: exit %d, %s", code, errOut)
	}
	// An unknown software category is refused by name.
	stdin = strings.NewReader(`{"categories":["no-such-category"]}`)
	code, _, errOut = runWith(t, context.Background(), env, "search")
	if code == 0 || !strings.Contains(errOut, "categories: unknown category") || !strings.Contains(errOut, "no-such-category") {
		t.Fatalf("unknown category: exit %d, %s", code, errOut)
	}
}
