package sources

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/health"
	"github.com/signalpipe/signalpipe/internal/search"
	"github.com/signalpipe/signalpipe/internal/search/jetstream"
	"github.com/signalpipe/signalpipe/internal/search/jobboards"
)

// Kinds of line in the source report.
const (
	KindLive   = "live"   // a connector the console configures
	KindBoard  = "board"  // one job board of JOB_BOARDS
	KindStream = "stream" // the Jetstream consumer
	KindIndex  = "index"  // the posts index every search reads
	KindImport = "import" // posts loaded by `signalpipe import` or the bundled corpus
)

// Line is one line of GET /api/admin/sources: the source's health and,
// for a configurable source, its settings (credentials only as set or
// not set, never their value).
type Line struct {
	health.Status
	Kind string `json:"kind"`
	// PostsStored is how many of the index's posts came from it.
	PostsStored int        `json:"postsStored"`
	Settings    *View      `json:"settings,omitempty"`
	LastAdded   *time.Time `json:"lastAddedAt"`
}

// View is a source's settings as the console shows them.
type View struct {
	Enabled bool `json:"enabled"`
	// EnabledBy: "environment" (its option is set there and wins),
	// "console" (switched here) or "default".
	EnabledBy string      `json:"enabledBy"`
	Switch    string      `json:"switch"`
	Fields    []FieldView `json:"fields"`
	// Problem says why saved settings do not apply (a changed SECRETS_KEY).
	Problem   string     `json:"problem"`
	UpdatedAt *time.Time `json:"updatedAt"`
	UpdatedBy string     `json:"updatedBy"`
	// CanSaveCredentials is false without SECRETS_KEY.
	CanSaveCredentials bool `json:"canSaveCredentials"`
}

// FieldView is one option: set or not, and by whom. Value is shown for
// plain options only; a credential shows at most its last four
// characters, and only when it is 12 or more long.
type FieldView struct {
	Field
	Set bool `json:"set"`
	// From: "environment", "console" or "" (the default, or unset).
	From  string `json:"from"`
	Value string `json:"value,omitempty"`
	Last4 string `json:"last4,omitempty"`
}

// from says who set the option env.
func from(base *config.Config, saved Saved, f Field) string {
	switch {
	case base.Set(f.Env):
		return "environment"
	case f.Secret && saved.Secrets[f.Env] != "", !f.Secret && saved.Values[f.Env] != "":
		return "console"
	}
	return ""
}

// view is spec's settings in snapshot s.
func (r *Registry) view(s *snapshot, spec Spec) *View {
	saved := s.saved[spec.Name]
	v := &View{Switch: spec.lock(), Fields: []FieldView{}, Problem: s.problems[spec.Name], UpdatedBy: saved.UpdatedBy,
		CanSaveCredentials: r.settings.CanSeal(), EnabledBy: "default"}
	if !saved.UpdatedAt.IsZero() {
		v.UpdatedAt = &saved.UpdatedAt
	}
	on, consoleSet := enabledOf(s.saved, spec.Name)
	switch {
	case r.base.Set(spec.lock()):
		v.EnabledBy = "environment"
	case consoleSet:
		v.EnabledBy = "console"
	}
	if spec.Switch != "" {
		v.Enabled = optionValue(s.cfg, spec.Switch) == "true"
	} else {
		v.Enabled = on || r.base.Set(spec.lock())
	}
	for _, f := range spec.Fields {
		val := optionValue(s.cfg, f.Env)
		fv := FieldView{Field: f, Set: val != "", From: from(r.base, saved, f)}
		if !f.Secret {
			fv.Value = val
		} else if len(val) >= 12 {
			fv.Last4 = val[len(val)-4:]
		}
		v.Fields = append(v.Fields, fv)
	}
	return v
}

