package delivery

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Slack buttons that act in Slack (docs/clients.md "Slack buttons"). An
// install may have its own Slack app (SLACK_SIGNING_SECRET, and
// optionally SLACK_BOT_TOKEN): then a lead's Slack message carries Good,
// Noise, Approve and Contacted buttons whose clicks Slack POSTs to
// /hooks/slack/interactions. Each request is checked with Slack's v0
// signature (HMAC-SHA256 of "v0:<timestamp>:<body>" keyed with the
// signing secret, the timestamp within 5 minutes, compared in constant
// time); each button's value is the delivery id and our own signature of
// (action, delivery id) with the link key, so a button names one lead of
// one channel and cannot be altered. A click records what the portal
// records (feedback good/noise, state contacted; Approve is the review
// gate's approval, as in the console) and replaces the message
// (response_url, else chat.update with the bot token).
// Without the app the buttons stay signed links (links.go).

// SlackApp is the install's optional Slack app; a zero SigningSecret: none.
type SlackApp struct {
	SigningSecret string
	BotToken      string
	// APIURL is the Web API origin (https://slack.com/api; tests: a fake).
	// A response_url is followed only to https://hooks.slack.com or to
	// this origin.
	APIURL string
}

// Slack actions (a button's action_id is "sp_" + action).
const (
	SlackGood      = "good"
	SlackNoise     = "noise"
	SlackApprove   = "approve"
	SlackContacted = "contacted"

	// SlackInteractionsPath is the app's Interactivity Request URL.
	SlackInteractionsPath = "/hooks/slack/interactions"
	// maxSlackBody bounds an interaction's body: the payload repeats the
	// whole message (up to 50 blocks), well under 256 KiB.
	maxSlackBody = 256 << 10
	// slackTolerance is how far a request's timestamp may be from now.
	slackTolerance = 5 * time.Minute
	// slackTimeout bounds one message update (Slack wants the 200 within
	// 3 s; the update is sent before answering).
	slackTimeout = 2 * time.Second
)

var slackActions = []string{SlackGood, SlackNoise, SlackApprove, SlackContacted}

func (a SlackApp) enabled() bool { return a.SigningSecret != "" }

// slackSignature is Slack's v0 signature of body sent at timestamp ts.
func slackSignature(secret, ts string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte("v0:" + ts + ":"))
	m.Write(body)
	return "v0=" + hex.EncodeToString(m.Sum(nil))
}

// errSlackSignature is a request Slack did not sign (or signed too long ago).
var errSlackSignature = errors.New("bad or stale Slack signature")

// verifySlack checks a request's X-Slack-Request-Timestamp and
// X-Slack-Signature against body at now.
func verifySlack(secret string, h http.Header, body []byte, now time.Time) error {
	ts, sig := h.Get("X-Slack-Request-Timestamp"), h.Get("X-Slack-Signature")
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sig == "" || secret == "" {
		return errSlackSignature
	}
	if d := now.Sub(time.Unix(sec, 0)); d > slackTolerance || d < -slackTolerance {
		return errSlackSignature
	}
	if !hmac.Equal([]byte(sig), []byte(slackSignature(secret, ts, body))) {
		return errSlackSignature
	}
	return nil
}

// slackValue is a button's value: "<delivery id>.<signature>".
func slackValue(key []byte, action, deliveryID string) string {
	return deliveryID + "." + slackValueSig(key, action, deliveryID)
}

func slackValueSig(key []byte, action, deliveryID string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("slack.v1." + action + "." + deliveryID))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// slackButtons are a message's interactive buttons: action -> value.
type slackButtons map[string]string

// buttonsFor makes delivery deliveryID's button values, or nil when the
// install has no Slack app (then the message keeps its links).
func (d *Delivery) buttonsFor(ctx context.Context, deliveryID string) (slackButtons, error) {
	if !d.opt.Slack.enabled() || d.opt.Links == nil {
		return nil, nil
	}
	key, err := d.opt.Links.keyFor(ctx)
	if err != nil {
		return nil, err
	}
	out := slackButtons{}
	for _, a := range slackActions {
		out[a] = slackValue(key, a, deliveryID)
	}
	return out, nil
}

// slackActionBlock is the actions block of a message with the app's
// buttons; block_id names the lead.
func slackActionBlock(leadID string, b slackButtons) map[string]any {
	labels := map[string]string{SlackGood: "Good", SlackNoise: "Noise", SlackApprove: "Approve", SlackContacted: "Contacted"}
	var els []any
	for _, a := range slackActions {
		btn := map[string]any{"type": "button", "text": map[string]any{"type": "plain_text", "text": labels[a]},
			"action_id": "sp_" + a, "value": b[a]}
		if a == SlackGood {
			btn["style"] = "primary"
		}
		els = append(els, btn)
	}
	return map[string]any{"type": "actions", "block_id": "sp_lead_" + leadID, "elements": els}
}

