package delivery

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/querylang"
)

func TestFromOnboarding(t *testing.T) {
	payload, _ := json.Marshal(fullOnboarding())
	o, err := clients.FromOnboarding(payload)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		field string
		got   any
		want  any
	}{
		{"name", o.Name, "Acme Analytics"},
		{"targetTitles", o.ICP.TargetTitles, []string{"VP Sales", "Head of RevOps", "CRO"}},
		{"companySize", o.ICP.CompanySize, "11-200"},
		{"industries", o.ICP.Industries, []string{"Fintech", "B2B SaaS"}}, // "fintech" again is dropped
		{"exclusions", o.ICP.Exclusions, []string{"Gambling", "Tobacco", "agencies"}},
		{"painPoints", o.ICP.PainPoints, []string{"manual prospecting", "stale CRM data"}},
		{"techStack", o.ICP.TechStack, []string{"Salesforce", "HubSpot"}},
		{"knowledgeBase", o.ICP.KnowledgeBase, "Offer: Signal-based prospecting\n\nKey benefits: More meetings\n\nDifferentiators: Self-hosted"},
		{"signalTypes", o.Settings.SignalTypes, []string{"hiring_activity", "funding_event"}},
		{"queries", o.Settings.Queries, []string{"crm migration", "sales tools jobs", "account executive"}},
		{"delivery", o.Settings.Delivery, []string{"Email notifications", "Web dashboard"}},
		{"responseTime", o.Settings.ResponseTime, "24_hours"},
		{"monthlyCap", o.Settings.MonthlyCap, 150},
		{"contact", *o.Contact, clients.Contact{Name: "Sam Lee", Email: "sam@acme.example", Status: "pending"}},
	} {
		if !reflect.DeepEqual(tc.got, tc.want) {
			t.Errorf("%s = %#v, want %#v", tc.field, tc.got, tc.want)
		}
	}
	// Every mapped query is valid in the query language.
	if _, err := querylang.ParseQueries(o.Settings.Queries); err != nil {
		t.Errorf("mapped queries do not parse: %v", err)
	}
}

func TestFromOnboardingEdges(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(m map[string]any)
		check func(t *testing.T, o clients.Onboarding)
	}{
		{"enterprise size is open-ended", func(m map[string]any) { m["company_sizes"] = []string{"Large (201-1000)", "Enterprise (1000+)"} },
			func(t *testing.T, o clients.Onboarding) {
				if o.ICP.CompanySize != "201+" {
					t.Errorf("companySize %q", o.ICP.CompanySize)
				}
			}},
		{"no sizes, no goal, no handler", func(m map[string]any) {
			delete(m, "company_sizes")
			delete(m, "monthly_lead_goal")
			delete(m, "email_handler_email")
		}, func(t *testing.T, o clients.Onboarding) {
			if o.ICP.CompanySize != "" || o.Settings.MonthlyCap != 0 || o.Contact != nil {
				t.Errorf("got %q %d %+v", o.ICP.CompanySize, o.Settings.MonthlyCap, o.Contact)
			}
		}},
		{"long answers are cut to the ICP's bounds", func(m map[string]any) {
			m["decision_maker_titles"] = strings.Repeat("x", 300) + strings.Repeat(", t", 40)
			m["offer_description"] = strings.Repeat("o", 6000)
		}, func(t *testing.T, o clients.Onboarding) {
			raw, _ := json.Marshal(o.ICP)
			var m map[string]json.RawMessage
			_ = json.Unmarshal(raw, &m)
			if _, errs := search.ParseICP(m); errs != nil {
				t.Errorf("mapped ICP breaks the ICP's bounds: %v", errs)
			}
			if len(o.ICP.TargetTitles) != 2 || len([]rune(o.ICP.TargetTitles[0])) != search.MaxItemLen {
				t.Errorf("titles %d, first %d long", len(o.ICP.TargetTitles), len(o.ICP.TargetTitles[0]))
			}
		}},
		{"a wrongly shaped answer reads as empty", func(m map[string]any) { m["pain_points"] = 12; m["monthly_lead_goal"] = "lots" },
			func(t *testing.T, o clients.Onboarding) {
				if len(o.ICP.PainPoints) != 0 || o.Settings.MonthlyCap != 0 {
					t.Errorf("painPoints %v cap %d", o.ICP.PainPoints, o.Settings.MonthlyCap)
				}
			}},
		{"every trigger event has a signal type", func(m map[string]any) {
			m["trigger_events"] = []string{"Recent funding/investment", "Rapid hiring/expansion", "New leadership/executives",
				"Product/service launches", "M&A activity", "Geographic expansion"}
		}, func(t *testing.T, o clients.Onboarding) {
			want := []string{string(engine.HiringActivity), string(engine.FundingEvent), string(engine.JobChange), string(engine.TechResearch)}
			if !reflect.DeepEqual(o.Settings.SignalTypes, want) {
				t.Errorf("signal types %v", o.Settings.SignalTypes)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := fullOnboarding()
			tc.edit(m)
			payload, _ := json.Marshal(m)
			o, err := clients.FromOnboarding(payload)
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, o)
		})
	}
	if _, err := clients.FromOnboarding(json.RawMessage(`[1]`)); err == nil {
		t.Error("a payload that is not an object must fail")
	}
}

