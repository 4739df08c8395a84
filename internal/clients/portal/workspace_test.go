package portal

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
	"github.com/signalpipe/signalpipe/internal/intake"
)

// portalUser signs a new user of client clientID in and returns the
// headers of its reads and of its writes (with the CSRF token).
func portalUser(t *testing.T, h http.Handler, clientID, email string) (read, write map[string]string) {
	t.Helper()
	code, csrf, cookie := accept(h, invite(t, h, clientID, `{"email":"`+email+`"}`), portalPassword, "")
	if code != 200 || cookie == nil {
		t.Fatalf("accept: %d", code)
	}
	read = with(sameSite, "Cookie", cookie.Name+"="+cookie.Value)
	return read, with(read, "X-CSRF-Token", csrf)
}

func setMayEdit(t *testing.T, s *Store, id string, on bool) {
	t.Helper()
	if _, err := s.UpdateClient(context.Background(), id, func(c *clients.Client) error { c.Settings.PortalMayEdit = on; return nil }); err != nil {
		t.Fatal(err)
	}
}

// TestPortalWorkspace: a client's people list their agents, channels and
// tokens; agents and channels change only when the admin allows it
// (403 otherwise, nothing changed), tokens always; another client's ids
// answer 404 whatever the permission; secrets never show in a listing; a
// paused client reads but does not write.
func TestPortalWorkspace(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, h := portalEnv(t, d)
		c := newClient(t, e.store, 0)
		other := newClient(t, e.store, 0)
		agent := newAgent(t, e.store, c.ID, func(a *clients.Agent) { a.Queries = []string{"crm migration"} })
		otherAgent := newAgent(t, e.store, other.ID, nil)
		slack, _, err := e.store.CreateChannel(context.Background(), c.ID, clients.ChannelSlack, "https://hooks.slack.com/services/T000/B000/SECRETPART", clients.CadenceInstant)
		if err != nil {
			t.Fatal(err)
		}
		otherCh, _, err := e.store.CreateChannel(context.Background(), other.ID, clients.ChannelWebhook, "https://93.184.215.14/hook?key=k", clients.CadenceInstant)
		if err != nil {
			t.Fatal(err)
		}
		read, write := portalUser(t, h, c.ID, "ana@acme.example")

		// Reads.
		rec := httpxtest.Do(h, "GET", "/api/client/agents", read, "")
		var agents struct {
			Agents  []portalAgent
			MayEdit bool
		}
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &agents) != nil || len(agents.Agents) != 1 ||
			agents.Agents[0].ID != agent.ID || agents.Agents[0].Status != "active" || agents.MayEdit {
			t.Fatalf("agents: %d %s", rec.Code, rec.Body)
		}
		rec = httpxtest.Do(h, "GET", "/api/client/channels", read, "")
		if rec.Code != 200 || strings.Contains(rec.Body.String(), "SECRETPART") || strings.Contains(rec.Body.String(), otherCh.ID) ||
			!strings.Contains(rec.Body.String(), `"target":"https://hooks.slack.com/…"`) {
			t.Fatalf("channels: %d %s", rec.Code, rec.Body)
		}

		// Not allowed: 403 with the reason, nothing changed.
		rename := `{"name":"Renamed","active":false}`
		for _, r := range []struct{ method, path, body string }{
			{"PATCH", "/api/client/agents/" + agent.ID, rename},
			{"POST", "/api/client/channels", `{"kind":"webhook","target":"https://93.184.215.14/in"}`},
			{"POST", "/api/client/channels/" + slack.ID + "/enable", ""},
		} {
			rec := httpxtest.Do(h, r.method, r.path, write, r.body)
			if rec.Code != 403 || !strings.Contains(rec.Body.String(), "ask your account manager") {
				t.Errorf("%s %s not allowed: %d %s", r.method, r.path, rec.Code, rec.Body)
			}
		}
		if a, _ := e.store.Agent(context.Background(), agent.ID); a.Name != agent.Name || !a.Active {
			t.Fatalf("agent changed while not allowed: %+v", a)
		}
		if cs, _ := e.store.Channels(context.Background(), c.ID); len(cs) != 1 {
			t.Fatalf("%d channels after a refused add", len(cs))
		}

		// Another client's ids: 404, allowed or not.
		for _, allowed := range []bool{false, true} {
			setMayEdit(t, e.store, c.ID, allowed)
			for _, r := range []struct{ method, path string }{
				{"PATCH", "/api/client/agents/" + otherAgent.ID},
				{"POST", "/api/client/channels/" + otherCh.ID + "/enable"},
			} {
				if rec := httpxtest.Do(h, r.method, r.path, write, rename); rec.Code != 404 {
					t.Errorf("%s %s of another client (allowed %v): %d %s", r.method, r.path, allowed, rec.Code, rec.Body)
				}
			}
		}
		if a, _ := e.store.Agent(context.Background(), otherAgent.ID); a.Name != otherAgent.Name {
			t.Fatal("another client's agent changed")
		}

		// Allowed: the agent is edited; what only an admin changes is refused.
		rec = httpxtest.Do(h, "PATCH", "/api/client/agents/"+agent.ID, write, `{"name":"Renamed","active":false,"queries":["crm AND switch"],"signalTypes":["funding_event"]}`)
		var got portalAgent
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.Name != "Renamed" || got.Active || got.Status != "paused" {
			t.Fatalf("patch agent: %d %s", rec.Code, rec.Body)
		}
		if a, _ := e.store.Agent(context.Background(), agent.ID); a.Name != "Renamed" || a.Active || a.Queries[0] != "crm AND switch" {
			t.Fatalf("stored agent %+v", a)
		}
		for _, body := range []string{`{"threshold":10}`, `{"schedule":"1m"}`, `{"sources":["hn"]}`, `{"signalTypes":["nonsense"]}`, `{"name":""}`} {
			if rec := httpxtest.Do(h, "PATCH", "/api/client/agents/"+agent.ID, write, body); rec.Code != 400 {
				t.Errorf("patch %s: %d %s", body, rec.Code, rec.Body)
			}
		}
		// Channels: made through the admin's validation, the secret shown once.
		if rec := httpxtest.Do(h, "POST", "/api/client/channels", write, `{"kind":"webhook","target":"ftp://x"}`); rec.Code != 400 {
			t.Errorf("bad channel: %d %s", rec.Code, rec.Body)
		}
		rec = httpxtest.Do(h, "POST", "/api/client/channels", write, `{"kind":"webhook","target":"https://93.184.215.14/in","cadence":"daily"}`)
		var made struct {
			ID, Secret string
		}
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &made) != nil || !strings.HasPrefix(made.Secret, "whsec_") {
			t.Fatalf("add channel: %d %s", rec.Code, rec.Body)
		}
		if rec := httpxtest.Do(h, "GET", "/api/client/channels", read, ""); strings.Contains(rec.Body.String(), made.Secret) || !strings.Contains(rec.Body.String(), made.ID) {
			t.Fatalf("channels after add: %s", rec.Body)
		}
		if rec := httpxtest.Do(h, "POST", "/api/client/channels/"+slack.ID+"/enable", write, ""); rec.Code != 200 {
			t.Errorf("enable own channel: %d %s", rec.Code, rec.Body)
		}

		// Tokens: always the client's to manage, and only its own.
		setMayEdit(t, e.store, c.ID, false)
		rec = httpxtest.Do(h, "POST", "/api/client/tokens", write, `{"name":"crm"}`)
		var tok struct{ ID, Token string }
		if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &tok) != nil || tok.Token == "" {
			t.Fatalf("make token: %d %s", rec.Code, rec.Body)
		}
		if rec := httpxtest.Do(h, "GET", "/api/client/tokens", read, ""); rec.Code != 200 || strings.Contains(rec.Body.String(), tok.Token) ||
			!strings.Contains(rec.Body.String(), tok.ID) || !strings.Contains(rec.Body.String(), "ana@acme.example") {
			t.Fatalf("tokens: %d %s", rec.Code, rec.Body)
		}
		otherTok, _, err := e.store.CreateAPIToken(context.Background(), other.ID, "theirs", "admin")
		if err != nil {
			t.Fatal(err)
		}
		_ = otherTok
		ots, _ := e.store.APITokens(context.Background(), other.ID)
		if rec := httpxtest.Do(h, "DELETE", "/api/client/tokens/"+ots[0].ID, write, ""); rec.Code != 404 {
			t.Errorf("revoke another client's token: %d", rec.Code)
		}
		if rec := httpxtest.Do(h, "DELETE", "/api/client/tokens/"+tok.ID, read, ""); rec.Code != 403 {
			t.Errorf("revoke without CSRF: %d", rec.Code)
		}
		if rec := httpxtest.Do(h, "DELETE", "/api/client/tokens/"+tok.ID, write, ""); rec.Code != 204 {
			t.Errorf("revoke own token: %d", rec.Code)
		}
		if ts, _ := e.store.APITokens(context.Background(), c.ID); len(ts) != 0 {
			t.Fatalf("%d tokens left", len(ts))
		}

		// Paused: reads work, every write is refused.
		setMayEdit(t, e.store, c.ID, true)
		setStatus(t, e.store, c.ID, clients.StatusPaused)
		if rec := httpxtest.Do(h, "GET", "/api/client/agents", read, ""); rec.Code != 200 {
			t.Errorf("paused read: %d", rec.Code)
		}
		for _, r := range []struct{ method, path, body string }{
			{"PATCH", "/api/client/agents/" + agent.ID, rename},
			{"POST", "/api/client/tokens", `{"name":"x"}`},
		} {
			if rec := httpxtest.Do(h, r.method, r.path, write, r.body); rec.Code != 403 || !strings.Contains(rec.Body.String(), "paused") {
				t.Errorf("paused %s %s: %d %s", r.method, r.path, rec.Code, rec.Body)
			}
		}
	})
}

