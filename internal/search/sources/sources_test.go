package sources

import (
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/search/bluesky"
)

func TestSources(t *testing.T) {
	c := config.Default()
	if got := Live(c); len(got) != 0 {
		t.Fatalf("a default configuration searches no live source, got %d", len(got))
	}
	all, err := Ingest(c, nil, nil)
	if err != nil || len(all) != 0 {
		t.Fatalf("a default configuration ingests no source (HN_ENABLED is false), got %q, %v", names(all), err)
	}
	if _, err := Ingest(c, nil, []string{"hackernews"}); err == nil || !strings.Contains(err.Error(), "HN_ENABLED") {
		t.Fatalf("hackernews while disabled: %v", err)
	}
	if _, err := Ingest(c, nil, []string{"myspace"}); err == nil || !strings.Contains(err.Error(), "hackernews, exa, rss, lobsters, stackexchange, github, mastodon, reddit, bluesky, jobboards") {
		t.Fatalf("an unknown source names the known ones: %v", err)
	}
	c.JetstreamEnabled = true
	if _, err := Ingest(c, nil, []string{"jetstream"}); err == nil || !strings.Contains(err.Error(), "signalpipe serve` streams it with JETSTREAM_ENABLED=true") {
		t.Fatalf("jetstream is no ingest source: %v", err)
	}
	c.JetstreamEnabled = false
	c.HNEnabled, c.ExaAPIKey, c.IngestFeeds = true, "k", []string{"https://blog.example/feed"}
	if got := names(Live(c)); got != "hackernews, exa" {
		t.Fatalf("live %q", got)
	}
	if all, _ := Ingest(c, nil, nil); names(all) != "hackernews, exa, rss" {
		t.Fatalf("ingest %q", names(all))
	}
	c.LobstersEnabled = true
	if all, _ := Ingest(c, nil, nil); names(all) != "hackernews, exa, rss, lobsters" || names(Live(c)) != "hackernews, exa, lobsters" {
		t.Fatalf("with Lobsters: ingest %q, live %q", names(all), names(Live(c)))
	}
	c.StackExchangeEnabled = true
	if all, _ := Ingest(c, nil, nil); names(all) != "hackernews, exa, rss, lobsters, stackexchange" || Live(c)[3] != all[4] {
		t.Fatalf("with Stack Exchange: ingest %q (one client shared with live searches)", names(all))
	}
	c.GitHubEnabled = true
	if all, _ := Ingest(c, nil, nil); names(all) != "hackernews, exa, rss, lobsters, stackexchange, github" || Live(c)[4] != all[5] {
		t.Fatalf("with GitHub: ingest %q (one client shared with live searches)", names(all))
	}
	c.MastodonEnabled = true
	if all, _ := Ingest(c, nil, nil); names(all) != "hackernews, exa, rss, lobsters, stackexchange, github, mastodon" || Live(c)[5] != all[6] {
		t.Fatalf("with Mastodon: ingest %q (one client shared with live searches)", names(all))
	}
	c.MastodonInstances = nil
	if _, err := Ingest(c, nil, []string{"mastodon"}); err == nil || !strings.Contains(err.Error(), "MASTODON_INSTANCES") {
		t.Fatalf("mastodon without instances: %v", err)
	}
	c.LobstersEnabled, c.StackExchangeEnabled, c.GitHubEnabled, c.MastodonEnabled = false, false, false, false
	if _, err := Ingest(c, nil, []string{"github"}); err == nil || !strings.Contains(err.Error(), "GITHUB_ENABLED=true") {
		t.Fatalf("github while disabled: %v", err)
	}
	if some, err := Ingest(c, nil, []string{"rss", "exa", "rss"}); err != nil || names(some) != "rss, exa" {
		t.Fatalf("only rss, exa: %q, %v", names(some), err)
	}
	c.ExaAPIKey = ""
	if _, err := Ingest(c, nil, []string{"exa"}); err == nil || !strings.Contains(err.Error(), "EXA_API_KEY") {
		t.Fatalf("exa without a key: %v", err)
	}
	if _, err := Ingest(c, nil, []string{"jobboards"}); err == nil || !strings.Contains(err.Error(), "JOB_BOARDS") {
		t.Fatalf("job boards without JOB_BOARDS: %v", err)
	}
	c.JobBoards = []config.JobBoard{{Kind: "lever", Token: "netflix", Company: "Netflix"}}
	if all, _ := Ingest(c, nil, nil); names(all) != "hackernews, rss, jobboards" || names(Live(c)) != "hackernews" {
		t.Fatalf("with job boards (ingested, never searched live): ingest %q, live %q", names(all), names(Live(c)))
	}
	if _, err := Ingest(c, nil, []string{"reddit"}); err == nil || !strings.Contains(err.Error(), "REDDIT_CLIENT_ID") {
		t.Fatalf("reddit without an app: %v", err)
	}
	c.RedditClientID, c.RedditClientSecret = "id", "secret"
	if all, _ := Ingest(c, nil, nil); names(all) != "hackernews, rss, reddit, jobboards" || names(Live(c)) != "hackernews, reddit" || Live(c)[1] != all[2] {
		t.Fatalf("with Reddit: ingest %q, live %q (one client shared)", names(all), names(Live(c)))
	}
	if _, err := Ingest(c, nil, []string{"bluesky"}); err == nil || !strings.Contains(err.Error(), "BLUESKY_HANDLE") {
		t.Fatalf("bluesky without an account: %v", err)
	}
	c.BlueskyHandle, c.BlueskyAppPassword = "owner.bsky.social", "pw"
	if all, _ := Ingest(c, nil, nil); names(all) != "hackernews, rss, reddit, bluesky, jobboards" || names(Live(c)) != "hackernews, reddit, bluesky" ||
		Live(c)[2] != all[3] || all[3].(*bluesky.Client).BaseURL != "https://bsky.social" {
		t.Fatalf("with Bluesky: ingest %q, live %q (one client shared)", names(all), names(Live(c)))
	}
}

// The model reviews leads only with LLM_BASE_URL set and LLM_REVIEW above 0.
func TestReviewer(t *testing.T) {
	c := config.Default()
	if Reviewer(c) != nil || Model(c) != nil {
		t.Fatal("a default configuration has no model")
	}
	c.LLMBaseURL = "http://127.0.0.1:11434/v1"
	if Reviewer(c) == nil || Model(c) == nil {
		t.Fatal("LLM_BASE_URL set: the model writes queries and reviews leads")
	}
	c.LLMReview = 0
	if Reviewer(c) != nil {
		t.Fatal("LLM_REVIEW 0: no review")
	}
}
