package search

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestParseICPCategories(t *testing.T) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(`{"competitors":["Sentry"],"categories":[" error-tracking ","status-pages","error-tracking",""]}`), &raw); err != nil {
		t.Fatal(err)
	}
	p, fields := ParseICP(raw)
	if fields != nil || !slices.Equal(p.Categories, []string{"error-tracking", "status-pages"}) {
		t.Fatalf("categories %q, errors %v", p.Categories, fields)
	}
	out, _ := json.Marshal(p)
	var back map[string]json.RawMessage
	_ = json.Unmarshal(out, &back)
	if string(back["categories"]) != `["error-tracking","status-pages"]` {
		t.Errorf("written back as %s", back["categories"])
	}
	// none given: none written (stored ICPs keep their shape)
	p, _ = ParseICP(map[string]json.RawMessage{"categories": json.RawMessage(`null`)})
	back = nil
	if out, _ := json.Marshal(p); json.Unmarshal(out, &back) != nil || back["categories"] != nil {
		t.Errorf("empty categories written: %s", out)
	}
	many := `[`
	for i := 0; i < MaxListItems+1; i++ {
		if i > 0 {
			many += ","
		}
		many += `"` + []string{"ci-cd", "helpdesk", "auth", "crm", "payments", "scheduling", "backups", "erp", "localization", "sms-voice", "team-chat", "maps-geo", "docs-wiki", "status-pages", "e-signature", "accounting", "ap-spend", "forms-surveys", "video-hosting", "site-search", "app-hosting", "dns-domains", "cdn-edge", "mlops", "siem-security-monitoring", "password-managers"}[i] + `"`
	}
	many += `]`
	if _, fields := ParseICP(map[string]json.RawMessage{"categories": json.RawMessage(many)}); fields["categories"] != "must have at most 25 entries" {
		t.Errorf("26 categories: %v", fields)
	}
}