// TestChannelsFromOnboarding: a client made from an onboarding submission
// starts with the email channel its answers ask for (to the email
// handler, else the contact; cadence from the response time) when mail is
// configured, and with notes on what was not made.
func TestChannelsFromOnboarding(t *testing.T) {
	for rt, want := range map[string]string{"immediate": clients.CadenceInstant, "24_hours": clients.CadenceDaily, "48_hours": clients.CadenceDaily,
		"week": clients.CadenceWeekly, "": clients.CadenceInstant, "someday": clients.CadenceInstant} {
		if got := clients.CadenceFor(rt); got != want {
			t.Errorf("CadenceFor(%q) = %q, want %q", rt, got, want)
		}
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		create := func(mailOn bool, payload map[string]any) (int, struct {
			ID       string
			Channels []clients.Channel
			Notes    []string
		}) {
			mux := http.NewServeMux()
			openMount(mux, clients.NewHandler(e.store.Store, intake.NewStore(d, e.runner), e.svc.SourceNames).WithMail(mailOn))
			sub := insertSubmission(t, d, intake.KindOnboarding, payload)
			rec := httpxtest.Do(mux, "POST", "/api/admin/clients", jsonHeader, `{"fromSubmission":"`+sub+`"}`)
			var out struct {
				ID       string
				Channels []clients.Channel
				Notes    []string
			}
			_ = json.Unmarshal(rec.Body.Bytes(), &out)
			return rec.Code, out
		}
		all := []string{"Email notifications", "Slack alerts", "Web dashboard", "API integration"}
		for _, tc := range []struct {
			name    string
			mailOn  bool
			payload map[string]any
			target  string // "" no email channel
			cadence string
			notes   []string
		}{
			{"handler email, daily", true, map[string]any{"company_name": "A", "delivery_method": all, "response_time": "24_hours",
				"email_handler_email": "Lead@A.example", "contact_email": "ceo@a.example"}, "Lead@A.example", clients.CadenceDaily, []string{"Slack webhook URL", "API token"}},
			{"contact email, weekly", true, map[string]any{"company_name": "B", "delivery_method": []string{"Email notifications"},
				"response_time": "week", "contact_email": "ceo@b.example"}, "ceo@b.example", clients.CadenceWeekly, nil},
			{"no smtp", false, map[string]any{"company_name": "C", "delivery_method": []string{"Email notifications"},
				"response_time": "immediate", "contact_email": "ceo@c.example"}, "", "", []string{"SMTP_URL"}},
			{"dashboard only", true, map[string]any{"company_name": "D", "delivery_method": []string{"Web dashboard"},
				"contact_email": "ceo@d.example"}, "", "", nil},
		} {
			code, out := create(tc.mailOn, tc.payload)
			if code != 201 {
				t.Fatalf("%s: %d", tc.name, code)
			}
			stored, err := e.store.Channels(context.Background(), out.ID)
			if err != nil {
				t.Fatal(err)
			}
			if tc.target == "" {
				if len(stored) != 0 || len(out.Channels) != 0 {
					t.Errorf("%s: channels %+v", tc.name, stored)
				}
			} else if len(stored) != 1 || stored[0].Kind != clients.ChannelEmail || stored[0].Target != tc.target || stored[0].Cadence != tc.cadence ||
				len(out.Channels) != 1 || out.Channels[0].ID != stored[0].ID {
				t.Errorf("%s: channels %+v, answered %+v", tc.name, stored, out.Channels)
			}
			if len(out.Notes) != len(tc.notes) {
				t.Errorf("%s: notes %q, want %d", tc.name, out.Notes, len(tc.notes))
			}
			for i, n := range tc.notes {
				if i < len(out.Notes) && !strings.Contains(out.Notes[i], n) {
					t.Errorf("%s: note %q lacks %q", tc.name, out.Notes[i], n)
				}
			}
		}
	})
}

// openMount mounts h's admin routes on mux with an open admin guard.
func openMount(mux *http.ServeMux, h *clients.Handler) {
	httpx.MountMux(mux, httpx.Guards{Admin: func(h http.Handler) http.Handler { return h }}, h.Routes()...)
}
