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
}

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
	raw, err := c.complete(ctx, systemPrompt, describe(p))
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
// response body of a 200 answer.
func (c *Client) complete(ctx context.Context, system, user string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, c.o.Timeout)
	defer cancel()
	body, _ := json.Marshal(chatRequest{Model: c.o.Model, Temperature: 0.2,
		ResponseFormat: &responseFormat{Type: "json_object"},
		Messages:       []message{{Role: "system", Content: system}, {Role: "user", Content: user}}})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.o.BaseURL+"/chat/completions", bytes.NewReader(body))
	if err != nil {
		return nil, fail("bad request", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if c.o.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.o.APIKey)
	}
	res, err := c.o.HTTPClient.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fail(fmt.Sprintf("no answer within %s", c.o.Timeout), err)
		}
		return nil, fail("request failed", err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		if ctx.Err() != nil {
			return nil, fail(fmt.Sprintf("no answer within %s", c.o.Timeout), err)
		}
		return nil, fail("answer unreadable", err)
	}
	if res.StatusCode != http.StatusOK {
		return nil, fail(fmt.Sprintf("status %d", res.StatusCode), fmt.Errorf("%.200s", raw))
	}
	return raw, nil
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
