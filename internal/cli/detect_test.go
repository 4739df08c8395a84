package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine/labelled"
)

func TestDetectRoundTrip(t *testing.T) {
	in := `{"id":"a","title":"","text":"We're hiring! Join our team as a backend engineer.","source":"x"}

{"id":"b","title":"Ask HN: Alternatives to Jira?","text":"We're moving off Jira this quarter.","source":"hackernews"}
{"id":"c","text":"We are not hiring at the moment.","source":"linkedin"}
`
	old := stdin
	stdin = strings.NewReader(in)
	defer func() { stdin = old }()
	code, out, errOut := runWith(t, context.Background(), nil, "detect")
	if code != 0 {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	want := []struct {
		id, typ string
		intent  bool
	}{{"a", "hiring_activity", true}, {"b", "competitor_engagement", true}, {"c", "none", false}}
	for i, line := range lines {
		var got map[string]any
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Fatal(err)
		}
		if len(got) != 5 || got["id"] != want[i].id || got["signal_type"] != want[i].typ || got["intent"] != want[i].intent {
			t.Errorf("line %d: %s", i, line)
		}
		if _, ok := got["cues"].([]any); !ok {
			t.Errorf("line %d: cues is not a list: %s", i, line)
		}
		if s, ok := got["strength"].(float64); !ok || s < 0 || s > 1 {
			t.Errorf("line %d: strength %v", i, got["strength"])
		}
	}

	stdin = strings.NewReader("{not json}\n")
	if code, _, errOut := runWith(t, context.Background(), nil, "detect"); code != 1 || !strings.Contains(errOut, "line 1") {
		t.Fatalf("bad input: code %d, stderr %s", code, errOut)
	}
}

