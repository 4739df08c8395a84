package portal

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// makeToken creates a token of clientID through the admin call.
func makeToken(t *testing.T, h http.Handler, clientID, name string) (id, token string) {
	t.Helper()
	rec := httpxtest.Do(h, "POST", "/api/admin/clients/"+clientID+"/tokens", sameSite, `{"name":"`+name+`"}`)
	var out struct{ ID, Token string }
	if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &out) != nil || out.ID == "" {
		t.Fatalf("create token: %d %s", rec.Code, rec.Body)
	}
	return out.ID, out.Token
}

func bearer(token string) map[string]string {
	return map[string]string{"Content-Type": "application/json", "Authorization": "Bearer " + token}
}

type apiPage struct {
	Leads      []clients.ClientLead
	NextCursor string
	HasMore    bool
}

func TestAPITokens(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, h := portalEnv(t, d)
		ctx := context.Background()
		mine, theirs := newClient(t, e.store, 0), newClient(t, e.store, 0)
		addPosts(t, e, intentPost(1), intentPost(2), intentPost(3))
		for _, c := range []*clients.Client{mine, theirs} {
			if run := e.runNow(t, newAgent(t, e.store, c.ID, nil).ID); run.LeadsAdded != 3 {
				t.Fatalf("run %+v", run)
			}
		}
		for _, body := range []string{`{"name":""}`, `{"name":"` + strings.Repeat("x", 101) + `"}`, `{}`} {
			if rec := httpxtest.Do(h, "POST", "/api/admin/clients/"+mine.ID+"/tokens", sameSite, body); rec.Code != 400 {
				t.Fatalf("token %s: %d", body, rec.Code)
			}
		}
		if rec := httpxtest.Do(h, "POST", "/api/admin/clients/nope/tokens", sameSite, `{"name":"x"}`); rec.Code != 404 {
			t.Fatalf("token of an unknown client: %d", rec.Code)
		}
		id, token := makeToken(t, h, mine.ID, "Zapier")
		_, theirToken := makeToken(t, h, theirs.ID, "CRM")
		if !strings.HasPrefix(token, TokenPrefix) || len(token) != len(TokenPrefix)+43 {
			t.Fatalf("token %q", token)
		}
		// Only the hash is stored.
		var stored string
		if err := d.Reader.QueryRowContext(ctx, d.Rebind(`SELECT token_hash FROM client_api_tokens WHERE id = ?`), id).Scan(&stored); err != nil || stored != auth.HashToken(token) || strings.Contains(stored, token) {
			t.Fatalf("stored %q %v", stored, err)
		}

		// Unknown, malformed and missing tokens: 401.
		for _, hdr := range []map[string]string{bearer(TokenPrefix + "nope"), bearer(""), jsonHeader, bearer(strings.TrimPrefix(token, TokenPrefix)),
			{"Authorization": "Basic " + token}} {
			if rec := httpxtest.Do(h, "GET", "/api/v1/leads", hdr, ""); rec.Code != 401 || rec.Header().Get("WWW-Authenticate") == "" {
				t.Fatalf("leads with %v: %d", hdr, rec.Code)
			}
		}

		// Paging oldest first, with the cursor the poller keeps.
		var seen []string
		cursor := ""
		for range 4 {
			var page apiPage
			rec := httpxtest.Do(h, "GET", "/api/v1/leads?limit=2&since="+cursor, bearer(token), "")
			if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &page) != nil {
				t.Fatalf("page: %d %s", rec.Code, rec.Body)
			}
			for _, l := range page.Leads {
				if l.ClientID != mine.ID {
					t.Fatalf("another client's lead %+v", l)
				}
				seen = append(seen, l.ID)
			}
			if page.NextCursor == "" {
				t.Fatalf("no cursor: %s", rec.Body)
			}
			cursor = page.NextCursor
			if !page.HasMore {
				break
			}
		}
		all, _, err := e.store.Leads(ctx, mine.ID, clients.LeadFilter{Limit: 10})
		if err != nil || len(seen) != 3 || len(all) != 3 || seen[0] != all[2].ID || seen[2] != all[0].ID {
			t.Fatalf("seen %v, inbox %d %v", seen, len(all), err)
		}
		// Polling again with the last cursor: nothing new, the cursor kept.
		var page apiPage
		rec := httpxtest.Do(h, "GET", "/api/v1/leads?since="+cursor, bearer(token), "")
		if json.Unmarshal(rec.Body.Bytes(), &page) != nil || len(page.Leads) != 0 || page.NextCursor != cursor || page.HasMore {
			t.Fatalf("poll: %d %s", rec.Code, rec.Body)
		}
		for _, q := range []string{"limit=0", "limit=101", "since=%21%21"} {
			if rec := httpxtest.Do(h, "GET", "/api/v1/leads?"+q, bearer(token), ""); rec.Code != 400 {
				t.Fatalf("%s: %d", q, rec.Code)
			}
		}

		// One lead, and another client's: 404.
		theirLeads, _, _ := e.store.Leads(ctx, theirs.ID, clients.LeadFilter{Limit: 10})
		if rec := httpxtest.Do(h, "GET", "/api/v1/leads/"+all[0].ID, bearer(token), ""); rec.Code != 200 || !strings.Contains(rec.Body.String(), all[0].ID) {
			t.Fatalf("lead: %d", rec.Code)
		}
		fb := `{"verdict":"noise","reason":"a recruiter"}`
		if rec := httpxtest.Do(h, "GET", "/api/v1/leads/"+theirLeads[0].ID, bearer(token), ""); rec.Code != 404 {
			t.Fatalf("another client's lead: %d", rec.Code)
		}
		if rec := httpxtest.Do(h, "POST", "/api/v1/leads/"+theirLeads[0].ID+"/feedback", bearer(token), fb); rec.Code != 404 {
			t.Fatalf("feedback on another client's lead: %d", rec.Code)
		}
		if l, _ := e.store.Lead(ctx, theirs.ID, theirLeads[0].ID); l.Feedback != nil {
			t.Fatalf("another client's lead changed: %+v", l.Feedback)
		}
		if rec := httpxtest.Do(h, "POST", "/api/v1/leads/"+all[0].ID+"/feedback", bearer(token), `{"verdict":"meh"}`); rec.Code != 400 {
			t.Fatalf("bad verdict: %d", rec.Code)
		}
		// No session, no CSRF token: the bearer token is the credential.
		if rec := httpxtest.Do(h, "POST", "/api/v1/leads/"+all[0].ID+"/feedback", bearer(token), fb); rec.Code != 200 {
			t.Fatalf("feedback: %d %s", rec.Code, rec.Body)
		}
		if l, _ := e.store.Lead(ctx, mine.ID, all[0].ID); l.Feedback == nil || l.Feedback.Verdict != clients.VerdictNoise || l.Feedback.Reason != "a recruiter" {
			t.Fatalf("feedback not in the inbox: %+v", l.Feedback)
		}
		if rec := httpxtest.Do(h, "GET", "/api/v1/leads/"+theirLeads[0].ID, bearer(theirToken), ""); rec.Code != 200 {
			t.Fatalf("their token on their lead: %d", rec.Code)
		}

		// The list shows name, created and last used, never the token.
		rec = httpxtest.Do(h, "GET", "/api/admin/clients/"+mine.ID+"/tokens", sameSite, "")
		var list struct{ Tokens []APIToken }
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &list) != nil || len(list.Tokens) != 1 || list.Tokens[0].Name != "Zapier" ||
			list.Tokens[0].LastUsedAt == nil || strings.Contains(rec.Body.String(), token) {
			t.Fatalf("list: %d %s", rec.Code, rec.Body)
		}

		// Revoking: another client's path answers 404; then 401.
		if rec := httpxtest.Do(h, "DELETE", "/api/admin/clients/"+theirs.ID+"/tokens/"+id, sameSite, ""); rec.Code != 404 {
			t.Fatalf("revoke through another client: %d", rec.Code)
		}
		if rec := httpxtest.Do(h, "DELETE", "/api/admin/clients/"+mine.ID+"/tokens/"+id, sameSite, ""); rec.Code != 204 {
			t.Fatalf("revoke: %d", rec.Code)
		}
		if rec := httpxtest.Do(h, "GET", "/api/v1/leads", bearer(token), ""); rec.Code != 401 {
			t.Fatalf("revoked token: %d", rec.Code)
		}
		if rec := httpxtest.Do(h, "DELETE", "/api/admin/clients/"+mine.ID+"/tokens/"+id, sameSite, ""); rec.Code != 404 {
			t.Fatalf("revoke twice: %d", rec.Code)
		}
	})
}

