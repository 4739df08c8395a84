package taxonomy

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// icps are ICPs written for these tests, one a category, as that
// category's vendor would describe itself; some give competitors, some
// only a knowledge base or pain points.
var icps = []struct {
	want string
	p    engine.ICP
}{
	{"ci-cd", engine.ICP{Competitors: []string{"CircleCI", "Jenkins", "Buildkite"}, TechStack: []string{"GitHub", "Docker"},
		KnowledgeBase: "We run a hosted continuous integration service with fast parallel builds."}},
	{"error-tracking", engine.ICP{Competitors: []string{"Sentry", "Bugsnag"}, PainPoints: []string{"crashes nobody sees"},
		KnowledgeBase: "Crash reporting and error monitoring for mobile and web apps."}},
	{"helpdesk", engine.ICP{Competitors: []string{"Zendesk", "Freshdesk", "Front"}, TechStack: []string{"live chat widget", "Slack"},
		KnowledgeBase: "A shared inbox and ticketing system for small support teams."}},
	{"product-analytics", engine.ICP{Competitors: []string{"Mixpanel", "Heap", "Google Analytics"},
		KnowledgeBase: "Privacy-friendly product analytics: funnels, retention and feature usage."}},
	{"auth", engine.ICP{Competitors: []string{"Auth0", "Clerk", "Firebase Auth"},
		KnowledgeBase: "Drop-in authentication for SaaS apps: social login, passkeys and SAML SSO for your enterprise customers."}},
	{"observability-apm", engine.ICP{Competitors: []string{"Datadog", "New Relic", "Honeycomb"},
		KnowledgeBase: "Observability with distributed tracing and metrics at a predictable price."}},
	{"transactional-email", engine.ICP{Competitors: []string{"SendGrid", "Postmark", "Amazon SES"},
		PainPoints: []string{"emails going to spam"}, KnowledgeBase: "An email API for the emails your app sends."}},
	{"issue-tracking", engine.ICP{Competitors: []string{"Jira", "Linear", "Asana"}, KnowledgeBase: "Issue tracking that engineers like."}},
	{"payments", engine.ICP{Competitors: []string{"Stripe", "Adyen", "Braintree"}, KnowledgeBase: "A payment gateway for platforms and marketplaces."}},
	{"crm", engine.ICP{Competitors: []string{"Salesforce", "Pipedrive", "HubSpot CRM"}, PainPoints: []string{"deals tracked in spreadsheets"}}},
	{"feature-flags", engine.ICP{Competitors: []string{"LaunchDarkly", "Split"}, KnowledgeBase: "Feature flags and gradual rollouts for every team."}},
	{"managed-databases", engine.ICP{Competitors: []string{"Amazon RDS", "Neon", "PlanetScale"}, KnowledgeBase: "Managed Postgres with branching."}},
	{"team-chat", engine.ICP{Competitors: []string{"Slack", "Microsoft Teams"}, KnowledgeBase: "Team chat you can host yourself."}},
	{"site-search", engine.ICP{Competitors: []string{"Algolia", "Elasticsearch"}, KnowledgeBase: "Site search as a service with typo tolerance."}},
	{"app-hosting", engine.ICP{Competitors: []string{"Heroku", "Render", "Fly.io"}, KnowledgeBase: "A PaaS: git push to deploy."}},
	// no competitors: the knowledge base and pain points carry it
	{"e-signature", engine.ICP{PainPoints: []string{"printing and scanning contracts", "contracts waiting weeks for signatures"},
		KnowledgeBase: "We make electronic signature simple: send contracts for signature and track them."}},
	{"hris-payroll", engine.ICP{PainPoints: []string{"running payroll by hand"}, KnowledgeBase: "Payroll software and HR for small businesses."}},
	{"recruiting-ats", engine.ICP{KnowledgeBase: "An applicant tracking system for growing teams: job posting, interview scheduling, scorecards."}},
	{"security-compliance", engine.ICP{PainPoints: []string{"enterprise deals blocked on SOC 2"}, KnowledgeBase: "Compliance automation for SOC 2 and ISO 27001."}},
	{"status-pages", engine.ICP{Competitors: []string{"Statuspage", "Instatus"}, KnowledgeBase: "Hosted status pages for SaaS companies."}},
	{"secrets-management", engine.ICP{Competitors: []string{"HashiCorp Vault", "Doppler"}, PainPoints: []string{"API keys in .env files"}}},
	{"backups", engine.ICP{Competitors: []string{"Veeam", "Druva"}, KnowledgeBase: "SaaS backup for Microsoft 365 and Google Workspace."}},
	{"maps-geo", engine.ICP{Competitors: []string{"Google Maps Platform", "Mapbox"}, KnowledgeBase: "Geocoding and routing APIs."}},
	{"localization", engine.ICP{Competitors: []string{"Lokalise", "Crowdin"}, KnowledgeBase: "Localization for product teams."}},
	{"docs-wiki", engine.ICP{Competitors: []string{"Confluence", "Notion"}, KnowledgeBase: "An internal wiki your team will actually use."}},
	{"data-warehouse", engine.ICP{Competitors: []string{"Snowflake", "BigQuery"}, KnowledgeBase: "A cloud data warehouse billed by the query."}},
	{"bi-dashboards", engine.ICP{Competitors: []string{"Tableau", "Looker"}, KnowledgeBase: "Business intelligence for startups."}},
	{"scheduling", engine.ICP{Competitors: []string{"Calendly"}, KnowledgeBase: "Scheduling links and round robin meetings for sales teams."}},
	{"sms-voice", engine.ICP{Competitors: []string{"Twilio", "Vonage"}, KnowledgeBase: "SMS API and voice API with local numbers."}},
	{"headless-cms", engine.ICP{Competitors: []string{"Contentful", "Sanity"}, KnowledgeBase: "A headless CMS for marketing teams."}},
	{"marketing-automation", engine.ICP{Competitors: []string{"Marketo", "ActiveCampaign"}, KnowledgeBase: "Marketing automation for B2B lifecycle campaigns."}},
	{"video-hosting", engine.ICP{Competitors: []string{"Wistia", "Vimeo"}, KnowledgeBase: "Video hosting for marketing and courses."}},
	{"forms-surveys", engine.ICP{Competitors: []string{"Typeform", "SurveyMonkey"}}},
	{"password-managers", engine.ICP{Competitors: []string{"1Password", "LastPass"}}},
	{"accounting", engine.ICP{Competitors: []string{"QuickBooks", "Xero"}, PainPoints: []string{"month-end close takes two weeks"}}},
	{"ap-spend", engine.ICP{Competitors: []string{"Bill.com", "Ramp", "Expensify"}, KnowledgeBase: "Accounts payable automation: approve invoices and pay vendors."}},
	{"etl-elt", engine.ICP{Competitors: []string{"Fivetran", "Airbyte"}, KnowledgeBase: "Data pipelines from every SaaS tool into your warehouse."}},
	{"incident-response", engine.ICP{Competitors: []string{"PagerDuty", "Opsgenie"}, KnowledgeBase: "On-call scheduling and incident response in Slack."}},
}

