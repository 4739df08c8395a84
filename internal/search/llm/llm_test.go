package llm

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

var icp = engine.ICP{TargetTitles: []string{"VP Sales"}, Industries: []string{"Fintech"},
	Competitors: []string{"ZoomInfo"}, KnowledgeBase: "We sell intent data to revenue teams."}

// completion wraps content as an OpenAI chat completion.
func completion(content string) string {
	b, _ := json.Marshal(map[string]any{"id": "chatcmpl-1", "object": "chat.completion",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": content}}}})
	return string(b)
}

// fakeModel serves /v1/chat/completions with answer, recording the request.
func fakeModel(t *testing.T, answer func(w http.ResponseWriter, r *http.Request)) (string, *chatRequest, *http.Header) {
	t.Helper()
	var got chatRequest
	var hdr http.Header
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			http.NotFound(w, r)
			return
		}
		hdr = r.Header.Clone()
		_ = json.NewDecoder(r.Body).Decode(&got)
		answer(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1/", &got, &hdr
}

func TestQueriesFromTheModel(t *testing.T) {
	many := make([]string, 0, 14)
	for i := range 14 {
		many = append(many, "query number "+strings.Repeat("x", i))
	}
	answer, _ := json.Marshal(map[string]any{"queries": append([]string{
		"  hiring   VP sales fintech ", "Hiring VP Sales Fintech", "", strings.Repeat("long ", 30)}, many...)})
	base, req, hdr := fakeModel(t, func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(completion(string(answer))))
	})
	qs, err := New(Options{BaseURL: base, APIKey: "sk-test", Model: "small-model"}).Queries(context.Background(), icp)
	if err != nil {
		t.Fatal(err)
	}
	if len(qs) != MaxQueries || qs[0] != "hiring VP sales fintech" || qs[1] != "query number" {
		t.Fatalf("queries %q: want the first, de-duplicated, blank and overlong dropped, capped at %d", qs, MaxQueries)
	}
	if hdr.Get("Authorization") != "Bearer sk-test" || req.Model != "small-model" || len(req.Messages) != 2 ||
		req.ResponseFormat == nil || req.ResponseFormat.Type != "json_object" {
		t.Fatalf("request %+v, auth %q", req, hdr.Get("Authorization"))
	}
	for _, want := range []string{"VP Sales", "Fintech", "ZoomInfo", "intent data"} {
		if !strings.Contains(req.Messages[1].Content, want) {
			t.Errorf("the ICP message lacks %q: %s", want, req.Messages[1].Content)
		}
	}
}

func TestQueriesFailures(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer func(w http.ResponseWriter, r *http.Request)
		reason string
	}{
		{"prose", reply(completion("Sure! Here are some queries: hiring sales")), "malformed answer"},
		{"fenced", reply(completion("```json\n{\"queries\":[\"a b\"]}\n```")), "malformed answer"},
		{"trailing text", reply(completion(`{"queries":["a b"]} hope this helps`)), "malformed answer"},
		{"unknown field", reply(completion(`{"queries":["a b"],"why":"x"}`)), "malformed answer"},
		{"not strings", reply(completion(`{"queries":[1,2]}`)), "malformed answer"},
		{"no usable queries", reply(completion(`{"queries":["", "  "]}`)), "malformed answer"},
		{"no choices", reply(`{"choices":[]}`), "malformed answer"},
		{"not a completion", reply(`<html>gateway</html>`), "malformed answer"},
		{"server error", func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusInternalServerError)
		}, "status 500"},
		{"timeout", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(2 * time.Second):
			}
		}, "no answer within 100ms"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base, _, _ := fakeModel(t, tc.answer)
			qs, err := New(Options{BaseURL: base, Model: "m", Timeout: 100 * time.Millisecond}).Queries(context.Background(), icp)
			var e *Error
			if !errors.As(err, &e) || e.Reason != tc.reason || qs != nil {
				t.Fatalf("queries %q, error %v; want reason %q", qs, err, tc.reason)
			}
		})
	}
}

func TestUnreachableModel(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close() // nothing listens there any more
	_, err := New(Options{BaseURL: srv.URL, Model: "m"}).Queries(context.Background(), icp)
	var e *Error
	if !errors.As(err, &e) || e.Reason != "request failed" {
		t.Fatalf("error %v, want request failed", err)
	}
}

func reply(body string) func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}
}
