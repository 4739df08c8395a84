// Package jetstream is the Bluesky Jetstream source (README.md, "Bluesky
// Jetstream"): a long-running consumer of Jetstream's websocket
// (/subscribe?wantedCollections=app.bsky.feed.post&cursor=<time_us>) that
// reads every new post, keeps those passing the active agents' and ingest's
// queries (a keyword prefilter, then the query language's own Match) and
// the detector, and stores them in the index as posts, where agent runs
// read them like any other source's.
//
// One instance consumes at a time: the consumer holds a lease in the
// stream_state table (renewed with every flush; another instance takes
// over once it has expired). The cursor (time_us of the last event whose
// posts are stored) is written with the lease, so a restart, a takeover or
// a dropped connection resumes where the stream was left, rewound a few
// seconds as Jetstream's documentation advises (posts are stored once by
// URL, so the replay adds nothing twice). Every event is counted: read,
// posts, prefiltered, matched, stored, skipped (another kind of event,
// another language, no text) or dropped with its reason (malformed,
// invalid); the counts and the lag are part of the source's health.
package jetstream

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Name is the source's name in stored posts and the health report.
const Name = "jetstream"

// Collection is the only record collection read.
const Collection = "app.bsky.feed.post"

// event is one Jetstream message (see Jetstream's README, "Example
// events"): a commit, identity or account event of a repository (did) at
// time_us; a commit creating a post carries the post record.
type event struct {
	DID    string  `json:"did"`
	TimeUS int64   `json:"time_us"`
	Kind   string  `json:"kind"`
	Commit *commit `json:"commit"`
}

type commit struct {
	Operation  string  `json:"operation"`
	Collection string  `json:"collection"`
	RKey       string  `json:"rkey"`
	Record     *record `json:"record"`
}

// record is the part of an app.bsky.feed.post record that is read; its
// facets, embeds and reply references are skipped by the decoder.
type record struct {
	Text      string   `json:"text"`
	CreatedAt string   `json:"createdAt"`
	Langs     []string `json:"langs"`
}

// maxText is the longest text a post record may hold: the lexicon of
// app.bsky.feed.post allows 3,000 bytes (300 graphemes).
const maxText = 3000

// outcome is what became of one message.
type outcome int

const (
	// skipped: read and left by design (not a new post, another
	// language, no text).
	skipped outcome = iota
	// malformed: not JSON or not a Jetstream event (no kind or time).
	malformed
	// invalid: a new post without its author, key or record, or breaking
	// the record's lexicon (text over maxText).
	invalid
	// isPost: a new post to filter.
	isPost
)

// decode reads one message into ev and says what it is.
func decode(b []byte, ev *event) outcome {
	*ev = event{}
	if err := json.Unmarshal(b, ev); err != nil || ev.TimeUS <= 0 || ev.Kind == "" {
		return malformed
	}
	c := ev.Commit
	if ev.Kind != "commit" || c == nil || c.Operation != "create" || c.Collection != Collection {
		return skipped
	}
	if !strings.HasPrefix(ev.DID, "did:") || c.RKey == "" || c.Record == nil || strings.ContainsAny(ev.DID+c.RKey, "/?#% ") ||
		len(c.Record.Text) > maxText {
		return invalid
	}
	if strings.TrimSpace(c.Record.Text) == "" || !english(c.Record.Langs) {
		return skipped
	}
	return isPost
}

// english reports whether a post may be English: it names no language or
// names English among them. The detector reads English only.
func english(langs []string) bool {
	if len(langs) == 0 {
		return true
	}
	for _, l := range langs {
		if l == "en" || strings.HasPrefix(l, "en-") {
			return true
		}
	}
	return false
}

// post is the stored form of a new-post event: one post per URL
// (https://bsky.app/profile/<did>/post/<rkey>), published at the record's
// createdAt (or the event's time when that is missing or unreadable).
func post(ev *event) engine.Post {
	r := ev.Commit.Record
	at, err := time.Parse(time.RFC3339Nano, r.CreatedAt)
	if err != nil || at.IsZero() {
		at = time.UnixMicro(ev.TimeUS)
	}
	return engine.Post{ID: ev.DID + "/" + ev.Commit.RKey, Source: Name, Platform: "bluesky",
		URL:  "https://bsky.app/profile/" + ev.DID + "/post/" + ev.Commit.RKey,
		Text: r.Text, Author: ev.DID, PublishedAt: at.UTC()}
}
