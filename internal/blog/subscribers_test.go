package blog

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestNewsletterListAndCSV: the console pages the sign-ups newest first on
// the server and exports them all as CSV with formula-looking cells
// defused; bad paging is a 400.
func TestNewsletterListAndCSV(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		_, h := newTestHandler(t, d)
		emails := []string{"=cmd@evil.example"}
		for i := range 6 {
			emails = append(emails, fmt.Sprintf("reader%d@example.com", i))
		}
		for _, e := range emails {
			if rec := httpxtest.Do(h, "POST", "/api/newsletter", jsonCT, `{"email":"`+e+`"}`); rec.Code != 201 {
				t.Fatalf("subscribe %s: %d %s", e, rec.Code, rec.Body)
			}
		}
		var seen []string
		for page := 1; page <= 3; page++ {
			rec := httpxtest.Do(h, "GET", fmt.Sprintf("/api/admin/newsletter?page=%d&pageSize=3", page), nil, "")
			var pg subscriberPage
			if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &pg) != nil || pg.Total != 7 || pg.PageSize != 3 {
				t.Fatalf("page %d: %d %s", page, rec.Code, rec.Body)
			}
			for _, s := range pg.Items {
				seen = append(seen, s.Email)
			}
		}
		if len(seen) != 7 || strings.Join(seen, ",") == "" {
			t.Fatalf("paged: %v", seen)
		}
		rec := httpxtest.Do(h, "GET", "/api/admin/newsletter.csv", nil, "")
		body := rec.Body.String()
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") ||
			!strings.HasPrefix(body, "\"email\",\"subscribed_at\"\r\n") || strings.Count(body, "\r\n") != 8 ||
			!strings.Contains(body, `"'=cmd@evil.example"`) {
			t.Fatalf("csv: %d %q", rec.Code, body)
		}
		for _, bad := range []string{"page=0", "pageSize=101", "page=x"} {
			if rec := httpxtest.Do(h, "GET", "/api/admin/newsletter?"+bad, nil, ""); rec.Code != 400 {
				t.Fatalf("%s: %d", bad, rec.Code)
			}
		}
	})
}
