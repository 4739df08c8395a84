package exa

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

	"github.com/signalpipe/signalpipe/internal/search/remote"
)

// maxBody bounds one answer read into memory.
const maxBody = 8 << 20

// errConflict is a 409: a webset with this externalId exists already.
var errConflict = errors.New("conflict")

// permanent marks an error retrying cannot fix.
type permanent struct{ error }

func (p permanent) Unwrap() error { return p.error }

// retryLimits read a 429's Retry-After (a second without one), uncapped:
// do gives up on a wait over MaxRetryAfter instead.
var retryLimits = remote.Limits{Default: time.Second}

// do sends one call, retrying 429 (after Retry-After), 5xx and network
// errors up to MaxAttempts, and decodes a 2xx answer into out.
func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return err
		}
	}
	var lastErr error
	for attempt := 1; ; attempt++ {
		wait, err := c.once(ctx, method, path, payload, out)
		if err == nil {
			return nil
		}
		lastErr = err
		var perm permanent
		if errors.As(err, &perm) || ctx.Err() != nil || attempt >= c.MaxAttempts {
			break
		}
		if err := c.sleep(ctx, wait); err != nil {
			return err
		}
	}
	var perm permanent
	if errors.As(lastErr, &perm) {
		return perm.error
	}
	return lastErr
}

// once makes one request. On a retryable failure it says how long to wait.
func (c *Client) once(ctx context.Context, method, path string, payload []byte, out any) (time.Duration, error) {
	var rd io.Reader
	if payload != nil {
		rd = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, rd)
	if err != nil {
		return 0, permanent{err}
	}
	req.Header.Set("x-api-key", c.Key)
	req.Header.Set("Accept", "application/json")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return 0, permanent{ctx.Err()}
		}
		if remote.Unreachable(err) != nil { // retrying cannot help within a run
			return 0, permanent{err}
		}
		return time.Second, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return time.Second, fmt.Errorf("read answer: %w", err)
	}
	switch s := res.StatusCode; {
	case s == http.StatusOK || s == http.StatusCreated:
	case s == http.StatusUnauthorized || s == http.StatusForbidden:
		return 0, permanent{fmt.Errorf("%w (%d%s)", ErrUnauthorized, s, detail(data))}
	case s == http.StatusConflict:
		return 0, permanent{errConflict}
	case s == http.StatusTooManyRequests:
		wait := retryLimits.Read(s, res.Header, c.now()).Wait
		if wait > c.MaxRetryAfter {
			return 0, permanent{fmt.Errorf("rate limited for %s", wait)}
		}
		return wait, errors.New("rate limited" + detail(data))
	case s >= 500:
		return 2 * time.Second, fmt.Errorf("server error %d%s", s, detail(data))
	default:
		return 0, permanent{fmt.Errorf("status %d%s", s, detail(data))}
	}
	if err := json.Unmarshal(data, out); err != nil {
		return 0, permanent{fmt.Errorf("malformed answer: %w", err)}
	}
	return 0, nil
}

// detail is Exa's error message, if the answer carries one, for the error
// and the log. Exa answers errors as {"statusCode", "message", "error",
// "timestamp", "path"}: message is the text that explains (a string, or a
// list of validation messages), error only the status's name ("Bad
// Request"), used when there is no message.
func detail(body []byte) string {
	var e struct {
		Error   any `json:"error"`
		Message any `json:"message"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	msg := text(e.Message)
	if msg == "" {
		msg = text(e.Error)
	}
	if len(msg) > 300 {
		msg = msg[:300]
	}
	if msg == "" {
		return ""
	}
	return ": " + strings.ToValidUTF8(msg, "")
}

// text is a JSON string, or a list of strings joined with "; ".
func text(v any) string {
	switch v := v.(type) {
	case string:
		return strings.TrimSpace(v)
	case []any:
		var parts []string
		for _, x := range v {
			if s, ok := x.(string); ok && strings.TrimSpace(s) != "" {
				parts = append(parts, strings.TrimSpace(s))
			}
		}
		return strings.Join(parts, "; ")
	}
	return ""
}