// TestNotesPointWhereTheOwnerActs: the set-up note for the API points to
// the portal's API tokens (the console has none), and a disabled or paused
// channel's notice points to the Enable button on the channel card, not to
// the delivery log (issue 31, smaller items).
func TestNotesPointWhereTheOwnerActs(t *testing.T) {
	var o clients.Onboarding
	o.Settings.Delivery = []string{clients.MethodAPI}
	_, notes := clients.PlanChannels(o, true)
	if len(notes) != 1 || notes[0] != clients.APITokenNote || !strings.Contains(notes[0], "portal") {
		t.Errorf("API notes %q", notes)
	}
	if !strings.Contains(EnableHint, "channel card") || strings.Contains(EnableHint, "delivery log") {
		t.Errorf("enable hint %q", EnableHint)
	}
}

// TestOnboardingPlacesAnswers: competitors and the buyers' tools go to
// their ICP fields; a sentence never becomes an industry or a title: the
// ideal-client sentence goes to the knowledge base, one given as an
// industry or a title is recorded as unplaced (issue 31 item 6).
func TestOnboardingPlacesAnswers(t *testing.T) {
	o, err := clients.FromOnboarding([]byte(`{"company_name": "Flagly",
		"ideal_client": "Engineering teams at mid-size SaaS companies shipping weekly.",
		"primary_industry": "Software, We mostly sell to companies that ship software every day.",
		"decision_maker_titles": "VP Engineering, CTO, Anyone who owns the release process at a larger company",
		"competitors": "LaunchDarkly, Split; Unleash",
		"buyer_tools": "Jira, GitHub",
		"client_technologies": "Kubernetes"}`))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(o.ICP.Industries, []string{"Software"}) {
		t.Errorf("industries %q", o.ICP.Industries)
	}
	if !slices.Equal(o.ICP.TargetTitles, []string{"VP Engineering", "CTO"}) {
		t.Errorf("titles %q", o.ICP.TargetTitles)
	}
	if !slices.Equal(o.ICP.Competitors, []string{"LaunchDarkly", "Split", "Unleash"}) {
		t.Errorf("competitors %q", o.ICP.Competitors)
	}
	if !slices.Equal(o.ICP.TechStack, []string{"Kubernetes", "Jira", "GitHub"}) {
		t.Errorf("tech stack %q", o.ICP.TechStack)
	}
	if !strings.Contains(o.ICP.KnowledgeBase, "Ideal client: Engineering teams at mid-size SaaS companies shipping weekly.") {
		t.Errorf("knowledge base %q", o.ICP.KnowledgeBase)
	}
	want := []string{"Decision-maker titles: Anyone who owns the release process at a larger company",
		"Primary industry: We mostly sell to companies that ship software every day."}
	if !slices.Equal(o.Unplaced, want) || !slices.Equal(o.Settings.Unplaced, want) {
		t.Errorf("unplaced %q (settings %q), want %q", o.Unplaced, o.Settings.Unplaced, want)
	}
}
