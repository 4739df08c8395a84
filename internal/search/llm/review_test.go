package llm

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/engine"
)

var reviewPosts = []engine.Post{
	{ID: "a", Source: "corpus", Platform: "reddit", Title: "Leaving Salesforce", Text: "We are moving off Salesforce this quarter. What did you pick?"},
	{ID: "b", Source: "hackernews", Text: "Seven years ago I left my job at Initech to start a company. " + strings.Repeat("word ", 1000)},
	{ID: "c", Source: "corpus", Text: "Funding fell 12% this quarter."},
}

func TestReviewByTheRuleBook(t *testing.T) {
	answer := `{"posts": [
		{"n": 3, "signal_type": "none", "intent": true, "why": "market data"},
		{"n": 1, "signal_type": "competitor_engagement", "intent": true, "why": "  a user   leaving a named product "},
		{"n": 2, "signal_type": "job_change", "intent": false, "why": ""}]}`
	base, req, hdr := fakeModel(t, reply(completion(answer)))
	dets, err := New(Options{BaseURL: base, APIKey: "sk-test", Model: "small-model"}).Review(context.Background(), reviewPosts)
	if err != nil {
		t.Fatal(err)
	}
	want := []engine.Detection{
		{SignalType: engine.CompetitorEngagement, Intent: true, Cues: []string{"model review: a user leaving a named product"}},
		{SignalType: engine.JobChange, Intent: false, Cues: []string{"model review"}},
		{SignalType: engine.None, Intent: false, Cues: []string{"model review: market data"}}, // none never has intent
	}
	if !reflect.DeepEqual(dets, want) {
		t.Fatalf("detections %+v\nwant %+v", dets, want)
	}
	if hdr.Get("Authorization") != "Bearer sk-test" || req.Model != "small-model" || len(req.Messages) != 2 ||
		req.ResponseFormat == nil || req.ResponseFormat.Type != "json_object" {
		t.Fatalf("request %+v", req)
	}
	// The brief is the rule book; the posts go as JSON, numbered, long
	// texts cut, the platform named where known.
	for _, want := range []string{"## A signal without intent", "**competitor_engagement**", `"posts"`} {
		if !strings.Contains(req.Messages[0].Content, want) {
			t.Errorf("system message lacks %q", want)
		}
	}
	var sent struct{ Posts []reviewPost }
	if err := json.Unmarshal([]byte(req.Messages[1].Content), &sent); err != nil {
		t.Fatalf("user message is not JSON: %v", err)
	}
	if len(sent.Posts) != 3 || sent.Posts[0].N != 1 || sent.Posts[0].Source != "reddit" || sent.Posts[0].Title != "Leaving Salesforce" ||
		sent.Posts[1].Source != "hackernews" || len([]rune(sent.Posts[1].Text)) != maxReviewText || !strings.HasSuffix(sent.Posts[1].Text, "…") {
		t.Fatalf("posts sent %+v", sent.Posts)
	}
}

func TestReviewFailures(t *testing.T) {
	ok := `{"n": 1, "signal_type": "none", "intent": false, "why": "x"}`
	for _, tc := range []struct {
		name, content string
	}{
		{"missing post", `{"posts": [` + ok + `]}`},
		{"post twice", `{"posts": [` + ok + `, ` + ok + `]}`},
		{"post out of range", `{"posts": [` + ok + `, {"n": 3, "signal_type": "none", "intent": false}]}`},
		{"unknown type", `{"posts": [` + ok + `, {"n": 2, "signal_type": "partnership", "intent": true}]}`},
		{"no intent", `{"posts": [` + ok + `, {"n": 2, "signal_type": "job_change"}]}`},
		{"unknown field", `{"posts": [` + ok + `, {"n": 2, "signal_type": "none", "intent": false, "score": 3}]}`},
		{"prose", `Post 1 is none, post 2 is a job change.`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base, _, _ := fakeModel(t, reply(completion(tc.content)))
			dets, err := New(Options{BaseURL: base, Model: "m"}).Review(context.Background(), reviewPosts[:2])
			var e *Error
			if !errors.As(err, &e) || e.Reason != "malformed answer" || dets != nil {
				t.Fatalf("detections %+v, error %v; want a malformed answer", dets, err)
			}
		})
	}
	t.Run("rate limited", func(t *testing.T) {
		base, _, _ := fakeModel(t, func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Retry-After", "20")
			http.Error(w, `{"error":{"message":"rate limit"}}`, http.StatusTooManyRequests)
		})
		_, err := New(Options{BaseURL: base, Model: "m"}).Review(context.Background(), reviewPosts[:1])
		var e *Error
		if !errors.As(err, &e) || e.Reason != "status 429" {
			t.Fatalf("error %v, want status 429", err)
		}
	})
	t.Run("batch size", func(t *testing.T) {
		c := New(Options{BaseURL: "http://127.0.0.1:1", Model: "m"})
		for _, posts := range [][]engine.Post{nil, make([]engine.Post, MaxReviewBatch+1)} {
			var e *Error
			if _, err := c.Review(context.Background(), posts); !errors.As(err, &e) || e.Reason != "bad request" {
				t.Fatalf("%d posts: error %v, want a bad request", len(posts), err)
			}
		}
	})
}
