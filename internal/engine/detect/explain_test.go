package detect

import (
	"os"
	"testing"
)

// TestExplain prints which phrases match EXPLAIN (debugging aid).
func TestExplain(t *testing.T) {
	text := os.Getenv("EXPLAIN")
	if text == "" {
		t.Skip("set EXPLAIN")
	}
	for i := range cueTable {
		for _, ph := range cueTable[i].phrases {
			d, err := New([]cue{{name: ph, typ: cueTable[i].typ, weight: 1, phrases: []string{ph}}})
			if err != nil {
				t.Fatal(err)
			}
			if got := d.DetectText("", text); len(got.Cues) > 0 && got.Cues[0] == ph {
				t.Logf("%s / %s: %q", cueTable[i].typ, cueTable[i].name, ph)
			}
		}
	}
}
