package auth

import "testing"

func TestProductionParameters(t *testing.T) {
	// TestMain lowered the variables; the constants they start from are
	// checked here against the documented profile.
	if defaultArgonMemory != 19*1024 || defaultArgonTime != 2 {
		t.Fatalf("argon2id defaults m=%d t=%d", defaultArgonMemory, defaultArgonTime)
	}
}
