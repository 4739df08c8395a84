package score

import "testing"

// TestValidThreshold: what a client's ICP may store as signalThreshold;
// each valid one means to MinScore what it says.
func TestValidThreshold(t *testing.T) {
	for v, want := range map[string]int{"": 40, "High 80%+ match": 80, "medium": 60, "All signals 40%+ match": 40, "70": 70, "70%": 70, "65%+": 65, " 1 ": 1, "100": 100} {
		if !ValidThreshold(v) || MinScore(v) != want {
			t.Errorf("%q: valid %v, MinScore %d, want valid and %d", v, ValidThreshold(v), MinScore(v), want)
		}
	}
	for _, v := range []string{"banana", "0", "101", "-5", "70 points", "seventy", "80%%"} {
		if ValidThreshold(v) {
			t.Errorf("%q accepted", v)
		}
	}
}