func TestEval(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tiny.jsonl")
	data := `{"id":"1","title":"","text":"We just raised a $10M Series A led by Quartz.","source":"x","signal_type":"funding_event","intent":true,"split":"test"}
{"id":"2","title":"","text":"We are not hiring right now.","source":"x","signal_type":"none","intent":false,"split":"test"}
{"id":"3","title":"","text":"Thrilled to share I've joined Acme as CTO.","source":"x","signal_type":"job_change","intent":true,"split":"train"}
`
	if err := os.WriteFile(file, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runWith(t, context.Background(), nil, "eval", file, "--split", "test")
	if code != 0 {
		t.Fatalf("code %d, stderr %s", code, errOut)
	}
	for _, want := range []string{"detector (2 posts)", "intent accuracy  1.000", "funding_event", "macro-F1", "keyword baseline (2 posts)", "detector: strength as a probability of intent, 1 live calls", "precision at strength ≥ 0.5"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// --rows keeps the written rows (ids before labelled.RealShapedFrom) or
	// the real-shaped ones.
	real := fmt.Sprintf(`{"id":"L%04d","title":"","text":"Anyone moved off Zendesk? Renewal is brutal.","source":"reddit","signal_type":"competitor_engagement","intent":true,"split":"test"}`, labelled.RealShapedFrom)
	if err := os.WriteFile(file, []byte(strings.ReplaceAll(data, `"id":"`, `"id":"L000`)+real+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for rows, want := range map[string]string{"written": "detector (2 posts)", "real-shaped": "detector (1 posts)"} {
		code, out, errOut := runWith(t, context.Background(), nil, "eval", file, "--split", "test", "--rows", rows)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("--rows %s: code %d, stderr %s, output:\n%s", rows, code, errOut, out)
		}
	}
	if code, _, _ := runWith(t, context.Background(), nil, "eval", file, "--rows", "mine"); code != 2 {
		t.Errorf("eval --rows mine: code %d, want 2", code)
	}
	if code, _, _ := runWith(t, context.Background(), nil, "eval"); code != 2 {
		t.Errorf("eval without a file: code %d, want 2", code)
	}
	if code, _, _ := runWith(t, context.Background(), nil, "eval", filepath.Join(t.TempDir(), "missing.jsonl")); code != 1 {
		t.Errorf("eval of a missing file: code %d, want 1", code)
	}
}

// TestEvalModel: eval --llm scores the model at LLM_BASE_URL alone and as
// the reviewer of the detector's live calls, asking again after a failure.
func TestEvalModel(t *testing.T) {
	file := filepath.Join(t.TempDir(), "tiny.jsonl")
	data := `{"id":"1","title":"","text":"We just raised a $10M Series A led by Quartz.","source":"x","signal_type":"funding_event","intent":true}
{"id":"2","title":"","text":"We are not hiring right now.","source":"x","signal_type":"none","intent":false}
{"id":"3","title":"","text":"Thrilled to share I've joined Acme as CTO.","source":"x","signal_type":"job_change","intent":true}
`
	if err := os.WriteFile(file, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	evalRetryWait = time.Millisecond
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			http.Error(w, "rate limited", http.StatusTooManyRequests)
			return
		}
		// Every post is a job change: right for post 3, wrong for 1 and 2.
		content := `{"posts":[{"n":1,"signal_type":"job_change","intent":true},{"n":2,"signal_type":"job_change","intent":true},{"n":3,"signal_type":"job_change","intent":true}]}`
		body, _ := json.Marshal(map[string]any{"choices": []any{map[string]any{"message": map[string]any{"role": "assistant", "content": content}}}})
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	env := map[string]string{"LLM_BASE_URL": srv.URL + "/v1", "LLM_MODEL": "tiny-model"}
	code, out, errOut := runWith(t, context.Background(), env, "eval", file, "--llm")
	if code != 0 || calls.Load() != 2 {
		t.Fatalf("code %d after %d calls, stderr %s", code, calls.Load(), errOut)
	}
	model, reviewed, ok := strings.Cut(out[strings.Index(out, "model tiny-model alone (3 posts)"):], "detector, live calls reviewed by model tiny-model (3 posts)")
	if !ok {
		t.Fatalf("output lacks the model's reports:\n%s", out)
	}
	// Alone the model gets posts 1 and 3's intent right, and only post 3's
	// type; reviewing the detector it sees only the detector's live calls
	// (posts 1 and 3), so post 2 stays none.
	if !strings.Contains(model, "intent accuracy  0.667") || !strings.Contains(model, "type accuracy    0.333") ||
		!strings.Contains(reviewed, "intent accuracy  1.000") || !strings.Contains(reviewed, "type accuracy    0.667") {
		t.Errorf("model reports:\n%s", out)
	}
	code, _, errOut = runWith(t, context.Background(), nil, "eval", file, "--llm")
	if code != 1 || !strings.Contains(errOut, "set LLM_BASE_URL") {
		t.Errorf("--llm without a model: code %d, stderr %s", code, errOut)
	}
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "down", http.StatusBadGateway) })
	code, _, errOut = runWith(t, context.Background(), env, "eval", file, "--llm")
	if code != 1 || !strings.Contains(errOut, "posts 1 to 3") || !strings.Contains(errOut, "status 502") {
		t.Errorf("model down: code %d, stderr %s", code, errOut)
	}
}

// A malformed line is named and skipped; the rest are still detected, and
// the exit status is 1.
func TestDetectGoesOnPastAMalformedLine(t *testing.T) {
	stdin = strings.NewReader("{\"id\":\"a\",\"text\":\"We're evaluating CRMs this month, recommendations?\"}\n{not json\n{\"id\":\"b\",\"text\":\"Hiking photos\"}\n")
	t.Cleanup(func() { stdin = os.Stdin })
	code, out, errOut := runWith(t, context.Background(), map[string]string{"DATA_DIR": t.TempDir()}, "detect")
	if code != 1 || !strings.Contains(errOut, "stdin line 2") || strings.Count(out, "\n") != 2 || !strings.Contains(out, `"id":"b"`) {
		t.Fatalf("exit %d, out %q, err %s", code, out, errOut)
	}
}
