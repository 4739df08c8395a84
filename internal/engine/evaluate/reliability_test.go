package evaluate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

func TestReliable(t *testing.T) {
	ex := []Example{{Intent: true}, {Intent: false}, {Intent: true}, {Intent: true}, {Intent: false}}
	dets := []engine.Detection{
		{Intent: true, Strength: 0.95}, {Intent: true, Strength: 0.92}, {Intent: true, Strength: 0.55},
		{Intent: false}, {Intent: true, Strength: 1},
	}
	r := Reliable(ex, dets)
	if r.Live != 4 {
		t.Fatalf("live %d, want 4 (a post not called live is not counted)", r.Live)
	}
	b9 := r.Buckets[9]
	if b9.N != 3 || b9.Observed != 1.0/3 || b9.Predicted < 0.956 || b9.Predicted > 0.957 {
		t.Errorf("0.9–1.0 bucket %+v: want 3 calls (1 included), mean 0.9567, 1/3 with intent", b9)
	}
	if b5 := r.Buckets[5]; b5.N != 1 || b5.Observed != 1 {
		t.Errorf("0.5–0.6 bucket %+v", b5)
	}
	want := (0.05*0.05 + 0.92*0.92 + 0.45*0.45 + 1) / 4
	if d := r.Brier - want; d > 1e-12 || d < -1e-12 {
		t.Errorf("Brier %v, want %v", r.Brier, want)
	}
	if r.AtLeastN[0] != 4 || r.AtLeast[0] != 0.5 || r.AtLeastN[4] != 3 || r.AtLeast[4] != 1.0/3 {
		t.Errorf("precision at thresholds %v %v", r.AtLeast, r.AtLeastN)
	}
	var buf bytes.Buffer
	r.Write(&buf, "x")
	if !strings.Contains(buf.String(), "| 0.9–1.0 | 3 | 0.96 | 0.33 |") {
		t.Errorf("table:\n%s", buf.String())
	}
}
