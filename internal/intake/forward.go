package intake

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/signalpipe/signalpipe/internal/buildinfo"
	"github.com/signalpipe/signalpipe/internal/jobs"
)

// MaxForwardAttempts is how often a submission's forwarding is tried before
// it is marked failed. With River's default retry policy the wait before
// retry n is n⁴ seconds (±10% jitter), so the 24 waits between 25 attempts
// add up to Σ n⁴ for n = 1..24 = 1,763,020 s ≈ 20.4 days, comfortably more
// than the 24 hours of retries promised.
const MaxForwardAttempts = 25

// Forwarding targets, as recorded in delivery.target.
const (
	TargetWebhook  = "webhook"
	TargetFormMail = "formmail"
)

// ForwardArgs is the job that forwards one submission.
type ForwardArgs struct {
	// SubmissionID names the stored submission to send.
	SubmissionID string `json:"submission_id"`
}

// Kind implements river.JobArgs.
func (ForwardArgs) Kind() string { return "forward_submission" }

// InsertOpts makes at most one waiting or running job per submission, so a
// retry from the console never runs alongside an earlier job. Forwarding
// runs on jobs.PublicQueue: visitors start it.
func (ForwardArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{
		Queue:       jobs.PublicQueue,
		MaxAttempts: MaxForwardAttempts,
		UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{
			rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateRunning,
			rivertype.JobStateRetryable, rivertype.JobStateScheduled,
		}},
	}
}

// Targets are where submissions are forwarded.
type Targets struct {
	// WebhookURL is tried first; empty skips it.
	WebhookURL string
	// FormMailURL is tried when the webhook fails or is unset; empty skips it.
	FormMailURL string
	// FormMailKey is sent to the form-mail API as "Authorization: Bearer <key>".
	FormMailKey string
	// WebhookSecret, a Standard Webhooks secret (whsec_...), signs the POSTs
	// to WebhookURL; empty: unsigned.
	WebhookSecret string
	// Timeout bounds each HTTP attempt.
	Timeout time.Duration
}

// Any reports whether there is somewhere to forward to.
func (t Targets) Any() bool { return t.WebhookURL != "" || t.FormMailURL != "" }

// Forwarder is the River worker for ForwardArgs: it posts the submission to
// the webhook, else the form-mail API, and records the outcome.
type Forwarder struct {
	river.WorkerDefaults[ForwardArgs]

	store   *Store
	targets Targets
	client  *http.Client
	log     *slog.Logger
	signer  *standardwebhooks.Webhook // nil: the webhook target is unsigned
}

// NewForwarder returns the worker; register it with river.AddWorker. An
// unreadable WebhookSecret is an error (config checks it at start).
func NewForwarder(store *Store, targets Targets, log *slog.Logger) (*Forwarder, error) {
	if targets.Timeout <= 0 {
		targets.Timeout = 10 * time.Second
	}
	if log == nil {
		log = slog.Default()
	}
	f := &Forwarder{store: store, targets: targets, log: log,
		client: &http.Client{Timeout: targets.Timeout, CheckRedirect: noRedirects}}
	if targets.WebhookSecret != "" {
		wh, err := standardwebhooks.NewWebhook(targets.WebhookSecret)
		if err != nil {
			return nil, fmt.Errorf("workflow webhook secret: %w", err)
		}
		f.signer = wh
	}
	return f, nil
}

// noRedirects stops the client at the first answer. Following a 301, 302 or
// 303 would turn the POST into a GET without the submission, and a 2xx to
// that GET would mark it delivered; so a redirect is a failed attempt
// (retried, then the fallback), never followed.
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// Timeout gives one job attempt time for both targets.
func (f *Forwarder) Timeout(*river.Job[ForwardArgs]) time.Duration {
	return JobTimeout(f.targets.Timeout)
}

// JobTimeout is how long one forwarding attempt may run when each HTTP
// request may take forwardTimeout: both targets, plus a little for the
// database. River's rescuer takes a forwarding job still marked running
// after this long for abandoned by a dead process, so the server uses it as
// River's RescueStuckJobsAfter (README, "Forms, forwarding and the admin
// console": delivery is at-least-once).
func JobTimeout(forwardTimeout time.Duration) time.Duration {
	if forwardTimeout <= 0 {
		forwardTimeout = 10 * time.Second
	}
	return 2*forwardTimeout + 3*time.Second
}

