package search

import (
	"context"
	"strings"
	"testing"
)

func TestTermsQueryAndMatches(t *testing.T) {
	q := TermsQuery("Alternative to  Salesforce", "alternative to salesforce", "", "Series-A")
	if got := strings.Join(q.Terms, "|"); got != "alternative to salesforce|series a" {
		t.Fatalf("terms %q", got)
	}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Any good alternative to Salesforce? We're a 40-person team.", true},
		{"We raised our Series A last week", true},
		{"Salesforce is an alternative", false},    // "to" missing
		{"We raised a seriesA", false},             // words, not substrings
		{"SALESFORCE: alternative... TO it", true}, // case and punctuation ignored
		{"", false},
	} {
		if got := q.Matches(tc.text); got != tc.want {
			t.Errorf("Matches(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	if !(Query{}).Matches("anything") {
		t.Error("an empty query should match everything")
	}
}

func TestJobKey(t *testing.T) {
	ctx := context.Background()
	if JobKey(ctx) != "" {
		t.Fatal("no key expected")
	}
	if JobKey(WithJobKey(ctx, "ws_1")) != "ws_1" {
		t.Fatal("key lost")
	}
}