// TestAPITokenLastUsed: last_used_at is written at most once a minute.
func TestAPITokenLastUsed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, _ := portalEnv(t, d)
		ctx := context.Background()
		now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
		e.store.WithNow(func() time.Time { return now })
		c := newClient(t, e.store, 0)
		token, _, err := e.store.CreateAPIToken(ctx, c.ID, "n", "")
		if err != nil {
			t.Fatal(err)
		}
		used := func() time.Time {
			ts, err := e.store.APITokens(ctx, c.ID)
			if err != nil || len(ts) != 1 || ts[0].LastUsedAt == nil {
				t.Fatalf("tokens %v %v", ts, err)
			}
			return ts[0].LastUsedAt.UTC()
		}
		for _, step := range []struct {
			after time.Duration
			want  time.Time
		}{{0, now}, {30 * time.Second, now}, {59 * time.Second, now}, {61 * time.Second, now.Add(61 * time.Second)}} {
			e.store.WithNow(func() time.Time { return now.Add(step.after) })
			if id, err := e.store.TokenClient(ctx, token); err != nil || id != c.ID {
				t.Fatal(id, err)
			}
			if got := used(); !got.Equal(step.want) {
				t.Fatalf("after %v: last used %v, want %v", step.after, got, step.want)
			}
		}
	})
}

