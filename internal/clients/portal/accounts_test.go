package portal

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

type accountsPage struct {
	Accounts   []clients.Account `json:"accounts"`
	NextCursor *string           `json:"nextCursor"`
}

// getJSON sends a GET and decodes the answer, failing unless the status is want.
func getJSON(t *testing.T, h http.Handler, path string, hdr map[string]string, want int, out any) string {
	t.Helper()
	rec := httpxtest.Do(h, "GET", path, hdr, "")
	if rec.Code != want {
		t.Fatalf("GET %s: %d, want %d: %s", path, rec.Code, want, rec.Body)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
	}
	return rec.Body.String()
}

// TestAccountsAPI: GET /api/v1/accounts (client token) and GET
// /api/admin/clients/{id}/accounts (owner) answer the client's accounts
// best first; pending leads never reach the client; another client's
// token sees only its own; merge answers its errors.
func TestAccountsAPI(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, portal := portalEnv(t, d)
		e.store.WithNow(func() time.Time { return accountsNow })
		mux := http.NewServeMux() // the portal's routes and the admin's, as the server mounts them
		mux.Handle("/api/admin/clients/{id}/accounts", e.h)
		mux.Handle("/api/admin/clients/{id}/accounts/", e.h)
		mux.Handle("/", portal)
		ctx := context.Background()
		c, other := newClient(t, e.store, 0), newClient(t, e.store, 0)
		acmeLeads(t, e.store, c)
		// A secret of the other client, and a pending one of c's.
		putLead(t, e.store, other.ID, clients.ReviewApproved, sigLead("x1", "Wayne Enterprises", "", engine.FundingEvent, 1, 70))
		_, token := makeToken(t, mux, c.ID, "CRM")
		_, theirToken := makeToken(t, mux, other.ID, "CRM")
		runsOnly, _, err := e.store.CreateAPIToken(ctx, c.ID, "runs", "", ScopeAgentsRun)
		if err != nil {
			t.Fatal(err)
		}

		var page accountsPage
		body := getJSON(t, mux, "/api/v1/accounts", bearer(token), 200, &page)
		if page.NextCursor == nil || *page.NextCursor != "" || len(page.Accounts) != 3 {
			t.Fatalf("accounts: %s", body)
		}
		acme := page.Accounts[0]
		if acme.Name != "Acme, Inc." || acme.Domain != "acme.com" || acme.Score < 70 || !strings.Contains(acme.WhyNow, "LaunchDarkly") ||
			len(acme.Signals) != 3 || acme.Signals[0].LeadID == "" || acme.Signals[0].URL == "" || acme.Signals[0].Type == "" || len(acme.People) != 2 {
			t.Fatalf("acme: %+v", acme)
		}
		for i := 1; i < len(page.Accounts); i++ {
			if page.Accounts[i].Score > page.Accounts[i-1].Score {
				t.Fatalf("not best first: %s", body)
			}
		}
		for _, secret := range []string{"Initech", "Wayne", `"review"`, "pending"} {
			if strings.Contains(body, secret) {
				t.Fatalf("the client's answer holds %q: %s", secret, body)
			}
		}
		// The raw JSON has the exact names the interface promises.
		var raw struct {
			Accounts []map[string]json.RawMessage `json:"accounts"`
		}
		_ = json.Unmarshal([]byte(body), &raw)
		for _, k := range []string{"id", "name", "domain", "score", "whyNow", "signals", "people"} {
			if _, ok := raw.Accounts[0][k]; !ok {
				t.Fatalf("account lacks %q: %s", k, body)
			}
		}
		var sigs []map[string]json.RawMessage
		_ = json.Unmarshal(raw.Accounts[0]["signals"], &sigs)
		for _, k := range []string{"type", "url", "at", "leadId"} {
			if _, ok := sigs[0][k]; !ok {
				t.Fatalf("signal lacks %q", k)
			}
		}

		// One account; another client's is 404 for this token, and the
		// other token sees only its own.
		getJSON(t, mux, "/api/v1/accounts/"+acme.ID, bearer(token), 200, nil)
		getJSON(t, mux, "/api/v1/accounts/"+acme.ID, bearer(theirToken), 404, nil)
		var theirs accountsPage
		body = getJSON(t, mux, "/api/v1/accounts", bearer(theirToken), 200, &theirs)
		if len(theirs.Accounts) != 1 || theirs.Accounts[0].Name != "Wayne Enterprises" || strings.Contains(body, "Acme") {
			t.Fatalf("their accounts: %s", body)
		}

		// Auth, scope, paging and bad input.
		getJSON(t, mux, "/api/v1/accounts", jsonHeader, 401, nil)
		getJSON(t, mux, "/api/v1/accounts", bearer(runsOnly), 403, nil)
		var p1 accountsPage
		getJSON(t, mux, "/api/v1/accounts?limit=2", bearer(token), 200, &p1)
		if len(p1.Accounts) != 2 || *p1.NextCursor == "" {
			t.Fatalf("page 1: %+v", p1)
		}
		var p2 accountsPage
		getJSON(t, mux, "/api/v1/accounts?limit=2&cursor="+*p1.NextCursor, bearer(token), 200, &p2)
		if len(p2.Accounts) != 1 || *p2.NextCursor != "" || p2.Accounts[0].ID != page.Accounts[2].ID {
			t.Fatalf("page 2: %+v", p2)
		}
		for _, q := range []string{"limit=0", "limit=101", "limit=x", "cursor=%21%21"} {
			var bad httpx.ErrorBody
			getJSON(t, mux, "/api/v1/accounts?"+q, bearer(token), 400, &bad)
			if len(bad.Fields) == 0 {
				t.Errorf("%s: no field named: %+v", q, bad)
			}
		}

		// The owner: the same list, pending leads on request.
		var owner accountsPage
		getJSON(t, mux, "/api/admin/clients/"+c.ID+"/accounts", sameSite, 200, &owner)
		if len(owner.Accounts) != 3 || owner.Accounts[0].ID != acme.ID {
			t.Fatalf("owner: %+v", owner)
		}
		body = getJSON(t, mux, "/api/admin/clients/"+c.ID+"/accounts?include=pending", sameSite, 200, &owner)
		if len(owner.Accounts) != 4 || !strings.Contains(body, "Initech") || !strings.Contains(body, `"review":"pending"`) {
			t.Fatalf("owner with pending: %s", body)
		}
		getJSON(t, mux, "/api/admin/clients/"+c.ID+"/accounts?include=rejected", sameSite, 400, nil)
		getJSON(t, mux, "/api/admin/clients/nope/accounts", sameSite, 404, nil)
		getJSON(t, mux, "/api/admin/clients/"+other.ID+"/accounts/"+acme.ID, sameSite, 404, nil)

		// Merge: the errors, then a merge and a split.
		io := page.Accounts[2]
		merge := func(client, id, body string, want int) string {
			t.Helper()
			rec := httpxtest.Do(mux, "POST", "/api/admin/clients/"+client+"/accounts/"+id+"/merge", sameSite, body)
			if rec.Code != want {
				t.Fatalf("merge %s %s: %d, want %d: %s", id, body, rec.Code, want, rec.Body)
			}
			return rec.Body.String()
		}
		merge(c.ID, io.ID, `{"into":"`+io.ID+`"}`, 400)
		merge(c.ID, io.ID, `{"into":"`+theirs.Accounts[0].ID+`"}`, 400)
		merge(c.ID, io.ID, `{}`, 400)
		merge(c.ID, io.ID, `{"into":"x","extra":1}`, 400)
		merge(other.ID, io.ID, `{"into":"`+theirs.Accounts[0].ID+`"}`, 404)
		if out := merge(c.ID, io.ID, `{"into":"`+acme.ID+`"}`, 200); !strings.Contains(out, acme.ID) {
			t.Fatalf("merged: %s", out)
		}
		merge(c.ID, io.ID, `{"into":"`+acme.ID+`"}`, 409)
		getJSON(t, mux, "/api/v1/accounts", bearer(token), 200, &page)
		if len(page.Accounts) != 2 || len(page.Accounts[0].Signals) != 4 {
			t.Fatalf("after merge: %+v", page.Accounts)
		}
		if rec := httpxtest.Do(mux, "POST", "/api/admin/clients/"+c.ID+"/accounts/"+io.ID+"/split", sameSite, ""); rec.Code != 200 {
			t.Fatalf("split: %d %s", rec.Code, rec.Body)
		}
		if rec := httpxtest.Do(mux, "POST", "/api/admin/clients/"+c.ID+"/accounts/"+io.ID+"/split", sameSite, ""); rec.Code != 409 {
			t.Fatalf("split twice: %d %s", rec.Code, rec.Body)
		}
		getJSON(t, mux, "/api/v1/accounts", bearer(token), 200, &page)
		if len(page.Accounts) != 3 || len(page.Accounts[0].Signals) != 3 {
			t.Fatalf("after split: %+v", page.Accounts)
		}
	})
}
