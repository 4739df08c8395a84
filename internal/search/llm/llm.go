// Package llm asks an OpenAI-compatible chat model (POST
// {LLM_BASE_URL}/chat/completions) for two things: the search queries of
// an ICP, for live searches whose ICP sets useAIQueries, and a second
// reading of the posts behind a search's best leads (Review), by the
// labelling rule book. Answers must be strict JSON; anything else is an
// error, and the caller goes on without the model: rule-based queries,
// leads as the detector found them.
package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/engine"
)

// Bounds on what a model may hand back.
const (
	// MaxQueries is the most queries kept from one answer.
	MaxQueries = 10
	// MaxQueryLen is the longest query kept, in characters.
	MaxQueryLen = 100
	// queriesAnswerTokens is kept for the answer to Queries.
	queriesAnswerTokens = MaxQueries*MaxQueryLen/3 + 40
	// maxAnswer bounds the response body read.
	maxAnswer = 1 << 20
)

// Options configure a Client.
type Options struct {
	// BaseURL is the API root, e.g. https://api.openai.com/v1.
	BaseURL string
	// APIKey is sent as "Authorization: Bearer <key>" when set.
	APIKey string
	// Model names the chat model.
	Model string
	// Timeout bounds one request, answer included (8s).
	Timeout time.Duration
	// HTTPClient defaults to a plain http.Client.
	HTTPClient *http.Client
	// Temperature is sent only when set: some models (GPT-5, the o-series)
	// refuse any temperature but their own with a 400.
	Temperature *float64
	// ContextTokens is the model's context window, prompt and answer
	// together (DefaultContextTokens); Review sizes its requests to fit it
	// (see EstimateTokens).
	ContextTokens int
}

// DefaultContextTokens is Options.ContextTokens' default (LLM_CONTEXT_TOKENS).
const DefaultContextTokens = 8192

// Client asks a model for search queries and post reviews.
type Client struct {
	o Options
}

// New returns a client; BaseURL must be set.
func New(o Options) *Client {
	o.BaseURL = strings.TrimRight(o.BaseURL, "/")
	if o.Timeout <= 0 {
		o.Timeout = 8 * time.Second
	}
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{}
	}
	if o.ContextTokens <= 0 {
		o.ContextTokens = DefaultContextTokens
	}
	return &Client{o: o}
}

// Error is a failed request to the model. Reason is short and safe to show
// an admin; Err is the cause, for the log.
type Error struct {
	Reason string
	Err    error
}

func (e *Error) Error() string { return "model: " + e.Reason + ": " + e.Err.Error() }

func (e *Error) Unwrap() error { return e.Err }

func fail(reason string, err error) error { return &Error{Reason: reason, Err: err} }

// Queries asks the model for search queries for p: at most MaxQueries, each
// at most MaxQueryLen characters, at least one.
func (c *Client) Queries(ctx context.Context, p engine.ICP) ([]string, error) {
	user := describe(p)
	// A profile too long for the context is cut (its knowledge base comes
	// last), rather than left to the server, which may drop the brief.
	room := 3 * (c.o.ContextTokens - EstimateTokens(systemPrompt) - 2*messageTokens - queriesAnswerTokens - 1)
	if room < 300 {
		return nil, fail("bad request", fmt.Errorf("LLM_CONTEXT_TOKENS %d is too small for the query prompt", c.o.ContextTokens))
	}
	if len(user) > room {
		user = strings.ToValidUTF8(user[:room], "")
	}
	raw, err := c.complete(ctx, systemPrompt, user)
	if err != nil {
		return nil, err
	}
	qs, err := parse(raw)
	if err != nil {
		return nil, fail("malformed answer", err)
	}
	return qs, nil
}

