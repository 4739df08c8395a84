package querylang

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseQuery(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Query
	}{
		{"crm", Query{Any: []Clause{{Words: []string{"crm"}}}}},
		{"CRM Migration", Query{Any: []Clause{{Words: []string{"crm", "migration"}}}}},
		{`"exact phrase"`, Query{Any: []Clause{{Phrases: []string{"exact phrase"}}}}},
		{`hubspot OR salesforce`, Query{Any: []Clause{{Words: []string{"hubspot"}}, {Words: []string{"salesforce"}}}}},
		{`"switching from" hubspot OR "moving off" salesforce -jobs -"open to work"`, Query{
			Any:     []Clause{{Words: []string{"hubspot"}, Phrases: []string{"switching from"}}, {Words: []string{"salesforce"}, Phrases: []string{"moving off"}}},
			Exclude: []string{"jobs", "open to work"}}},
		{`-intern crm`, Query{Any: []Clause{{Words: []string{"crm"}}}, Exclude: []string{"intern"}}},
		{`cats or dogs`, Query{Any: []Clause{{Words: []string{"cats", "or", "dogs"}}}}}, // lower-case or is a word
		{`e-mail "Sales-Ops!"`, Query{Any: []Clause{{Words: []string{"e", "mail"}, Phrases: []string{"sales ops"}}}}},
		{`crm !!! tools`, Query{Any: []Clause{{Words: []string{"crm", "tools"}}}}},
		{`crm"migration"`, Query{Any: []Clause{{Words: []string{"crm"}, Phrases: []string{"migration"}}}}},
	} {
		got, err := ParseQuery(tc.in)
		if err != nil {
			t.Errorf("ParseQuery(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseQuery(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestParseQueryErrors(t *testing.T) {
	for _, tc := range []struct{ in, msg string }{
		{``, "at least one word"},
		{`   `, "at least one word"},
		{`-jobs`, "at least one word"},
		{`"unclosed`, "unclosed quote at character 1"},
		{`crm "`, "unclosed quote at character 5"},
		{`""`, "empty phrase"},
		{`" ! "`, "empty phrase"},
		{`OR crm`, "OR needs"},
		{`crm OR`, "OR needs"},
		{`crm OR OR hubspot`, "OR needs"},
		{`crm - hubspot`, "'-' at character 5"},
		{`crm -`, "'-' at character 5"},
		{`crm -!!`, "'-' at character 5"},
		{`(crm OR hubspot)`, "parentheses are not supported"},
		{strings.Repeat("a", MaxQueryLen+1), "at most 300 characters"},
	} {
		_, err := ParseQuery(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("ParseQuery(%q) error %v, want one containing %q", tc.in, err, tc.msg)
		}
	}
	if _, err := ParseQueries([]string{"crm", "ok OR"}); err == nil || !strings.HasPrefix(err.Error(), "query 2: ") {
		t.Errorf("ParseQueries names the bad query: %v", err)
	}
	if _, err := ParseQueries(make([]string, MaxQueries+1)); err == nil {
		t.Error("too many queries accepted")
	}
}

func TestIndexQueryAndMatch(t *testing.T) {
	qs, err := ParseQueries([]string{`"switching from" hubspot OR crm -"open to work"`, `crm`, `cats or dogs`})
	if err != nil {
		t.Fatal(err)
	}
	if got := IndexQuery(qs).Terms; !reflect.DeepEqual(got, []string{"hubspot switching from", "crm", "cats dogs"}) {
		t.Errorf("index terms %q", got)
	}
	if !IndexQuery(nil).Empty() {
		t.Error("no queries must give the empty index query")
	}
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"We are switching from HubSpot next month", true},
		{"From HubSpot we are switching", false},       // phrase out of order
		{"Our CRM is a mess", true},                    // second clause
		{"Our CRM is a mess, I am open to work", true}, // the exclusion is only the first query's; `crm` alone matches
		{"Hiring salespeople", false},                  // nothing
		{"Looking at new CRMs this quarter", true},     // other word ending
		{"Dogs are great, cats too, or so", true},      // all words of the clause
		{"Dogs are great", false},                      // not all words
	} {
		if got := Match(qs, tc.text); got != tc.want {
			t.Errorf("Match(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	only, _ := ParseQueries([]string{`crm -"open to work" -intern`})
	for text, want := range map[string]bool{"crm help": true, "crm, open to work": false, "crm intern": false, "crm internal tools": true} {
		if got := Match(only, text); got != want {
			t.Errorf("exclusions: Match(%q) = %v, want %v", text, got, want)
		}
	}
	if !Match(nil, "anything") {
		t.Error("no queries must match everything")
	}
}