func TestMapICP(t *testing.T) {
	for _, tc := range icps {
		m := ForICP(tc.p)
		if len(m) == 0 || m[0].ID != tc.want {
			t.Errorf("%s: mapped to %v", tc.want, ids(m))
			continue
		}
		if m[0].Score <= 0 || m[0].Score > 1 || len(m[0].Because) == 0 {
			t.Errorf("%s: score %v, because %q", tc.want, m[0].Score, m[0].Because)
		}
		for i := 1; i < len(m); i++ {
			if m[i].Score > m[i-1].Score {
				t.Errorf("%s: not best first: %v", tc.want, m)
			}
		}
	}
}

func ids(m []Mapped) []string {
	var out []string
	for _, x := range m {
		out = append(out, x.ID)
	}
	return out
}

func TestMapICPReasonsAndEdges(t *testing.T) {
	m := MapICP([]string{"Travis CI"}, nil, nil, "")
	if len(m) != 1 || m[0].ID != "ci-cd" || !strings.Contains(m[0].Because[0], `competitor "Travis CI"`) {
		t.Errorf("one competitor: %+v", m)
	}
	if m := MapICP(nil, nil, nil, ""); len(m) != 0 {
		t.Errorf("empty ICP mapped: %+v", m)
	}
	if m := MapICP([]string{"Acme Widgets"}, []string{"Excel"}, []string{"too many meetings"}, "We sell furniture."); len(m) != 0 {
		t.Errorf("nothing software mapped: %+v", m)
	}
	// a tech-stack mention alone is too weak to list a category
	if m := MapICP(nil, []string{"Docker"}, nil, ""); len(m) != 0 {
		t.Errorf("stack alone mapped: %+v", m)
	}
	// repeating a term does not add up
	once := MapICP(nil, nil, nil, "A status page.")
	many := MapICP(nil, nil, nil, "A status page. Status page! status page, status page.")
	if len(once) == 0 || len(many) == 0 || once[0].Score != many[0].Score {
		t.Errorf("repeats counted: %+v vs %+v", once, many)
	}
	long := MapICP([]string{"Zendesk", "Freshdesk", "Help Scout", "Kayako", "Zammad", "Gorgias", "Gladly", "Kustomer", "HappyFox"}, nil, nil, "")
	if len(long[0].Because) != maxBecause+1 || !strings.HasPrefix(long[0].Because[maxBecause], "and ") {
		t.Errorf("reasons not capped: %q", long[0].Because)
	}
}

func TestForICPOverride(t *testing.T) {
	p := engine.ICP{Competitors: []string{"Sentry"}, Categories: []string{"status-pages", "no-such-id", "incident-response"}}
	m := ForICP(p)
	if got := ids(m); strings.Join(got, ",") != "status-pages,incident-response" || m[0].Score != 1 {
		t.Errorf("override: %+v", m)
	}
	p.Categories = []string{"no-such-id"}
	if m := ForICP(p); len(m) == 0 || m[0].ID != "error-tracking" {
		t.Errorf("only unknown ids: falls back to mapping, got %+v", m)
	}
}

// The five ICPs of the real-post development set (../shared/eval/
// relevance-real/icps.jsonl, outside the repository) map to their
// category first. The file is read where it is (RELEVANCE_REAL_DIR, or the
// main checkout's sibling folder); elsewhere the test is skipped.
func TestMapICPDevelopmentSet(t *testing.T) {
	dir := os.Getenv("RELEVANCE_REAL_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "..", "shared", "eval", "relevance-real")
	}
	f, err := os.Open(filepath.Join(dir, "icps.jsonl"))
	if err != nil {
		t.Skip("development set not here:", err)
	}
	defer f.Close()
	want := map[string]string{"cicd": "ci-cd", "errors": "error-tracking", "helpdesk": "helpdesk", "analytics": "product-analytics", "auth": "auth"}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		var row struct {
			ID  string     `json:"id"`
			ICP engine.ICP `json:"icp"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		w, ok := want[row.ID]
		if !ok {
			continue
		}
		n++
		if m := ForICP(row.ICP); len(m) == 0 || m[0].ID != w {
			t.Errorf("%s: mapped to %v, want %s first", row.ID, ids(m), w)
		}
	}
	if n != len(want) {
		t.Errorf("%d of the %d ICPs found", n, len(want))
	}
}