// optionValue is the value of an option the console shows, as text.
func optionValue(c *config.Config, env string) string {
	switch env {
	case "HN_ENABLED":
		return strconv.FormatBool(c.HNEnabled)
	case "LOBSTERS_ENABLED":
		return strconv.FormatBool(c.LobstersEnabled)
	case "STACKEXCHANGE_ENABLED":
		return strconv.FormatBool(c.StackExchangeEnabled)
	case "GITHUB_ENABLED":
		return strconv.FormatBool(c.GitHubEnabled)
	case "MASTODON_ENABLED":
		return strconv.FormatBool(c.MastodonEnabled)
	case "EXA_API_KEY":
		return c.ExaAPIKey
	case "INGEST_FEEDS":
		return strings.Join(c.IngestFeeds, ",")
	case "STACKEXCHANGE_KEY":
		return c.StackExchangeKey
	case "STACKEXCHANGE_SITE":
		return c.StackExchangeSite
	case "GITHUB_TOKEN":
		return c.GitHubToken
	case "MASTODON_INSTANCES":
		return strings.Join(c.MastodonInstances, ",")
	case "REDDIT_CLIENT_ID":
		return c.RedditClientID
	case "REDDIT_CLIENT_SECRET":
		return c.RedditClientSecret
	case "REDDIT_USER_AGENT":
		return c.RedditUserAgent
	case "BLUESKY_HANDLE":
		return c.BlueskyHandle
	case "BLUESKY_APP_PASSWORD":
		return c.BlueskyAppPassword
	case "JOB_BOARDS":
		boards := make([]string, len(c.JobBoards))
		for i, b := range c.JobBoards {
			boards[i] = b.Kind + ":" + b.Token
			if b.Company != "" {
				boards[i] += "=" + b.Company
			}
		}
		return strings.Join(boards, ",")
	}
	return ""
}

// Report is every source's line: the configurable ones with their
// settings, each job board, the Jetstream stream, then the index and
// each import (posts from no live source). A source switched off in the
// console says so; one that lacks a key is "unconfigured", never "ok".
func (r *Registry) Report(ctx context.Context, posts *search.Store) ([]Line, error) {
	s := r.current(ctx)
	boards := false
	if r.more != nil && r.jobBoardsOn(s) {
		list, err := r.more(ctx)
		if err != nil {
			return nil, err
		}
		boards = len(list) > 0
	}
	report, err := r.health.Report(ctx, CatalogWith(s.cfg, boards))
	if err != nil {
		return nil, err
	}
	counts, err := posts.PostCounts(ctx)
	if err != nil {
		return nil, err
	}
	stored := map[string]search.PostCount{}
	for _, c := range counts {
		stored[c.Source] = c
	}
	out := make([]Line, 0, len(report)+2)
	var total int
	var newest time.Time
	for _, c := range counts {
		total += c.Posts
		if c.LastAdded.After(newest) {
			newest = c.LastAdded
		}
	}
	for _, st := range report {
		l := Line{Status: st, Kind: KindLive}
		switch {
		case st.Source == jetstream.Name:
			l.Kind = KindStream
		case strings.HasPrefix(st.Source, jobboards.Name+":"):
			l.Kind = KindBoard
		}
		if spec, ok := SpecOf(st.Source); ok {
			l.Settings = r.view(s, spec)
			if st.State == health.Disabled || (!l.Settings.Enabled && l.Settings.EnabledBy == "console") {
				l.State, l.Detail = health.Disabled, disabledDetail(l.Settings, st.Detail)
			} else if st.State == health.Unconfigured {
				l.Detail = "not configured: " + st.Detail + " (in the console or the environment)"
			}
		}
		if c, ok := stored[st.Source]; ok {
			l.PostsStored, l.LastAdded = c.Posts, timePtr(c.LastAdded)
		}
		out = append(out, l)
	}
	idx := Line{Status: health.Status{Source: search.IndexSource, State: health.OK, Detail: strconv.Itoa(total) + " posts stored"},
		Kind: KindIndex, PostsStored: total, LastAdded: timePtr(newest)}
	out = append(out, idx)
	for _, c := range counts {
		if slices.Contains(Names, c.Source) || c.Source == jetstream.Name {
			continue
		}
		what := "imported with signalpipe import"
		if c.Source == "corpus" {
			what = "the bundled corpus"
		}
		out = append(out, Line{Status: health.Status{Source: c.Source, State: health.OK, Detail: strconv.Itoa(c.Posts) + " posts, " + what},
			Kind: KindImport, PostsStored: c.Posts, LastAdded: timePtr(c.LastAdded)})
	}
	return out, nil
}

func (r *Registry) jobBoardsOn(s *snapshot) bool {
	on, _ := enabledOf(s.saved, jobboards.Name)
	return on || r.base.Set("JOB_BOARDS")
}

func disabledDetail(v *View, detail string) string {
	if v.EnabledBy == "console" {
		return "switched off in the console"
	}
	if v.EnabledBy == "environment" {
		return detail + " (set by environment)"
	}
	return detail + ": off by default, switch it on in the console"
}

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}
