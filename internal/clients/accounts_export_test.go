package clients

import (
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestAccountsCSVPages: read two accounts at a time, the owner's accounts
// export still holds every account once, best first, as the list orders
// them (with ?include=pending the pending lead's company too); a cursor is
// a field error. The portal's and the API token's exports:
// internal/clients/portal TestAccountsCSV.
func TestAccountsCSVPages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		defer func(n int) { exportPage = n }(exportPage)
		exportPage = 2
		e := newEnv(t, d)
		e.store.now = func() time.Time { return accountsNow }
		c := newClient(t, e.store, 0)
		acmeLeads(t, e.store, c)
		putLead(t, e.store, c.ID, ReviewApproved, sigLead("f1", "Hooli", "", engine.FundingEvent, 2, 50))
		list, _, err := e.store.Accounts(t.Context(), c.ID, AccountQuery{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) <= exportPage {
			t.Fatalf("%d accounts: not enough for more than one export page", len(list))
		}
		read := func(path string) [][]string {
			t.Helper()
			rec := httpxtest.Do(e.h, "GET", path, jsonHeader, "")
			if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") {
				t.Fatalf("%s: %d %v %s", path, rec.Code, rec.Header(), rec.Body)
			}
			rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			return rows
		}
		rows := read("/api/admin/clients/" + c.ID + "/accounts.csv")
		if strings.Join(rows[0], ",") != strings.Join(accountCSVColumns, ",") || len(rows) != 1+len(list) {
			t.Fatalf("%d rows for %d accounts, header %v", len(rows), len(list), rows[0])
		}
		for i, a := range list {
			if rows[1+i][0] != a.ID {
				t.Fatalf("row %d is %v, want %s (not best first)", i, rows[1+i], a.Name)
			}
		}
		if rows := read("/api/admin/clients/" + c.ID + "/accounts.csv?include=pending"); len(rows) != 2+len(list) {
			t.Fatalf("with pending: %d rows", len(rows))
		}
		rec := httpxtest.Do(e.h, "GET", "/api/admin/clients/"+c.ID+"/accounts.csv?cursor="+encodeOffset(2), jsonHeader, "")
		if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"cursor":`) {
			t.Errorf("a cursor: %d %s", rec.Code, rec.Body)
		}
	})
}
