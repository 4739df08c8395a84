package intake

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

type badCase struct {
	name      string
	body      string
	headers   map[string]string
	status    int
	wantField string // a field that must carry an error (400 only)
}

// runBad posts each case and checks that it is refused and nothing stored.
func runBad(t *testing.T, path string, cases []badCase) {
	e := sqliteEnv(t, Targets{WebhookURL: "http://127.0.0.1:1/hook"})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := c.headers
			if h == nil {
				h = jsonCT
			}
			rec := httpxtest.Do(e.handler, "POST", path, h, c.body)
			if rec.Code != c.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, c.status, rec.Body)
			}
			var body struct {
				Error  string            `json:"error"`
				Fields map[string]string `json:"fields"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Error == "" {
				t.Fatalf("error body %q: %v", rec.Body, err)
			}
			if c.wantField != "" && body.Fields[c.wantField] == "" {
				t.Errorf("no error for field %q: %s", c.wantField, rec.Body)
			}
			if subs, js := e.counts(t); subs != 0 || js != 0 {
				t.Fatalf("stored %d submissions and %d jobs after a refused request", subs, js)
			}
		})
	}
}

func TestBookingValidation(t *testing.T) {
	ok := validBooking()
	cases := []badCase{
		{name: "not JSON content type", body: toJSON(t, ok), headers: map[string]string{"Content-Type": "text/plain"}, status: 415},
		{name: "no content type", body: toJSON(t, ok), headers: map[string]string{}, status: 415},
		{name: "malformed", body: `{"email":`, status: 400},
		{name: "array", body: `[1,2]`, status: 400},
		{name: "null", body: `null`, status: 400},
		{name: "two values", body: `{} {}`, status: 400},
		{name: "too large", body: toJSON(t, with(ok, "userAgent", strings.Repeat("x", 70<<10))), status: 413},
		{name: "bad email", body: toJSON(t, with(ok, "email", "ana@")), status: 400, wantField: "email"},
		{name: "email with name", body: toJSON(t, with(ok, "email", "Ana <ana@acme.io>")), status: 400, wantField: "email"},
		{name: "company too long", body: toJSON(t, with(ok, "company", repeat("a", 201))), status: 400, wantField: "company"},
		{name: "unknown challenge", body: toJSON(t, with(ok, "primaryChallenge", "World peace")), status: 400, wantField: "primaryChallenge"},
		{name: "wrong source", body: toJSON(t, with(ok, "source", "elsewhere")), status: 400, wantField: "source"},
		{name: "bad url", body: toJSON(t, with(ok, "url", "javascript:alert(1)")), status: 400, wantField: "url"},
		{name: "bad timestamp", body: toJSON(t, with(ok, "timestamp", "yesterday")), status: 400, wantField: "timestamp"},
		{name: "email not text", body: toJSON(t, with(ok, "email", 42)), status: 400, wantField: "email"},
	}
	for _, f := range []string{"email", "company", "primaryChallenge"} {
		cases = append(cases,
			badCase{name: "missing " + f, body: toJSON(t, with(ok, f, nil)), status: 400, wantField: f},
			badCase{name: "blank " + f, body: toJSON(t, with(ok, f, "  ")), status: 400, wantField: f})
	}
	runBad(t, "/api/booking-leads", cases)
}

func TestOnboardingValidation(t *testing.T) {
	ok := validOnboarding()
	cases := []badCase{
		{name: "not JSON", body: toJSON(t, ok), headers: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, status: 415},
		{name: "malformed", body: `{"company_name": "x",`, status: 400},
		{name: "too large", body: toJSON(t, with(ok, "additional_context", strings.Repeat("é", 40<<10))), status: 413},
		{name: "text over 5000", body: toJSON(t, with(ok, "ideal_client", repeat("a", 5001))), status: 400, wantField: "ideal_client"},
		{name: "bad website", body: toJSON(t, with(ok, "website", "acme.io")), status: 400, wantField: "website"},
		{name: "ftp website", body: toJSON(t, with(ok, "website", "ftp://acme.io")), status: 400, wantField: "website"},
		{name: "bad contact email", body: toJSON(t, with(ok, "contact_email", "ops at acme")), status: 400, wantField: "contact_email"},
		{name: "bad handler email", body: toJSON(t, with(ok, "email_handler_email", "x@y")), status: 400, wantField: "email_handler_email"},
		{name: "unknown revenue", body: toJSON(t, with(ok, "revenue_range", "billions")), status: 400, wantField: "revenue_range"},
		{name: "unknown sales cycle", body: toJSON(t, with(ok, "sales_cycle", "forever")), status: 400, wantField: "sales_cycle"},
		{name: "unknown response time", body: toJSON(t, with(ok, "response_time", "never")), status: 400, wantField: "response_time"},
		{name: "unknown growth", body: toJSON(t, with(ok, "enterprise_growth", "perhaps")), status: 400, wantField: "enterprise_growth"},
		{name: "unknown company size", body: toJSON(t, with(ok, "company_sizes", []string{"Huge"})), status: 400, wantField: "company_sizes"},
		{name: "unknown trigger", body: toJSON(t, with(ok, "trigger_events", []string{"Recent funding/investment", "Eclipse"})), status: 400, wantField: "trigger_events"},
		{name: "unknown info", body: toJSON(t, with(ok, "valuable_info", []string{"Gossip"})), status: 400, wantField: "valuable_info"},
		{name: "unknown delivery", body: toJSON(t, with(ok, "delivery_method", []string{"Fax"})), status: 400, wantField: "delivery_method"},
		{name: "list not a list", body: toJSON(t, with(ok, "delivery_method", "Slack alerts")), status: 400, wantField: "delivery_method"},
		{name: "three confirmations", body: toJSON(t, with(ok, "confirmations", ConfirmationStatements[:3])), status: 400, wantField: "confirmations"},
		{name: "negative goal", body: toJSON(t, with(ok, "monthly_lead_goal", -1)), status: 400, wantField: "monthly_lead_goal"},
		{name: "fractional goal", body: toJSON(t, with(ok, "monthly_lead_goal", 2.5)), status: 400, wantField: "monthly_lead_goal"},
		{name: "word goal", body: toJSON(t, with(ok, "monthly_lead_goal", "many")), status: 400, wantField: "monthly_lead_goal"},
		{name: "wrong source", body: toJSON(t, with(ok, "source", "signalpipe_calendar")), status: 400, wantField: "source"},
		{name: "bad submitted_at", body: toJSON(t, with(ok, "submitted_at", "yesterday")), status: 400, wantField: "submitted_at"},
	}
	for _, f := range onboardingFields {
		if f.required {
			cases = append(cases, badCase{name: "missing " + f.name, body: toJSON(t, with(ok, f.name, nil)), status: 400, wantField: f.name})
			if f.kind != kindList {
				cases = append(cases, badCase{name: "blank " + f.name, body: toJSON(t, with(ok, f.name, "")), status: 400, wantField: f.name})
			}
		}
	}
	runBad(t, "/api/onboarding", cases)
}

func TestOnboardingNormalises(t *testing.T) {
	e := sqliteEnv(t, Targets{})
	body := with(validOnboarding(),
		"company_name", "  Acme  ", "unknown_field", "dropped", "monthly_lead_goal", "40",
		"revenue_range", "", "trigger_events", []string{"Geographic expansion", "M&A activity", "M&A activity"},
		"company_sizes", nil, "submitted_at", nil, "source", nil)
	rec := httpxtest.Do(e.handler, "POST", "/api/onboarding", jsonCT, toJSON(t, body))
	if rec.Code != 201 {
		t.Fatalf("status %d: %s", rec.Code, rec.Body)
	}
	var created struct{ ID string }
	_ = json.Unmarshal(rec.Body.Bytes(), &created)
	sub, err := e.store.Get(t.Context(), created.ID)
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	_ = json.Unmarshal(sub.Payload, &p)
	if p["company_name"] != "Acme" || p["monthly_lead_goal"] != float64(40) || p["source"] != OnboardingSource ||
		p["submitted_at"] == nil || p["unknown_field"] != nil {
		t.Errorf("payload = %v", p)
	}
	if _, ok := p["revenue_range"]; ok {
		t.Errorf("blank choice stored: %v", p["revenue_range"])
	}
	if got := toJSON(t, p["trigger_events"]); got != `["M\u0026A activity","Geographic expansion"]` {
		t.Errorf("trigger_events = %s, want option order without duplicates", got)
	}
	if sub.Kind != KindOnboarding || sub.Email != "ops@acme.io" || sub.Company != "Acme" || sub.Delivery.State != StateStoredOnly {
		t.Errorf("submission = %+v", sub)
	}
}
