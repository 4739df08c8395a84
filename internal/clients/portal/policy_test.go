package portal

import (
	"context"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// TestStatusPolicy: a paused client's portal and API read but do not
// write and its deliveries are held; a churned client's people cannot sign
// in or accept invites, its sessions are revoked, its tokens refused and
// its pending deliveries cancelled; made active again, all works.
func TestStatusPolicy(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, h := portalEnv(t, d)
		c := newClient(t, e.store, 0)
		addPosts(t, e, intentPost(1), intentPost(2))
		if run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID); run.LeadsAdded != 2 {
			t.Fatalf("run %+v", run)
		}
		leads, _, err := e.store.Leads(context.Background(), c.ID, clients.LeadFilter{Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		code, csrf, cookie := accept(h, invite(t, h, c.ID, `{"email":"ana@acme.example"}`), portalPassword, "")
		if code != 200 {
			t.Fatalf("accept: %d", code)
		}
		sess := with(sameSite, "Cookie", cookie.Name+"="+cookie.Value)
		write := with(sess, "X-CSRF-Token", csrf)
		_, token := makeToken(t, h, c.ID, "crm")
		feedback := func(hdr map[string]string, path string) *httpResult {
			rec := httpxtest.Do(h, "POST", path, hdr, `{"verdict":"good"}`)
			return &httpResult{rec.Code, rec.Body.String()}
		}
		get := func(hdr map[string]string, path string) int { return httpxtest.Do(h, "GET", path, hdr, "").Code }
		login := func() *httpResult {
			rec := httpxtest.Do(h, "POST", "/api/client/login", sameSite, `{"email":"ana@acme.example","password":"`+portalPassword+`"}`)
			return &httpResult{rec.Code, rec.Body.String()}
		}
		portalFB, apiFB := "/api/client/leads/"+leads[0].ID+"/feedback", "/api/v1/leads/"+leads[0].ID+"/feedback"

		// Paused: reads work, writes are refused with the reason.
		setStatus(t, e.store, c.ID, clients.StatusPaused)
		if get(sess, "/api/client/leads") != 200 || get(bearer(token), "/api/v1/leads") != 200 {
			t.Fatal("a paused client cannot read")
		}
		for _, r := range []*httpResult{feedback(write, portalFB), feedback(bearer(token), apiFB)} {
			if r.code != 403 || !strings.Contains(r.body, "paused") {
				t.Errorf("a paused client's write: %d %s", r.code, r.body)
			}
		}
		if r := login(); r.code != 200 {
			t.Errorf("a paused client's sign-in: %d %s", r.code, r.body)
		}
		// Its delivery waits (snoozed, no attempt), the churned one's is
		// cancelled.
		p := delivery.PendingFor("msg_x", c.ID)
		if ok, err := e.delivery.Held(context.Background(), p); ok || !delivery.IsSnooze(err) {
			t.Errorf("a paused client's delivery: %v %v", ok, err)
		}

		// Churned: the session is revoked, sign-in and invites refused
		// with a clear message, the token refused.
		setStatus(t, e.store, c.ID, clients.StatusChurned)
		var n int
		if err := d.Reader.QueryRow(`SELECT count(*) FROM client_sessions`).Scan(&n); err != nil || n != 0 {
			t.Errorf("%d sessions left after churn (%v)", n, err)
		}
		if code := get(sess, "/api/client/leads"); code != 401 {
			t.Errorf("a churned client's session: %d", code)
		}
		if r := login(); r.code != 403 || !strings.Contains(r.body, "closed") {
			t.Errorf("a churned client's sign-in: %d %s", r.code, r.body)
		}
		if code := get(bearer(token), "/api/v1/leads"); code != 401 {
			t.Errorf("a churned client's token: %d", code)
		}
		if rec := httpxtest.Do(h, "POST", "/api/admin/clients/"+c.ID+"/invites", sameSite, ""); rec.Code != 409 {
			t.Errorf("invite to a churned client: %d", rec.Code)
		}
		if ok, err := e.delivery.Held(context.Background(), p); ok || err != nil {
			t.Errorf("a churned client's delivery: %v %v", ok, err)
		}

		// A session left by a sign-in racing the status change (the status
		// written without the revocation) is refused, and revoked, at its
		// first call.
		setStatus(t, e.store, c.ID, clients.StatusActive)
		rec := httpxtest.Do(h, "POST", "/api/client/login", sameSite, `{"email":"ana@acme.example","password":"`+portalPassword+`"}`)
		if rec.Code != 200 {
			t.Fatalf("sign-in when active again: %d %s", rec.Code, rec.Body)
		}
		var again map[string]string
		for _, ck := range rec.Result().Cookies() {
			if ck.Name == "__Host-"+auth.ClientCookieName {
				again = with(sameSite, "Cookie", ck.Name+"="+ck.Value)
			}
		}
		if get(again, "/api/client/leads") != 200 {
			t.Fatal("the new session does not read")
		}
		if _, err := d.Writer.Exec(d.Rebind(`UPDATE clients SET status = ? WHERE id = ?`), clients.StatusChurned, c.ID); err != nil {
			t.Fatal(err)
		}
		if code := get(again, "/api/client/leads"); code != 401 || countSessions(t, d) != 0 {
			t.Errorf("a raced session of a churned client: %d, %d sessions left", code, countSessions(t, d))
		}
		setStatus(t, e.store, c.ID, clients.StatusActive)
		if code := get(bearer(token), "/api/v1/leads"); code != 200 {
			t.Errorf("token when active again: %d", code)
		}
		if r := feedback(bearer(token), apiFB); r.code != 200 {
			t.Errorf("write when active again: %d %s", r.code, r.body)
		}
	})
}

type httpResult struct {
	code int
	body string
}

func countSessions(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.Reader.QueryRow(`SELECT count(*) FROM client_sessions`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