// Work forwards one submission. A delivered submission is left alone, so a
// duplicate job never sends twice. A failed attempt is recorded and returned
// as an error, which makes River retry with backoff; the last one marks the
// submission failed.
func (f *Forwarder) Work(ctx context.Context, job *river.Job[ForwardArgs]) error {
	id := job.Args.SubmissionID
	sub, err := f.store.Get(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return river.JobCancel(fmt.Errorf("forward %s: submission not found", id))
	}
	if err != nil {
		return err
	}
	if sub.Delivery.State == StateDelivered {
		return nil
	}
	if !f.targets.Any() {
		return f.store.MarkStoredOnly(ctx, id)
	}
	var failures []string
	for _, t := range f.order() {
		err := f.post(ctx, t, sub)
		if err == nil {
			if _, err := f.store.MarkDelivered(ctx, id, t.name, time.Now()); err != nil {
				return err
			}
			f.log.Info("submission forwarded", "id", id, "target", t.name, "attempt", job.Attempt)
			return nil
		}
		failures = append(failures, t.name+": "+err.Error())
	}
	msg := strings.Join(failures, "; ")
	final := job.Attempt >= job.MaxAttempts
	if err := f.store.MarkAttemptFailed(ctx, id, msg, final); err != nil {
		return err
	}
	f.log.Warn("submission forward failed", "id", id, "attempt", job.Attempt, "final", final, "err", msg)
	return errors.New(msg)
}

type target struct {
	name, url, key string
}

func (f *Forwarder) order() []target {
	var ts []target
	if f.targets.WebhookURL != "" {
		ts = append(ts, target{name: TargetWebhook, url: f.targets.WebhookURL})
	}
	if f.targets.FormMailURL != "" {
		ts = append(ts, target{name: TargetFormMail, url: f.targets.FormMailURL, key: f.targets.FormMailKey})
	}
	return ts
}

// webhookBody is the payload with the submission's id and kind added
// (submissionId, submissionKind), for receivers that show no headers.
func webhookBody(sub *Submission) ([]byte, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(sub.Payload, &fields); err != nil || fields == nil {
		return nil, fmt.Errorf("payload of %s is not a JSON object", sub.ID)
	}
	fields["submissionId"], _ = json.Marshal(sub.ID)
	fields["submissionKind"], _ = json.Marshal(sub.Kind)
	return json.Marshal(fields)
}

// post sends the submission's payload; only a 2xx answer counts (a 3xx is
// not followed, see noRedirects). The webhook gets the payload with the
// submission's id and kind, signed as Standard Webhooks says when a secret
// is set (webhook-id is the Idempotency-Key); the form-mail API gets the
// payload as stored.
func (f *Forwarder) post(ctx context.Context, t target, sub *Submission) error {
	body := []byte(sub.Payload)
	key := sub.ID + "-" + t.name
	if t.name == TargetWebhook {
		var err error
		if body, err = webhookBody(sub); err != nil {
			return err
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Signalpipe/"+buildinfo.Version)
	req.Header.Set("Idempotency-Key", key)
	if t.name == TargetWebhook && f.signer != nil {
		now := time.Now()
		sig, err := f.signer.Sign(key, now, body)
		if err != nil {
			return fmt.Errorf("sign: %w", err)
		}
		req.Header.Set("webhook-id", key)
		req.Header.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
		req.Header.Set("webhook-signature", sig)
	}
	req.Header.Set("X-Signalpipe-Submission-Id", sub.ID)
	req.Header.Set("X-Signalpipe-Kind", sub.Kind)
	if t.key != "" {
		req.Header.Set("Authorization", "Bearer "+t.key)
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return errors.New(safeTransportError(err))
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 && resp.StatusCode <= 399 {
		return fmt.Errorf("%s (redirects are not followed)", resp.Status)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return errors.New(resp.Status)
	}
	return nil
}

// safeTransportError describes a failed request without the URL, which may
// carry a secret token.
func safeTransportError(err error) string {
	var uerr interface{ Timeout() bool }
	if errors.As(err, &uerr) && uerr.Timeout() {
		return "timed out"
	}
	if errors.Is(err, context.Canceled) {
		return "cancelled"
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 {
		msg = msg[i+2:]
	}
	return "request failed: " + msg
}
