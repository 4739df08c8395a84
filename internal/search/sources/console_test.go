package sources

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/search"
)

var testKey = base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{9}, 32))

// load is the configuration the environment env gives.
func load(t *testing.T, env map[string]string) *config.Config {
	t.Helper()
	c, err := config.Load(nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Credentials are sealed at rest (the column never holds them), opened
// again with the key, unreadable with another; a switch alone keeps them;
// without a key none can be saved. Both engines.
func TestSettingsStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		key := bytes.Repeat([]byte{1}, 32)
		s, err := NewSettings(d, key)
		if err != nil {
			t.Fatal(err)
		}
		v0, _ := s.Version(ctx)
		on := true
		secret := "reddit-secret-0123456789"
		if err := s.Save(ctx, Saved{Source: "reddit", Enabled: &on, Values: map[string]string{"REDDIT_USER_AGENT": "ua"},
			Secrets: map[string]string{"REDDIT_CLIENT_ID": "app", "REDDIT_CLIENT_SECRET": secret}}, "owner@example.com"); err != nil {
			t.Fatal(err)
		}
		var raw string
		if err := d.Reader.QueryRowContext(ctx, `SELECT secrets FROM source_settings WHERE source = 'reddit'`).Scan(&raw); err != nil {
			t.Fatal(err)
		}
		if raw == "" || strings.Contains(raw, secret) || strings.Contains(raw, "REDDIT_CLIENT_SECRET") {
			t.Fatalf("stored in the clear: %q", raw)
		}
		all, err := s.All(ctx)
		got := all["reddit"]
		if err != nil || got.Secrets["REDDIT_CLIENT_SECRET"] != secret || got.Values["REDDIT_USER_AGENT"] != "ua" || got.Enabled == nil || !*got.Enabled ||
			got.UpdatedBy != "owner@example.com" || got.UpdatedAt.IsZero() {
			t.Fatalf("%+v, %v", got, err)
		}
		v1, _ := s.Version(ctx)
		off := false
		got.Enabled, got.Secrets = &off, nil // a switch alone: the sealed credentials stay
		if err := s.Save(ctx, got, "owner@example.com"); err != nil {
			t.Fatal(err)
		}
		v2, _ := s.Version(ctx)
		if v0 == v1 || v1 == v2 {
			t.Fatalf("versions %s, %s, %s", v0, v1, v2)
		}
		all, _ = s.All(ctx)
		if all["reddit"].Secrets["REDDIT_CLIENT_SECRET"] != secret || *all["reddit"].Enabled {
			t.Fatalf("after the switch: %+v", all["reddit"])
		}
		other, _ := NewSettings(d, bytes.Repeat([]byte{2}, 32))
		all, _ = other.All(ctx)
		if all["reddit"].SecretsErr == nil || len(all["reddit"].Secrets) != 0 || !strings.Contains(all["reddit"].SecretsErr.Error(), "not the key") {
			t.Fatalf("another key: %+v", all["reddit"])
		}
		none, _ := NewSettings(d, nil)
		if err := none.Save(ctx, Saved{Source: "exa", Secrets: map[string]string{"EXA_API_KEY": "k"}}, ""); !errors.Is(err, ErrNoKey) {
			t.Fatalf("without a key: %v", err)
		}
		if err := none.Save(ctx, Saved{Source: "hackernews", Enabled: &on}, ""); err != nil {
			t.Fatalf("a switch needs no key: %v", err)
		}
	})
}

// The console's settings apply where the environment sets nothing; an
// environment value wins.
func TestEffectiveEnvironmentWins(t *testing.T) {
	base := load(t, map[string]string{"EXA_API_KEY": "env-exa-key", "HN_ENABLED": "false"})
	on, off := true, false
	saved := map[string]Saved{
		"exa":        {Enabled: &off, Secrets: map[string]string{"EXA_API_KEY": "console-key"}},
		"hackernews": {Enabled: &on},
		"github":     {Enabled: &on, Secrets: map[string]string{"GITHUB_TOKEN": "ghp_console"}},
		"bluesky":    {Enabled: &off, Values: map[string]string{"BLUESKY_HANDLE": "a.bsky.social"}, Secrets: map[string]string{"BLUESKY_APP_PASSWORD": "pw"}},
	}
	c, problems := Effective(base, saved)
	if c.ExaAPIKey != "env-exa-key" || c.HNEnabled || !c.GitHubEnabled || c.GitHubToken != "ghp_console" || c.BlueskyHandle != "" || len(problems) != 0 {
		t.Fatalf("exa %q hn %v github %v %q bluesky %q problems %v", c.ExaAPIKey, c.HNEnabled, c.GitHubEnabled, c.GitHubToken, c.BlueskyHandle, problems)
	}
	if base.GitHubEnabled || base.GitHubToken != "" {
		t.Fatal("the base configuration was changed")
	}
}

