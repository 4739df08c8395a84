package icp

import "testing"

// TestValidRange: the company sizes and revenue ranges a client's ICP may
// store: those the fit reads as a range.
func TestValidRange(t *testing.T) {
	for _, v := range []string{"", "50-200", "11-200", "1000+", "1000+ employees", "Under $1M ARR", "$10M - $50M ARR", "$50M+ ARR", "120"} {
		if !ValidRange(v) {
			t.Errorf("%q refused", v)
		}
	}
	for _, v := range []string{"fifty to a thousand", "500-50", "lots", "big companies"} {
		if ValidRange(v) {
			t.Errorf("%q accepted", v)
		}
	}
}
