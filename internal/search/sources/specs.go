package sources

import (
	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/search/bluesky"
	"github.com/signalpipe/signalpipe/internal/search/exa"
	"github.com/signalpipe/signalpipe/internal/search/feeds"
	"github.com/signalpipe/signalpipe/internal/search/github"
	"github.com/signalpipe/signalpipe/internal/search/hackernews"
	"github.com/signalpipe/signalpipe/internal/search/jobboards"
	"github.com/signalpipe/signalpipe/internal/search/lobsters"
	"github.com/signalpipe/signalpipe/internal/search/mastodon"
	"github.com/signalpipe/signalpipe/internal/search/reddit"
	"github.com/signalpipe/signalpipe/internal/search/stackexchange"
)

// Field is one option of a source the console may set: its environment
// name (the key in the API), a label, and whether it is a credential
// (sealed at rest, never shown back).
type Field struct {
	Env    string `json:"name"`
	Label  string `json:"label"`
	Secret bool   `json:"secret"`
}

// Spec is what the console may change of one source (docs/sources.md).
type Spec struct {
	Name string
	// Switch is the option that turns the source on (HN_ENABLED); empty
	// when setting its key or URLs does (EXA_API_KEY), and then off
	// clears them in the effective configuration.
	Switch string
	off    func(c *config.Config)
	Fields []Field
	// Together are fields that are set all or none (an app and its secret).
	Together []string
}

// lock is the option whose environment value decides whether the source
// is on: its switch, or its first field.
func (s Spec) lock() string {
	if s.Switch != "" {
		return s.Switch
	}
	return s.Fields[0].Env
}

func (s Spec) field(env string) (Field, bool) {
	for _, f := range s.Fields {
		if f.Env == env {
			return f, true
		}
	}
	return Field{}, false
}

// Specs are the sources the console configures, in Names' order. The
// Jetstream consumer is not among them: it starts with the process.
var Specs = []Spec{
	{Name: hackernews.Name, Switch: "HN_ENABLED"},
	{Name: exa.Name, Fields: []Field{{"EXA_API_KEY", "API key", true}}, off: func(c *config.Config) { c.ExaAPIKey = "" }},
	{Name: feeds.Name, Fields: []Field{{"INGEST_FEEDS", "Feed URLs (comma-separated)", false}}, off: func(c *config.Config) { c.IngestFeeds = nil }},
	{Name: lobsters.Name, Switch: "LOBSTERS_ENABLED"},
	{Name: stackexchange.Name, Switch: "STACKEXCHANGE_ENABLED",
		Fields: []Field{{"STACKEXCHANGE_KEY", "App key (optional)", true}, {"STACKEXCHANGE_SITE", "Site (e.g. stackoverflow)", false}}},
	{Name: github.Name, Switch: "GITHUB_ENABLED", Fields: []Field{{"GITHUB_TOKEN", "Token (optional)", true}}},
	{Name: mastodon.Name, Switch: "MASTODON_ENABLED", Fields: []Field{{"MASTODON_INSTANCES", "Instances (comma-separated origins)", false}}},
	{Name: reddit.Name, Fields: []Field{{"REDDIT_CLIENT_ID", "App client id", true}, {"REDDIT_CLIENT_SECRET", "App secret", true},
		{"REDDIT_USER_AGENT", "User-Agent", false}}, Together: []string{"REDDIT_CLIENT_ID", "REDDIT_CLIENT_SECRET"},
		off: func(c *config.Config) { c.RedditClientID, c.RedditClientSecret = "", "" }},
	{Name: bluesky.Name, Fields: []Field{{"BLUESKY_HANDLE", "Handle", false}, {"BLUESKY_APP_PASSWORD", "App password", true}},
		Together: []string{"BLUESKY_HANDLE", "BLUESKY_APP_PASSWORD"}, off: func(c *config.Config) { c.BlueskyHandle, c.BlueskyAppPassword = "", "" }},
	{Name: jobboards.Name, Fields: []Field{{"JOB_BOARDS", "Boards (kind:token, comma-separated)", false}}, off: func(c *config.Config) { c.JobBoards = nil }},
}

// SpecOf is the named source's spec.
func SpecOf(name string) (Spec, bool) {
	for _, s := range Specs {
		if s.Name == name {
			return s, true
		}
	}
	return Spec{}, false
}
