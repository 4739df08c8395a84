package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// rawModel serves chat completions with answer and keeps every request
// body as sent.
func rawModel(t *testing.T, answer func(w http.ResponseWriter, body []byte, n int)) (string, func() [][]byte) {
	t.Helper()
	var mu sync.Mutex
	var bodies [][]byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies = append(bodies, b)
		n := len(bodies)
		mu.Unlock()
		answer(w, b, n)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1", func() [][]byte {
		mu.Lock()
		defer mu.Unlock()
		return append([][]byte(nil), bodies...)
	}
}

func TestTemperatureOnlyWhenSet(t *testing.T) {
	base, sent := rawModel(t, func(w http.ResponseWriter, _ []byte, _ int) {
		_, _ = w.Write([]byte(completion(`{"queries":["hiring sales"]}`)))
	})
	if _, err := New(Options{BaseURL: base, Model: "gpt-5"}).Queries(context.Background(), icp); err != nil {
		t.Fatal(err)
	}
	temp := 0.7
	if _, err := New(Options{BaseURL: base, Model: "m", Temperature: &temp}).Queries(context.Background(), icp); err != nil {
		t.Fatal(err)
	}
	var unset, set map[string]any
	bodies := sent()
	_ = json.Unmarshal(bodies[0], &unset)
	_ = json.Unmarshal(bodies[1], &set)
	if _, ok := unset["temperature"]; ok {
		t.Errorf("temperature sent though not configured: %s", bodies[0])
	}
	if set["temperature"] != 0.7 {
		t.Errorf("configured temperature not sent: %s", bodies[1])
	}
}

func TestRetriesHonourRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status int
		header func() string
	}{
		{"429 with seconds", http.StatusTooManyRequests, func() string { return "1" }},
		{"503 with a date", http.StatusServiceUnavailable, func() string { return time.Now().Add(2 * time.Second).UTC().Format(http.TimeFormat) }},
		{"429 without Retry-After", http.StatusTooManyRequests, func() string { return "" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base, sent := rawModel(t, func(w http.ResponseWriter, _ []byte, n int) {
				if n == 1 {
					if h := tc.header(); h != "" {
						w.Header().Set("Retry-After", h)
					}
					http.Error(w, `{"error":"slow down"}`, tc.status)
					return
				}
				_, _ = w.Write([]byte(completion(`{"queries":["hiring sales"]}`)))
			})
			start := time.Now()
			qs, err := New(Options{BaseURL: base, Model: "m", Timeout: 5 * time.Second}).Queries(context.Background(), icp)
			if err != nil || len(qs) != 1 {
				t.Fatalf("queries %q, error %v; want the second answer", qs, err)
			}
			if n := len(sent()); n != 2 {
				t.Fatalf("%d requests, want 2", n)
			}
			if took := time.Since(start); took < 900*time.Millisecond {
				t.Fatalf("asked again after %s, before Retry-After", took)
			}
		})
	}
	t.Run("wait past the timeout fails at once", func(t *testing.T) {
		base, sent := rawModel(t, func(w http.ResponseWriter, _ []byte, _ int) {
			w.Header().Set("Retry-After", "30")
			http.Error(w, `{"error":"quota"}`, http.StatusTooManyRequests)
		})
		start := time.Now()
		_, err := New(Options{BaseURL: base, Model: "m", Timeout: 2 * time.Second}).Queries(context.Background(), icp)
		var e *Error
		if !errors.As(err, &e) || e.Reason != "status 429" || time.Since(start) > time.Second || len(sent()) != 1 {
			t.Fatalf("error %v after %s and %d requests; want status 429 at once", err, time.Since(start), len(sent()))
		}
	})
	t.Run("repeated 503s end with the timeout", func(t *testing.T) {
		base, sent := rawModel(t, func(w http.ResponseWriter, _ []byte, _ int) {
			w.Header().Set("Retry-After", "0")
			http.Error(w, `{"error":"loading model"}`, http.StatusServiceUnavailable)
		})
		start := time.Now()
		_, err := New(Options{BaseURL: base, Model: "m", Timeout: 300 * time.Millisecond}).Queries(context.Background(), icp)
		if err == nil || time.Since(start) > 2*time.Second || len(sent()) < 2 {
			t.Fatalf("error %v after %s and %d requests", err, time.Since(start), len(sent()))
		}
	})
}