// SlackRoutes is the route table of the Slack app's interactions: public
// (Slack's signature is the check), body-limited, rate-limited.
func (d *Delivery) SlackRoutes() []httpx.Route {
	return []httpx.Route{{Method: "POST", Path: SlackInteractionsPath, Handler: http.HandlerFunc(d.slackInteraction),
		Access: httpx.AccessPublic, BodyLimit: maxSlackBody, RateLimit: d.opt.LinkLimit, OperationID: "slackInteraction"}}
}

// slackPayload is the part of a block_actions payload used here.
type slackPayload struct {
	Type string `json:"type"`
	User struct {
		ID string `json:"id"`
	} `json:"user"`
	ResponseURL string `json:"response_url"`
	Container   struct {
		ChannelID string `json:"channel_id"`
		MessageTS string `json:"message_ts"`
	} `json:"container"`
	Actions []struct {
		ActionID string `json:"action_id"`
		BlockID  string `json:"block_id"`
		Value    string `json:"value"`
	} `json:"actions"`
}

// slackInteraction handles one click. A bad or stale signature, or a
// button value we did not sign, is 401 and records nothing; anything else
// Slack sends is answered 200 (Slack shows an error on any other code).
func (d *Delivery) slackInteraction(w http.ResponseWriter, r *http.Request) {
	if !d.opt.Slack.enabled() || d.opt.Links == nil {
		httpx.Error(w, r, http.StatusNotFound, "no Slack app is configured", nil)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			httpx.Error(w, r, http.StatusRequestEntityTooLarge, "the body is over 256 KiB", nil)
			return
		}
		httpx.Error(w, r, http.StatusBadRequest, "the body could not be read", nil)
		return
	}
	if err := verifySlack(d.opt.Slack.SigningSecret, r.Header, body, d.store.Now()); err != nil {
		httpx.Error(w, r, http.StatusUnauthorized, err.Error(), nil)
		return
	}
	form, err := url.ParseQuery(string(body))
	var p slackPayload
	if err != nil || json.Unmarshal([]byte(form.Get("payload")), &p) != nil {
		httpx.Error(w, r, http.StatusBadRequest, "the body is no interaction payload", nil)
		return
	}
	log := httpx.Logger(r.Context())
	if p.Type != "block_actions" || len(p.Actions) == 0 || !strings.HasPrefix(p.Actions[0].ActionID, "sp_") {
		w.WriteHeader(http.StatusOK) // not one of our buttons: nothing to do
		return
	}
	act := p.Actions[0]
	action := strings.TrimPrefix(act.ActionID, "sp_")
	deliveryID, sig, _ := strings.Cut(act.Value, ".")
	key, err := d.opt.Links.keyFor(r.Context())
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	known := false
	for _, a := range slackActions {
		known = known || a == action
	}
	if !known || deliveryID == "" || !hmac.Equal([]byte(sig), []byte(slackValueSig(key, action, deliveryID))) {
		httpx.Error(w, r, http.StatusUnauthorized, "the button's value is not signed by this server", nil)
		return
	}
	pd, err := d.store.loadDelivery(r.Context(), deliveryID)
	if errors.Is(err, clients.ErrNotFound) {
		d.slackReply(r.Context(), p, nil, "This lead was removed.")
		w.WriteHeader(http.StatusOK)
		return
	}
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	if act.BlockID != "" && act.BlockID != "sp_lead_"+pd.leadID {
		httpx.Error(w, r, http.StatusUnauthorized, "the button's lead does not match its value", nil)
		return
	}
	// The client's status policy (docs/clients.md "Paused and churned
	// clients"): a paused workspace reads but does not write; a churned one
	// gets nothing.
	st, err := d.store.ClientStatus(r.Context(), pd.clientID)
	if err != nil && !errors.Is(err, clients.ErrNotFound) {
		clients.Answer(w, r, err)
		return
	}
	if _, msg := clients.StatusAllows(st, http.MethodPost); msg != "" || errors.Is(err, clients.ErrNotFound) {
		if msg == "" {
			msg = clients.MsgChurned
		}
		d.slackReply(r.Context(), p, nil, msg)
		log.Info("slack click refused by the client's status", "client", pd.clientID, "status", st)
		w.WriteHeader(http.StatusOK)
		return
	}
	// Approve is the review gate's approval, the console's own call
	// (review.go): a conditional change from pending that enqueues the
	// lead's deliveries; a lead approved or rejected already is the
	// console's 409, told to the clicker alone.
	if action == SlackApprove {
		res, err := d.store.Review(r.Context(), pd.clientID, []string{pd.leadID}, clients.ReviewApproved)
		if err != nil {
			clients.Answer(w, r, err)
			return
		}
		if why := res[0].Error; why != "" {
			if res[0].Review == "" {
				why = "This lead was removed."
			} else {
				why = "Not approved: " + why + "."
			}
			d.slackReply(r.Context(), p, nil, why)
			log.Info("slack approve refused", "client", pd.clientID, "lead", pd.leadID, "review", res[0].Review)
			w.WriteHeader(http.StatusOK)
			return
		}
	}
	lead, err := d.store.Lead(r.Context(), pd.clientID, pd.leadID)
	if errors.Is(err, clients.ErrNotFound) {
		d.slackReply(r.Context(), p, nil, "This lead was removed.")
		w.WriteHeader(http.StatusOK)
		return
	}
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	var e clients.LeadEdit
	var done string
	switch action {
	case SlackGood, SlackNoise:
		reason := ""
		if lead.Feedback != nil {
			reason = lead.Feedback.Reason
		}
		if lead.Feedback == nil || lead.Feedback.Verdict != action {
			e.Feedback = &clients.Feedback{Verdict: action, Reason: reason}
		}
		done = "Marked " + action
	case SlackApprove:
		done = "Approved" // above
	case SlackContacted:
		st := clients.StateContacted
		e.State, done = &st, "Marked contacted"
	}
	if e.Feedback != nil || e.State != nil {
		if lead, err = d.store.UpdateLead(r.Context(), pd.clientID, pd.leadID, e); err != nil {
			clients.Answer(w, r, err)
			return
		}
	}
	log.Info("lead updated from Slack", "client", pd.clientID, "lead", pd.leadID, "action", action)
	if p.User.ID != "" {
		done += " by <@" + p.User.ID + ">"
	}
	buttons, err := d.buttonsFor(r.Context(), pd.id)
	var br clients.Brand
	if err == nil {
		br, err = d.store.BrandFor(r.Context(), pd.clientID)
	}
	if err == nil {
		d.slackReply(r.Context(), p, func() ([]byte, error) { return slackMessage(lead, clients.FeedbackLinks{}, buttons, done, br) }, "")
	}
	w.WriteHeader(http.StatusOK)
}

