package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// A lead's relevance terms are a list even when there are none (leads
// stored before relevance was judged decode with none).
func TestRelevanceTermsAlwaysAList(t *testing.T) {
	b, err := json.Marshal(Lead{})
	if err != nil || !strings.Contains(string(b), `"relevance":{"terms":[],"score":0}`) {
		t.Fatalf("%s %v", b, err)
	}
}
