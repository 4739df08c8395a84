package docs

import (
	"strings"
	"testing"
)

// The model's brief is the rule book's labelling sections, whole, and
// nothing about the data set.
func TestRules(t *testing.T) {
	r := Rules()
	for _, want := range []string{
		"## The five signal types", "**hiring_activity**", "**tech_research**",
		"## A signal without intent", "Everything about no particular person's or company's event stays `none`.",
		"## none", "## Settled cases", "Cases the first real-shaped labellers asked about",
		"with intent; a move that names no incumbent (\"we decided to move to Discord\") is tech_research.",
	} {
		if !strings.Contains(r, want) {
			t.Errorf("Rules() lacks %q", want)
		}
	}
	for _, unwanted := range []string{"## Splits", "## People and companies", "## Changes to the rules", "HashSplit", "provenance.tsv"} {
		if strings.Contains(r, unwanted) {
			t.Errorf("Rules() has %q, which is about the data set", unwanted)
		}
	}
}