// answerAll answers a review request with a verdict for each post it
// carries, and checks the request fits limit tokens.
func answerAll(t *testing.T, limit int) func(w http.ResponseWriter, body []byte, _ int) {
	return func(w http.ResponseWriter, body []byte, _ int) {
		var req chatRequest
		if err := json.Unmarshal(body, &req); err != nil {
			t.Errorf("request: %v", err)
			return
		}
		var in struct{ Posts []reviewPost }
		_ = json.Unmarshal([]byte(req.Messages[1].Content), &in)
		var verdicts []string
		for _, p := range in.Posts {
			verdicts = append(verdicts, fmt.Sprintf(`{"n": %d, "signal_type": "none", "intent": false, "why": %q}`, p.N, p.Title))
		}
		used := EstimateTokens(req.Messages[0].Content) + EstimateTokens(req.Messages[1].Content) + 2*messageTokens +
			answerBaseTokens + answerTokens*len(in.Posts)
		if used > limit {
			t.Errorf("request of %d posts takes about %d tokens, over %d", len(in.Posts), used, limit)
		}
		_, _ = w.Write([]byte(completion(`{"posts": [` + strings.Join(verdicts, ", ") + `]}`)))
	}
}

func TestReviewFitsTheContext(t *testing.T) {
	posts := make([]engine.Post, MaxReviewBatch)
	for i := range posts {
		posts[i] = engine.Post{Title: fmt.Sprintf("post %d", i+1), Text: strings.Repeat("We are hiring a VP of Sales. ", 150)}
	}
	for _, tc := range []struct {
		limit, minRequests int
	}{
		{DefaultContextTokens, 2}, // ten posts of 3,000 characters and the rule book exceed 8k
		{4096, MaxReviewBatch},    // Ollama's default window: one post a request
	} {
		t.Run(fmt.Sprint(tc.limit), func(t *testing.T) {
			base, sent := rawModel(t, answerAll(t, tc.limit))
			opts := Options{BaseURL: base, Model: "m"}
			if tc.limit != DefaultContextTokens {
				opts.ContextTokens = tc.limit
			}
			dets, err := New(opts).Review(context.Background(), posts)
			if err != nil {
				t.Fatal(err)
			}
			if len(dets) != len(posts) {
				t.Fatalf("%d detections for %d posts", len(dets), len(posts))
			}
			for i, d := range dets {
				if want := fmt.Sprintf("model review: post %d", i+1); d.Cues[0] != want {
					t.Fatalf("detection %d: %q, want %q (verdicts out of order)", i, d.Cues[0], want)
				}
			}
			if n := len(sent()); n < tc.minRequests {
				t.Fatalf("%d requests, want at least %d", n, tc.minRequests)
			}
		})
	}
	t.Run("a post too long alone is cut", func(t *testing.T) {
		const limit = 3500
		base, sent := rawModel(t, answerAll(t, limit))
		dets, err := New(Options{BaseURL: base, Model: "m", ContextTokens: limit}).Review(context.Background(), posts[:2])
		if err != nil || len(dets) != 2 {
			t.Fatalf("detections %v, error %v", dets, err)
		}
		var req chatRequest
		_ = json.Unmarshal(sent()[0], &req)
		var in struct{ Posts []reviewPost }
		_ = json.Unmarshal([]byte(req.Messages[1].Content), &in)
		if n := len([]rune(in.Posts[0].Text)); n >= maxReviewText || n < minReviewText {
			t.Fatalf("post text of %d characters sent, want it cut below %d", n, maxReviewText)
		}
	})
	t.Run("a context too small is refused", func(t *testing.T) {
		base, sent := rawModel(t, answerAll(t, 2048))
		_, err := New(Options{BaseURL: base, Model: "m", ContextTokens: 2048}).Review(context.Background(), posts[:1])
		var e *Error
		if !errors.As(err, &e) || e.Reason != "bad request" || len(sent()) != 0 {
			t.Fatalf("error %v, %d requests; want a bad request and none sent", err, len(sent()))
		}
	})
}

func TestQueriesFitTheContext(t *testing.T) {
	p := icp
	p.KnowledgeBase = strings.Repeat("We sell intent data to revenue teams. ", 200)
	for i := range 25 {
		p.TechStack = append(p.TechStack, strings.Repeat(fmt.Sprint(i), 90))
	}
	base, sent := rawModel(t, func(w http.ResponseWriter, _ []byte, _ int) {
		_, _ = w.Write([]byte(completion(`{"queries":["hiring sales"]}`)))
	})
	const limit = 1500
	if _, err := New(Options{BaseURL: base, Model: "m", ContextTokens: limit}).Queries(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	var req chatRequest
	_ = json.Unmarshal(sent()[0], &req)
	used := EstimateTokens(req.Messages[0].Content) + EstimateTokens(req.Messages[1].Content) + 2*messageTokens + queriesAnswerTokens
	if used > limit || !strings.Contains(req.Messages[1].Content, "VP Sales") {
		t.Fatalf("query prompt of about %d tokens for a %d context: %.200s", used, limit, req.Messages[1].Content)
	}
}