// slackReply replaces the clicked message with msg's, or (msg nil) tells
// the clicker text in a message only they see. Failures are logged: the
// click is recorded either way.
func (d *Delivery) slackReply(ctx context.Context, p slackPayload, msg func() ([]byte, error), text string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), slackTimeout)
	defer cancel()
	var body map[string]any
	if msg != nil {
		raw, err := msg()
		if err != nil || json.Unmarshal(raw, &body) != nil {
			return
		}
		body["replace_original"] = true
	} else {
		body = map[string]any{"response_type": "ephemeral", "replace_original": false, "text": text}
	}
	target, auth := "", ""
	switch {
	case p.ResponseURL != "" && d.slackResponseURLOK(p.ResponseURL):
		target = p.ResponseURL
	case msg != nil && d.opt.Slack.BotToken != "" && p.Container.ChannelID != "" && p.Container.MessageTS != "":
		target, auth = d.opt.Slack.APIURL+"/chat.update", "Bearer "+d.opt.Slack.BotToken
		delete(body, "replace_original")
		body["channel"], body["ts"] = p.Container.ChannelID, p.Container.MessageTS
	default:
		d.opt.Logger.Warn("slack click: no way to update the message (no usable response_url, no bot token)")
		return
	}
	raw, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(raw))
	if err != nil {
		return
	}
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	resp, err := d.slackHTTP.Do(req)
	if err != nil {
		d.opt.Logger.Warn("slack click: message update failed", "err", err)
		return
	}
	defer resp.Body.Close()
	var out struct {
		OK    *bool  `json:"ok"`
		Error string `json:"error"`
	}
	_ = json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&out)
	if resp.StatusCode/100 != 2 || (out.OK != nil && !*out.OK) {
		d.opt.Logger.Warn("slack click: message update refused", "code", resp.StatusCode, "error", out.Error)
	}
}

// slackResponseURLOK: a response_url is followed only to Slack's hooks
// host over https, or to the configured API origin (a test's fake).
func (d *Delivery) slackResponseURLOK(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	if u.Scheme == "https" && u.Hostname() == "hooks.slack.com" {
		return true
	}
	api, err := url.Parse(d.opt.Slack.APIURL)
	return err == nil && api.Host != "" && u.Scheme == api.Scheme && u.Host == api.Host
}

// slackStatusBlock is the line an acted-on message gains.
func slackStatusBlock(text string) map[string]any {
	return map[string]any{"type": "context", "elements": []any{map[string]any{"type": "mrkdwn", "text": clients.Clip(fmt.Sprintf(":white_check_mark: %s", text), 2000)}}}
}
