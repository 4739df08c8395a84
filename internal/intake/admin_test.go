package intake

import (
	"encoding/csv"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

func TestAdminListGetAndCSV(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d, Targets{})
		var ids []string
		for _, company := range []string{"First", "=HYPERLINK(\"http://evil\")", "Third, \"quoted\""} {
			ids = append(ids, post(t, e, "/api/booking-leads", with(validBooking(), "company", company)))
		}
		onb := post(t, e, "/api/onboarding", with(validOnboarding(), "pain_points", "+SUM(A1) pain"))

		rec := httpxtest.Do(e.handler, "GET", "/api/admin/submissions?kind=booking&page=1&pageSize=2", nil, "")
		var pg struct {
			Items    []Submission
			Total    int
			Page     int
			PageSize int
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &pg); err != nil || rec.Code != 200 {
			t.Fatalf("list: %d %s", rec.Code, rec.Body)
		}
		if pg.Total != 3 || pg.Page != 1 || pg.PageSize != 2 || len(pg.Items) != 2 || pg.Items[0].ID != ids[2] || pg.Items[1].ID != ids[1] {
			t.Fatalf("page 1 = %+v", pg)
		}
		rec = httpxtest.Do(e.handler, "GET", "/api/admin/submissions?kind=booking&page=2&pageSize=2", nil, "")
		_ = json.Unmarshal(rec.Body.Bytes(), &pg)
		if len(pg.Items) != 1 || pg.Items[0].ID != ids[0] || pg.Items[0].Company != "First" {
			t.Fatalf("page 2 = %+v", pg)
		}

		httpxtest.Run(t, e.handler, []httpxtest.Scenario{
			{Name: "no kind", Path: "/api/admin/submissions", WantStatus: 400, WantBody: []string{`"kind"`}},
			{Name: "page size over 100", Path: "/api/admin/submissions?kind=booking&pageSize=101", WantStatus: 400, WantBody: []string{`"pageSize"`}},
			{Name: "page 0", Path: "/api/admin/submissions?kind=booking&page=0", WantStatus: 400, WantBody: []string{`"page"`}},
			{Name: "unknown id", Path: "/api/admin/submissions/nope", WantStatus: 404, WantJSON: `{"error":"not found"}`},
			{Name: "onboarding detail", Path: "/api/admin/submissions/" + onb, WantStatus: 200,
				WantBody: []string{`"kind":"onboarding"`, `"company_name":"answer to company_name"`, `"confirmations":[`, `"state":"stored_only"`, `"target":null`}},
			{Name: "csv bad kind", Path: "/api/admin/submissions.csv?kind=x", WantStatus: 400},
		})

		rec = httpxtest.Do(e.handler, "GET", "/api/admin/submissions.csv?kind=booking", nil, "")
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") ||
			!strings.Contains(rec.Header().Get("Content-Disposition"), "attachment; filename=\"submissions-booking-") {
			t.Fatalf("csv: %d %v", rec.Code, rec.Header())
		}
		rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
		if err != nil || len(rows) != 4 {
			t.Fatalf("csv rows %d, %v:\n%s", len(rows), err, rec.Body)
		}
		if !slices.Equal(rows[0][:5], []string{"id", "created_at", "email", "company", "primaryChallenge"}) {
			t.Errorf("header = %v", rows[0])
		}
		if rows[1][3] != "Third, \"quoted\"" || rows[2][3] != "'=HYPERLINK(\"http://evil\")" {
			t.Errorf("companies = %q, %q", rows[1][3], rows[2][3])
		}
		if !strings.Contains(rec.Body.String(), `"Third, ""quoted"""`) {
			t.Errorf("quotes not doubled in %s", rec.Body)
		}

		rec = httpxtest.Do(e.handler, "GET", "/api/admin/submissions.csv?kind=onboarding", nil, "")
		rows, err = csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
		if err != nil || len(rows) != 2 {
			t.Fatalf("onboarding csv: %v %d", err, len(rows))
		}
		col := map[string]int{}
		for i, h := range rows[0] {
			col[h] = i
		}
		for _, f := range onboardingFields {
			if _, ok := col[f.name]; !ok {
				t.Errorf("onboarding CSV lacks column %s", f.name)
			}
		}
		r := rows[1]
		if r[col["pain_points"]] != "'+SUM(A1) pain" || r[col["monthly_lead_goal"]] != "50" ||
			r[col["delivery_method"]] != "Email notifications; Slack alerts; Web dashboard; API integration" {
			t.Errorf("onboarding row: pain %q goal %q delivery %q", r[col["pain_points"]], r[col["monthly_lead_goal"]], r[col["delivery_method"]])
		}
	})
}

func TestSafeCell(t *testing.T) {
	for in, want := range map[string]string{"=1+1": "'=1+1", "+1": "'+1", "-1": "'-1", "@x": "'@x", "\tx": "'\tx", "a=b": "a=b", "": ""} {
		if got := SafeCell(in); got != want {
			t.Errorf("SafeCell(%q) = %q, want %q", in, got, want)
		}
	}
}
