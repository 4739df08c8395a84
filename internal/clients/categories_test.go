package clients

import (
	"slices"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine/taxonomy"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// The client's categories: mapped from the stored ICP, chosen by a PATCH
// of the ICP's categories (kept, then cleared), an unknown id refused
// without touching the stored ICP.
func TestClientCategories(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var c Client
		e.do(t, "POST", "/api/admin/clients", `{"name":"Pagerless","icp":{"competitors":["PagerDuty","Opsgenie"],"knowledgeBase":"On-call schedules and incident response."}}`, 201, &c)
		var got categoriesAnswer
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/categories", "", 200, &got)
		if len(got.Chosen) != 0 || len(got.Mapped) == 0 || got.Mapped[0].ID != "incident-response" || got.Mapped[0].Name == "" ||
			len(got.Mapped[0].Because) == 0 || len(got.Categories) != len(taxonomy.All()) {
			t.Fatalf("mapped: %+v", got)
		}
		if !slices.Equal(got.Read, []string{"incident-response"}) {
			t.Errorf("read with nothing chosen: %q (the mapping's categories over the floor)", got.Read)
		}

		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"icp":{"competitors":["PagerDuty"],"categories":["status-pages","incident-response"]}}`, 200, &c)
		if !slices.Equal(c.ICP.Categories, []string{"status-pages", "incident-response"}) {
			t.Fatalf("patched ICP categories %q", c.ICP.Categories)
		}
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/categories", "", 200, &got)
		if !slices.Equal(got.Chosen, []string{"status-pages", "incident-response"}) || !slices.Equal(got.Read, got.Chosen) {
			t.Errorf("chosen after patch: %q, read %q", got.Chosen, got.Read)
		}
		// Of a longer choice the relevance model reads the first three.
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"icp":{"competitors":["PagerDuty"],"categories":["status-pages","incident-response","helpdesk","ci-cd"]}}`, 200, &c)
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/categories", "", 200, &got)
		if len(got.Chosen) != 4 || !slices.Equal(got.Read, []string{"status-pages", "incident-response", "helpdesk"}) {
			t.Errorf("four chosen: %q, read %q", got.Chosen, got.Read)
		}
		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"icp":{"competitors":["PagerDuty"],"categories":["status-pages","incident-response"]}}`, 200, &c)

		rec := httpxtest.Do(e.h, "PATCH", "/api/admin/clients/"+c.ID, jsonHeader, `{"icp":{"categories":["status-pages","pagers"]}}`)
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"icp.categories":"unknown category \"pagers\"`) {
			t.Errorf("unknown id: %d %s", rec.Code, rec.Body)
		}
		e.do(t, "GET", "/api/admin/clients/"+c.ID, "", 200, &c)
		if !slices.Equal(c.ICP.Categories, []string{"status-pages", "incident-response"}) {
			t.Errorf("a refused patch changed the stored categories: %q", c.ICP.Categories)
		}

		e.do(t, "PATCH", "/api/admin/clients/"+c.ID, `{"icp":{"competitors":["PagerDuty"]}}`, 200, &c)
		e.do(t, "GET", "/api/admin/clients/"+c.ID+"/categories", "", 200, &got)
		if len(got.Chosen) != 0 || got.Mapped[0].ID != "incident-response" {
			t.Errorf("after clearing: %+v", got)
		}
		httpxtest.Run(t, e.h, []httpxtest.Scenario{
			{Name: "unknown client", Path: "/api/admin/clients/nope/categories", WantStatus: 404},
		})
	})
}