type fixture struct {
	d        *db.DB
	reg      *Registry
	mux      *http.ServeMux
	hnFails  atomic.Bool
	hnCalled atomic.Int32
}

// newFixture is a handler over a fresh database with env as the
// environment; Hacker News answers from a local fake.
func newFixture(t *testing.T, d *db.DB, env map[string]string) *fixture {
	t.Helper()
	f := &fixture{d: d}
	hn := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.hnCalled.Add(1)
		if f.hnFails.Load() {
			http.Error(w, "down", http.StatusInternalServerError)
			return
		}
		_, _ = w.Write([]byte(`{"hits":[{"objectID":"1","title":"Ask HN: we are hiring, which ATS?","author":"a","created_at_i":1764230400}]}`))
	}))
	t.Cleanup(hn.Close)
	if env == nil {
		env = map[string]string{}
	}
	env["HN_BASE_URL"], env["HN_API_URL"] = hn.URL, hn.URL
	f.reg = f.registry(t, load(t, env))
	f.mux = http.NewServeMux()
	pass := func(next http.Handler) http.Handler { return next }
	httpx.MountMux(f.mux, httpx.Guards{Admin: pass}, NewHandler(f.reg, search.NewStore(d), func(*http.Request) string { return "owner@example.com" }).Routes()...)
	return f
}

func (f *fixture) registry(t *testing.T, c *config.Config) *Registry {
	t.Helper()
	reg, err := NewRegistry(c, f.d, RegistryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

func (f *fixture) do(t *testing.T, method, path, body string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	f.mux.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// line is one source's line of GET /api/admin/sources.
func (f *fixture) line(t *testing.T, name string) Line {
	t.Helper()
	code, body := f.do(t, "GET", "/api/admin/sources", "")
	var out struct{ Sources []Line }
	if err := json.Unmarshal([]byte(body), &out); err != nil || code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	for _, l := range out.Sources {
		if l.Source == name {
			return l
		}
	}
	t.Fatalf("no line %s in %s", name, body)
	return Line{}
}

func liveNames(srcs []search.Source) string { return names(srcs) }

// Saving a credential: 200, and no answer ever holds it (at most its last
// four characters); the report says set, by the console; the source is
// then configured and searched.
func TestConsoleSavesCredentialsNeverShown(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, map[string]string{"SECRETS_KEY": testKey})
		ctx := context.Background()
		if l := f.line(t, "exa"); l.State != "unconfigured" || !strings.Contains(l.Detail, "not configured") || l.Settings == nil || l.Settings.Fields[0].Set {
			t.Fatalf("exa before: %+v", l)
		}
		secret := "exa-secret-key-0123456789"
		code, body := f.do(t, "PATCH", "/api/admin/sources/exa", `{"values": {"EXA_API_KEY": "`+secret+`"}}`)
		if code != 200 || strings.Contains(body, secret) || strings.Contains(body, "0123456789") {
			t.Fatalf("%d %s", code, body)
		}
		_, all := f.do(t, "GET", "/api/admin/sources", "")
		if strings.Contains(all, secret) || strings.Contains(all, "0123456789") {
			t.Fatalf("the report shows the key: %s", all)
		}
		l := f.line(t, "exa")
		if fv := l.Settings.Fields[0]; !fv.Set || fv.From != "console" || fv.Last4 != "6789" || fv.Value != "" || l.State != "ok" {
			t.Fatalf("exa after: %+v %+v", l, fv)
		}
		if got := liveNames(f.reg.Live(ctx)); got != "exa" {
			t.Fatalf("live %q", got)
		}
		// Cleared with "": unconfigured again.
		if code, body := f.do(t, "PATCH", "/api/admin/sources/exa", `{"values": {"EXA_API_KEY": ""}}`); code != 200 || f.line(t, "exa").State != "unconfigured" {
			t.Fatalf("%d %s", code, body)
		}
	})
}

