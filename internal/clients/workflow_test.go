package clients

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestPatchClientValidation: the client's PATCH refuses, naming the
// field, an ICP threshold or range the fit cannot read and any key it
// does not know (at the top, in settings, in the ICP); nothing is stored
// then. Readable values are stored.
func TestPatchClientValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		c := reviewClient(t, e)
		for _, tc := range []struct{ body, field string }{
			{`{"settings":{"deliveryMod":"auto"}}`, "settings.deliveryMod"},
			{`{"settings":{"deliveryMode":"auto"}}`, "settings.autoApproveAt"},
			{`{"nme":"Acme"}`, "nme"},
			{`{"icp":{"titles":["CTO"]}}`, "icp.titles"},
			{`{"icp":{"signalThreshold":"banana"}}`, "icp.signalThreshold"},
			{`{"icp":{"signalThreshold":"0"}}`, "icp.signalThreshold"},
			{`{"icp":{"signalThreshold":"101"}}`, "icp.signalThreshold"},
			{`{"icp":{"companySize":"fifty to a thousand"}}`, "icp.companySize"},
			{`{"icp":{"companySize":"500-50"}}`, "icp.companySize"},
			{`{"icp":{"revenueRange":"lots"}}`, "icp.revenueRange"},
			{`{"settings":{"monthlyCap":"ten"}}`, "settings.monthlyCap"},
		} {
			rec := httpxtest.Do(e.h, "PATCH", "/api/admin/clients/"+c.ID, jsonHeader, tc.body)
			var out struct {
				Error  string
				Fields map[string]string
			}
			if rec.Code != 400 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || out.Fields[tc.field] == "" {
				t.Errorf("%s: %d %s, want 400 naming %s", tc.body, rec.Code, rec.Body, tc.field)
			}
		}
		got, _ := e.store.Client(context.Background(), c.ID)
		if got.ICP.SignalThreshold != "" || got.ICP.CompanySize != "" || got.Settings.DeliveryMode != ModeReview || got.Name != "Acme" {
			t.Fatalf("a refused PATCH stored something: %+v %+v", got.ICP, got.Settings)
		}
		for _, ok := range []string{
			`{"icp":{"signalThreshold":"High 80%+ match","companySize":"50-200","revenueRange":"$1M - $10M ARR"}}`,
			`{"icp":{"signalThreshold":"70","companySize":"1000+","revenueRange":"Under $1M ARR"}}`,
			`{"icp":{"signalThreshold":"65%+"}}`,
			`{"settings":{"deliveryMode":"auto","autoApproveAt":80}}`,
		} {
			e.do(t, "PATCH", "/api/admin/clients/"+c.ID, ok, 200, nil)
		}
		got, _ = e.store.Client(context.Background(), c.ID)
		if got.ICP.SignalThreshold != "65%+" || got.Settings.DeliveryMode != ModeAuto || got.Settings.AutoApproveAt != 80 {
			t.Fatalf("stored %+v %+v", got.ICP, got.Settings)
		}
	})
}
