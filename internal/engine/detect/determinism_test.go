package detect

import (
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine/labelled"
)

// The same post reads the same every time: the cues' evidence is summed in
// map order, and before it was rounded a sum of exactly the threshold came
// out a hair under it now and then, so the incumbent bonus (and with it the
// calibrated strength) flipped from one call to the next.
func TestReadingIsDeterministic(t *testing.T) {
	d := Default()
	for _, e := range labelled.Split("test") {
		a := d.read(e.Title, e.Text)
		for range 20 {
			if b := d.read(e.Title, e.Text); a.ev != b.ev || a.pIntent != b.pIntent || a.det.Strength != b.det.Strength || a.det.SignalType != b.det.SignalType {
				t.Fatalf("%s reads differently: evidence %v then %v", e.ID, a.ev, b.ev)
			}
		}
	}
}
