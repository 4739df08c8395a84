package portal

import (
	"encoding/csv"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestAccountsCSV: the accounts export holds every account best first,
// as the list orders them (across export pages: the model's
// TestAccountsCSVPages); formula cells are defused; the client's (portal
// and API token) never shows pending leads; a limit or an unknown include
// is a field error (a cursor too: TestAccountsCSVPages).
// accountCSVHeader is the export's header row (docs/api.md "Accounts").
const accountCSVHeader = "id,name,domain,score,why_now,last_signal_at,signals,signal_types,people,lead_ids,urls"

func TestAccountsCSV(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, portal := portalEnv(t, d)
		e.store.WithNow(func() time.Time { return accountsNow })
		mux := http.NewServeMux()
		mux.Handle("/api/admin/clients/{id}/accounts.csv", e.h)
		mux.Handle("/", portal)
		c := newClient(t, e.store, 0)
		acmeLeads(t, e.store, c)
		putLead(t, e.store, c.ID, clients.ReviewApproved, sigLead("f1", "=HYPERLINK(\"x\") Corp", "", engine.FundingEvent, 2, 50))
		_, token := makeToken(t, mux, c.ID, "CRM")
		list, _, err := e.store.Accounts(t.Context(), c.ID, clients.AccountQuery{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		read := func(path string, hdr map[string]string) [][]string {
			t.Helper()
			rec := httpxtest.Do(mux, "GET", path, hdr, "")
			if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") ||
				!strings.Contains(rec.Header().Get("Content-Disposition"), "accounts-") {
				t.Fatalf("%s: %d %v %s", path, rec.Code, rec.Header(), rec.Body)
			}
			rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			return rows
		}
		_, _, cookie := accept(mux, invite(t, mux, c.ID, `{"email":"ana@acme.example"}`), portalPassword, "")
		sess := with(sameSite, "Cookie", cookie.Name+"="+cookie.Value)
		for name, rows := range map[string][][]string{
			"api":    read("/api/v1/accounts.csv", bearer(token)),
			"portal": read("/api/client/accounts.csv", sess),
			"owner":  read("/api/admin/clients/"+c.ID+"/accounts.csv", sameSite),
		} {
			if strings.Join(rows[0], ",") != accountCSVHeader || len(rows) != 1+len(list) {
				t.Fatalf("%s: %d rows, header %v", name, len(rows), rows[0])
			}
			for i, a := range list {
				if rows[1+i][0] != a.ID {
					t.Fatalf("%s: row %d is %v, want %s (not best first)", name, i, rows[1+i], a.Name)
				}
			}
			acme := rows[1]
			if acme[1] != "Acme, Inc." || acme[2] != "acme.com" || acme[4] != list[0].WhyNow || acme[6] != "3" ||
				acme[7] != "competitor complaint; hiring; new role" || !strings.Contains(acme[8], "Ana Ruiz (VP Engineering)") ||
				strings.Count(acme[9], ";") != 2 || !strings.Contains(acme[10], "https://post.example/c1") {
				t.Fatalf("%s: acme row %q", name, acme)
			}
			body := strings.Join(rows[len(rows)-1], ",") + strings.Join(rows[1], ",")
			if strings.Contains(body, "Initech") {
				t.Fatalf("%s: a pending lead's company in %q", name, body)
			}
			for _, r := range rows {
				if strings.HasPrefix(r[1], "=") {
					t.Fatalf("%s: a formula cell %q", name, r[1])
				}
			}
		}
		if rows := read("/api/admin/clients/"+c.ID+"/accounts.csv?include=pending", sameSite); len(rows) != 2+len(list) {
			t.Fatalf("with pending: %d rows", len(rows))
		}
		for q, field := range map[string]string{"limit=5": "limit", "include=all": "include"} {
			if rec := httpxtest.Do(mux, "GET", "/api/admin/clients/"+c.ID+"/accounts.csv?"+q, sameSite, ""); rec.Code != 400 || !strings.Contains(rec.Body.String(), `"`+field+`":`) {
				t.Errorf("%s: %d %s", q, rec.Code, rec.Body)
			}
		}
		if rec := httpxtest.Do(mux, "GET", "/api/v1/accounts.csv", jsonHeader, ""); rec.Code != 401 {
			t.Fatalf("no token: %d", rec.Code)
		}
		if rec := httpxtest.Do(mux, "GET", "/api/admin/clients/nope/accounts.csv", sameSite, ""); rec.Code != 404 {
			t.Fatalf("no client: %d", rec.Code)
		}
	})
}
