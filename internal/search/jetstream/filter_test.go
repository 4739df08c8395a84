package jetstream

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/search/querylang"
)

// The prefilter passes a post exactly when querylang.Match over every query
// does: its index only narrows which queries are asked, including for the
// other endings Match accepts (hire/hiring, company/companies) and
// phrases, exclusions and OR.
func TestFilterAgreesWithMatch(t *testing.T) {
	qs, err := querylang.ParseQueries([]string{`hiring sdr`, `"crm alternative" -job`, `datadog OR "new relic"`,
		`company migrating`, `soc2 audit OR pentest`, `é café`, `ai`})
	if err != nil {
		t.Fatal(err)
	}
	f := NewFilter(qs)
	vocab := strings.Fields(`we are hire hired hiring an sdr sdrs crm crms alternative alternatives job jobs datadog data dog new
		relic relics companies company migrate migrating migration soc2 audit audits pentest pentesting é café cafés ai aim
		the a of to and Hiring SDR CRM-alternative New-Relic`)
	rnd := rand.New(rand.NewPCG(1, 2))
	passed := 0
	for range 20000 {
		words := make([]string, 1+rnd.IntN(12))
		for i := range words {
			words[i] = vocab[rnd.IntN(len(vocab))]
		}
		text := strings.Join(words, " ")
		got, want := f.Pass(text), querylang.Match(qs, text)
		if got != want {
			t.Fatalf("%q: filter %v, Match %v", text, got, want)
		}
		if got {
			passed++
		}
	}
	if passed < 1000 || passed > 19000 {
		t.Fatalf("%d of 20000 passed: the sample does not exercise both sides", passed)
	}
	for _, c := range []struct {
		text string
		want bool
	}{
		{"We're hiring our first SDR!", true},
		{"They hired two SDRs last week", true},
		{"Looking for a CRM alternative, not a job", false},
		{"Any CRM alternative you like?", true},
		{"Two companies are migrating off Heroku", true},
		{"New Relic pricing again", true},
		{"nothing to see", false},
	} {
		if got := f.Pass(c.text); got != c.want {
			t.Errorf("%q: %v", c.text, got)
		}
	}
	if NewFilter(nil).Pass("We're hiring our first SDR!") {
		t.Error("no queries must pass nothing")
	}
}