// Without SECRETS_KEY a credential is refused with 409 naming the key
// (nothing stored); a switch still saves.
func TestConsoleNeedsSecretsKey(t *testing.T) {
	f := newFixture(t, dbtest.SQLite(t), nil)
	code, body := f.do(t, "PATCH", "/api/admin/sources/github", `{"enabled": true, "values": {"GITHUB_TOKEN": "ghp_0123456789abcdef"}}`)
	if code != http.StatusConflict || !strings.Contains(body, "SECRETS_KEY") || !strings.Contains(body, `"values.GITHUB_TOKEN":"needs SECRETS_KEY"`) || strings.Contains(body, "ghp_") {
		t.Fatalf("%d %s", code, body)
	}
	var n int
	_ = f.d.Reader.QueryRow(`SELECT COUNT(*) FROM source_settings`).Scan(&n)
	if n != 0 {
		t.Fatalf("%d rows stored", n)
	}
	if l := f.line(t, "github"); l.Settings.CanSaveCredentials {
		t.Fatal("canSaveCredentials without a key")
	}
	if code, body := f.do(t, "PATCH", "/api/admin/sources/github", `{"enabled": true}`); code != 200 || !strings.Contains(body, `"enabled":true`) {
		t.Fatalf("%d %s", code, body)
	}
}

// Bad input answers 400 naming each field; an unknown source 404.
func TestConsoleBadInput(t *testing.T) {
	f := newFixture(t, dbtest.SQLite(t), map[string]string{"SECRETS_KEY": testKey, "GITHUB_TOKEN": "ghp_fromenv0123456789"})
	for _, c := range []struct{ path, body, want string }{
		{"/api/admin/sources/exa", `{"enabeld": true}`, `"enabeld":"unknown field"`},
		{"/api/admin/sources/exa", `{"enabled": "yes"}`, `"enabled":"must be true or false"`},
		{"/api/admin/sources/exa", `{"values": {"GITHUB_TOKEN": "x"}}`, `"values.GITHUB_TOKEN":"not an option of exa"`},
		{"/api/admin/sources/mastodon", `{"values": {"MASTODON_INSTANCES": "ftp://x"}}`, `"values.MASTODON_INSTANCES":`},
		{"/api/admin/sources/github", `{"values": {"GITHUB_TOKEN": "ghp_console"}}`, `"values.GITHUB_TOKEN":"set by environment: change it there"`},
		{"/api/admin/sources/reddit", `{"values": {"REDDIT_CLIENT_ID": "app"}}`, `"values.REDDIT_CLIENT_SECRET":"needed with REDDIT_CLIENT_ID"`},
	} {
		if code, body := f.do(t, "PATCH", c.path, c.body); code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s %s: %d %s", c.path, c.body, code, body)
		}
	}
	if code, _ := f.do(t, "PATCH", "/api/admin/sources/myspace", `{"enabled": true}`); code != 404 {
		t.Fatalf("unknown source: %d", code)
	}
	if code, _ := f.do(t, "POST", "/api/admin/sources/jetstream/test", ``); code != 404 {
		t.Fatalf("jetstream is not tested here: %d", code)
	}
}

// The environment wins and the answer says so: a switch or a key set there
// is "environment", and the console cannot change it.
func TestConsoleEnvironmentWins(t *testing.T) {
	f := newFixture(t, dbtest.SQLite(t), map[string]string{"SECRETS_KEY": testKey, "HN_ENABLED": "true", "EXA_API_KEY": "env-exa-key-0123456789"})
	code, body := f.do(t, "PATCH", "/api/admin/sources/hackernews", `{"enabled": false}`)
	if code != 400 || !strings.Contains(body, `"enabled":"set by environment (HN_ENABLED): change it there"`) {
		t.Fatalf("%d %s", code, body)
	}
	if l := f.line(t, "hackernews"); !l.Settings.Enabled || l.Settings.EnabledBy != "environment" {
		t.Fatalf("%+v", l.Settings)
	}
	l := f.line(t, "exa")
	if fv := l.Settings.Fields[0]; fv.From != "environment" || !fv.Set || l.Settings.EnabledBy != "environment" {
		t.Fatalf("%+v", l.Settings)
	}
	// A value saved before the environment set it is ignored.
	off := false
	if err := f.reg.settings.Save(context.Background(), Saved{Source: "hackernews", Enabled: &off}, ""); err != nil {
		t.Fatal(err)
	}
	if got := liveNames(f.reg.Live(context.Background())); got != "hackernews, exa" {
		t.Fatalf("live %q", got)
	}
}