// TestTokenScopes: a token's scopes are stored in Scopes' order without
// duplicates, none is leads:read, an unknown one is a field error making
// nothing; Authenticate answers them, an admin token's with no client,
// and TokenClient (the REST API's) refuses an admin token.
func TestTokenScopes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e, _ := portalEnv(t, d)
		ctx := context.Background()
		c := newClient(t, e.store, 0)
		plain, _, err := e.store.CreateAPIToken(ctx, c.ID, "plain", "")
		if err != nil {
			t.Fatal(err)
		}
		all, made, err := e.store.CreateAPIToken(ctx, c.ID, "all", "", ScopeAgentsRun, ScopeLeadsRead, ScopeAgentsRun, ScopeLeadsWrite)
		if err != nil || !slices.Equal(made.Scopes, Scopes) {
			t.Fatalf("all: %v %v", made, err)
		}
		if _, _, err := e.store.CreateAPIToken(ctx, c.ID, "bad", "", "leads:delete"); clients.ErrorFields(err)["scopes"] == "" {
			t.Fatalf("unknown scope: %v", err)
		}
		list, err := e.store.APITokens(ctx, c.ID)
		if err != nil || len(list) != 2 || !slices.Equal(list[0].Scopes, DefaultScopes) || !slices.Equal(list[1].Scopes, Scopes) {
			t.Fatalf("tokens: %+v %v", list, err)
		}
		for token, want := range map[string][]string{plain: DefaultScopes, all: Scopes} {
			if got, err := e.store.Authenticate(ctx, token); err != nil || got.Admin || got.ClientID != c.ID || !slices.Equal(got.Scopes, want) {
				t.Errorf("authenticate: %+v %v", got, err)
			}
		}
		admin, at, err := e.store.CreateAdminToken(ctx, " ops ", "op@x.example", []string{ScopeLeadsWrite})
		if err != nil || at.Name != "ops" || !strings.HasPrefix(admin, AdminTokenPrefix) {
			t.Fatalf("admin token: %q %+v %v", admin, at, err)
		}
		if got, err := e.store.Authenticate(ctx, admin); err != nil || !got.Admin || got.ClientID != "" || !slices.Equal(got.Scopes, []string{ScopeLeadsWrite}) {
			t.Errorf("admin authenticate: %+v %v", got, err)
		}
		if id, err := e.store.TokenClient(ctx, admin); id != "" || !errors.Is(err, clients.ErrNotFound) {
			t.Errorf("TokenClient of an admin token: %q %v", id, err)
		}
		if err := e.store.RevokeAdminToken(ctx, at.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.Authenticate(ctx, admin); !errors.Is(err, clients.ErrNotFound) {
			t.Errorf("revoked admin token: %v", err)
		}
		if _, err := e.store.Authenticate(ctx, AdminTokenPrefix+strings.Repeat("x", 300)); !errors.Is(err, clients.ErrNotFound) {
			t.Errorf("overlong token: %v", err)
		}
	})
}