// complete sends one chat completion request (a system and a user message,
// JSON answer asked for) within the client's timeout and returns the raw
// response body of a 200 answer. A 429 or 503 is asked again after the
// answer's Retry-After (a second when it names none) as long as that wait
// ends within the timeout; otherwise it fails at once.
func (c *Client) complete(ctx context.Context, system, user string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
	defer cancel()
	body, _ := json.Marshal(chatRequest{Model: c.o.Model, Temperature: c.o.Temperature,
		ResponseFormat: &responseFormat{Type: "json_object"},
		Messages:       []message{{Role: "system", Content: system}, {Role: "user", Content: user}}})
	for {
		raw, status, retryAfter, err := c.send(ctx, body)
		if err != nil {
			return nil, err
		}
		if status == http.StatusOK {
			return raw, nil
		}
		reason := fmt.Sprintf("status %d", status)
		if status != http.StatusTooManyRequests && status != http.StatusServiceUnavailable {
			return nil, fail(reason, fmt.Errorf("%.200s", raw))
		}
		if deadline, _ := ctx.Deadline(); time.Now().Add(retryAfter).After(deadline) {
			return nil, fail(reason, fmt.Errorf("Retry-After %s ends past the %s timeout: %.200s",
				retryAfter, c.o.Timeout, raw))
		}
		select {
		case <-ctx.Done():
			return nil, fail(fmt.Sprintf("no answer within %s", c.o.Timeout), ctx.Err())
		case <-time.After(retryAfter):
		}
	}
}

// defaultRetryAfter is the wait before asking again after a 429 or 503
// that names none.
const defaultRetryAfter = time.Second

// send makes one request and returns the body read, its status and the
// wait its Retry-After asks for.
func (c *Client) send(ctx context.Context, body []byte) ([]byte, int, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.o.BaseURL+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return nil, 0, 0, fail("bad request", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if c.o.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.o.APIKey)
	}
	res, err := c.o.HTTPClient.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, 0, fail(fmt.Sprintf("no answer within %s", c.o.Timeout), err)
		}
		return nil, 0, 0, fail("request failed", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, 0, fail(fmt.Sprintf("no answer within %s", c.o.Timeout), err)
		}
		return nil, 0, 0, fail("answer unreadable", err)
	}
	return raw, res.StatusCode, retryAfter(res.Header.Get("Retry-After"), time.Now()), nil
}

// retryAfter reads a Retry-After header: seconds or an HTTP date; absent
// or unreadable, defaultRetryAfter.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(0, at.Sub(now))
	}
	return defaultRetryAfter
}

// decodeAnswer decodes the message content of a chat completion's first
// choice, which must be exactly one JSON object, into v.
func decodeAnswer(raw []byte, v any) error {
	var res chatResponse
	if err := json.Unmarshal(raw, &res); err != nil {
		return fmt.Errorf("completion: %w", err)
	}
	if len(res.Choices) == 0 {
		return errors.New("completion has no choices")
	}
	if err := strictJSON(res.Choices[0].Message.Content, v); err != nil {
		return fmt.Errorf("content: %w", err)
	}
	return nil
}

// parse reads a chat completion whose message content must be exactly
// {"queries": ["...", ...]}, and bounds the queries.
func parse(raw []byte) ([]string, error) {
	var ans struct {
		Queries []string `json:"queries"`
	}
	if err := decodeAnswer(raw, &ans); err != nil {
		return nil, err
	}
	var out []string
	seen := map[string]bool{}
	for _, q := range ans.Queries {
		q = strings.Join(strings.Fields(q), " ")
		if q == "" || len([]rune(q)) > MaxQueryLen || seen[strings.ToLower(q)] {
			continue
		}
		seen[strings.ToLower(q)] = true
		out = append(out, q)
		if len(out) == MaxQueries {
			break
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no usable queries")
	}
	return out, nil
}

// strictJSON decodes s into v, refusing unknown fields, a missing object
// and anything after it (prose, a second object, a code fence).
func strictJSON(s string, v any) error {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("trailing data after the JSON object")
	}
	return nil
}