// A source switched off in the console is not asked by a search (nor is
// it in the registry's live sources); switched on, it is, at the next
// search, with no restart. A second instance on the same database sees
// the change too.
func TestConsoleSwitchTakesEffectOnEveryInstance(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d, map[string]string{"SECRETS_KEY": testKey})
		other := f.registry(t, f.reg.base) // another instance: its own registry, same database
		svc := search.NewService(search.NewStore(d), search.Options{Live: other.Live})
		if got := liveNames(other.Live(ctx)); got != "" {
			t.Fatalf("fresh install: live %q", got)
		}
		if code, body := f.do(t, "PATCH", "/api/admin/sources/hackernews", `{"enabled": true}`); code != 200 {
			t.Fatalf("%d %s", code, body)
		}
		if got := liveNames(other.Live(ctx)); got != "hackernews" {
			t.Fatalf("the other instance after switching on: %q", got)
		}
		job, _ := svc.Search(ctx, engine.ICP{Industries: []string{"HR software"}, Competitors: []string{"Greenhouse"}})
		if _, asked := job.Sources["hackernews"]; !asked || f.hnCalled.Load() == 0 {
			t.Fatalf("hackernews on, not asked: %v", job.Sources)
		}
		if code, body := f.do(t, "PATCH", "/api/admin/sources/hackernews", `{"enabled": false}`); code != 200 {
			t.Fatalf("%d %s", code, body)
		}
		before := f.hnCalled.Load()
		job, _ = svc.Search(ctx, engine.ICP{Industries: []string{"HR software"}, Competitors: []string{"Greenhouse"}})
		if _, asked := job.Sources["hackernews"]; asked || f.hnCalled.Load() != before || liveNames(other.Live(ctx)) != "" {
			t.Fatalf("hackernews off, still asked: %v", job.Sources)
		}
		if l := f.line(t, "hackernews"); l.State != "disabled" || l.Detail != "switched off in the console" || l.Settings.EnabledBy != "console" {
			t.Fatalf("%+v", l)
		}
	})
}

// Test runs one real fetch: OK with the posts, or the error; a source
// that lacks its key answers 409 saying what it needs.
func TestConsoleTest(t *testing.T) {
	f := newFixture(t, dbtest.SQLite(t), map[string]string{"SECRETS_KEY": testKey})
	code, body := f.do(t, "POST", "/api/admin/sources/hackernews/test", "")
	if code != 200 || !strings.Contains(body, `"ok":true,"posts":1`) {
		t.Fatalf("%d %s", code, body)
	}
	f.hnFails.Store(true)
	code, body = f.do(t, "POST", "/api/admin/sources/hackernews/test", "")
	if code != 200 || !strings.Contains(body, `"ok":false`) || !strings.Contains(body, `"error":"`) {
		t.Fatalf("%d %s", code, body)
	}
	code, body = f.do(t, "POST", "/api/admin/sources/exa/test", "")
	if code != http.StatusConflict || !strings.Contains(body, "not configured: it needs EXA_API_KEY") {
		t.Fatalf("%d %s", code, body)
	}
}

// Health tells an unconfigured source from a working one, the job boards
// included, and lists the index and each import.
func TestReportListsIndexAndImports(t *testing.T) {
	f := newFixture(t, dbtest.SQLite(t), nil)
	ctx := context.Background()
	if _, err := search.NewStore(f.d).AddPosts(ctx, []engine.Post{{ID: "1", Source: "mine", URL: "https://mine.example/1", Text: "We are evaluating AP automation tools"},
		{ID: "2", Source: "mine", URL: "https://mine.example/2", Text: "Hiring an SDR"}}); err != nil {
		t.Fatal(err)
	}
	if l := f.line(t, "jobboards"); l.State != "unconfigured" {
		t.Fatalf("job boards without boards: %+v", l)
	}
	if l := f.line(t, "index"); l.Kind != KindIndex || l.PostsStored != 2 || l.LastAdded == nil {
		t.Fatalf("%+v", l)
	}
	if l := f.line(t, "mine"); l.Kind != KindImport || l.PostsStored != 2 || !strings.Contains(l.Detail, "signalpipe import") {
		t.Fatalf("%+v", l)
	}
}
