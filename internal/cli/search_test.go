package cli

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestSearchCommand(t *testing.T) {
	stdin = strings.NewReader(`{"targetTitles":["VP Sales"],"industries":["Fintech"],"signalThreshold":"Medium 60%+ match"}`)
	t.Cleanup(func() { stdin = os.Stdin })
	code, out, errOut := runWith(t, context.Background(), map[string]string{"DATA_DIR": t.TempDir(), "EMAIL_VERIFY": "false"}, "search")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) == 0 || lines[0] == "" {
		t.Fatal("no leads")
	}
	var l struct {
		IntentScore int    `json:"intentScore"`
		IntentTier  string `json:"intentTier"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &l); err != nil || l.IntentScore < 60 {
		t.Fatalf("first lead %q: %v", lines[0], err)
	}

	stdin = strings.NewReader(`{"targetTitles":[1]}`)
	if code, _, errOut := runWith(t, context.Background(), map[string]string{"DATA_DIR": t.TempDir()}, "search"); code == 0 || !strings.Contains(errOut, "targetTitles") {
		t.Fatalf("bad ICP: exit %d, %s", code, errOut)
	}
}
