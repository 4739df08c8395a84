package taxonomy

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// hit is a Hit without offsets, for table tests: "category kind term".
func hitsOf(text string) []string {
	var out []string
	for _, h := range Scan(text) {
		out = append(out, h.Category+" "+h.Kind+" "+h.Term)
	}
	return out
}

func TestScan(t *testing.T) {
	for _, tc := range []struct {
		text      string
		want, not []string
	}{
		// plain-language needs, in their inflected forms
		{"Travis is gone, we need CI.", []string{"ci-cd vendor Travis CI", "ci-cd job need CI"}, nil},
		{"We are looking for a way to sign contracts online.", []string{"e-signature job sign contracts online"}, nil},
		{"Signed contracts online last year", []string{"e-signature job sign contracts online"}, nil},
		{"Our app sent password-reset emails through SendGrid", []string{"transactional-email job send password reset emails", "transactional-email vendor SendGrid"}, nil},
		{"Who runs payroll for their contractors?", []string{"hris-payroll job run payroll for contractors"}, nil},
		{"Tracking errors is hard", []string{"error-tracking job track errors"}, nil},
		{"looking for a cheaper status page", []string{"status-pages job cheaper status page"}, nil},
		// whole words only, and vendors without stemming
		{"a Sentryish hack", nil, []string{"error-tracking vendor Sentry"}},
		{"the button is inside the form", nil, []string{"community-forums vendor inSided"}},
		{"we use zendesk", []string{"helpdesk vendor Zendesk"}, nil},
		// exact case: a vendor that is an English word, a short acronym
		{"someone at the front desk", nil, []string{"helpdesk vendor Front"}},
		{"we moved support to Front", []string{"helpdesk vendor Front"}, nil},
		{"the ci folder", nil, []string{"ci-cd synonym CI"}},
		{"set up CI for the repo", []string{"ci-cd job set up CI"}, nil},
		// other spellings and joined words
		{"HelpScout or Help Scout", []string{"helpdesk vendor Help Scout", "helpdesk vendor Help Scout"}, nil},
		{"our on call rotation", []string{"incident-response job on-call rotation"}, nil},
		{"who is oncall", []string{"incident-response synonym on-call"}, nil},
		{"we need A/B testing", []string{"ab-testing synonym A/B testing"}, nil},
		{"CI/CD for a small team", []string{"ci-cd synonym CI/CD"}, nil},
		// the longest term wins; one term of two categories gives two hits
		{"we run GitHub Actions", []string{"ci-cd vendor GitHub Actions"}, []string{"source-code-hosting vendor GitHub"}},
		{"Okta for everything", []string{"auth vendor Okta", "workforce-identity vendor Okta"}, nil},
		{"", nil, nil},
	} {
		got := hitsOf(tc.text)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: want %q in %q", tc.text, w, got)
			}
		}
		if len(tc.want) > 1 && tc.want[0] == tc.want[1] && len(got) < 2 {
			t.Errorf("%q: want two hits, got %q", tc.text, got)
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("%q: %q should not be found: %q", tc.text, n, got)
			}
		}
	}
}

func TestScanOffsets(t *testing.T) {
	text := "Ünïcode first — then Zendesk’s price, then “Help Scout”."
	hits := Scan(text)
	if len(hits) != 2 {
		t.Fatalf("hits %+v", hits)
	}
	for i, want := range []string{"Zendesk", "Help Scout"} {
		if got := text[hits[i].Start:hits[i].End]; got != want {
			t.Errorf("hit %d spans %q, want %q", i, got, want)
		}
	}
	if hits[0].Start > hits[1].Start {
		t.Error("hits not in text order")
	}
}

// posts are short, plausible issue-tracker and forum texts written for
// this benchmark (not taken from any data set).
var posts = func() []string {
	base := []string{
		"We are paying way too much for our current monitoring setup and the bill keeps growing every month.",
		"Travis stopped working for our open source project, we need CI that runs the tests on every pull request.",
		"Does anyone know a cheaper status page? Our team needs to publish incidents for customers.",
		"Looking for a way to sign contracts online without printing them, small team of five.",
		"Hiring a senior backend engineer: Go, PostgreSQL, Kubernetes, experience with Datadog a plus.",
		"How do I configure the webpack dev server to proxy API requests? The docs are unclear.",
		"We moved from Zendesk to Help Scout last year and the support team is happier.",
		"Our payroll is still done in spreadsheets and we just hired contractors in three countries.",
		"The login page throws a 500 error after the upgrade, stack trace attached below.",
		"Planning to add SSO for enterprise customers next quarter; Auth0 pricing looks steep.",
	}
	var out []string
	for i := 0; i < 200; i++ {
		out = append(out, fmt.Sprintf("%s (%d)", base[i%len(base)], i))
	}
	return out
}()

func BenchmarkScan(b *testing.B) {
	b.ReportAllocs()
	n := 0
	for i := 0; i < b.N; i++ {
		Scan(posts[i%len(posts)])
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "posts/s")
}

func TestScanFindsSomethingInBenchmarkPosts(t *testing.T) {
	found := 0
	for _, p := range posts[:10] {
		if len(Scan(p)) > 0 {
			found++
		}
	}
	if found < 6 || found == 10 {
		t.Errorf("%d of 10 posts have hits; the benchmark should see hits and misses", found)
	}
	_ = strings.ToLower
}
