package delivery

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// A channel's later edits and its test (docs/api.md "Delivery channels"):
// a CRM channel's mapping and token are edited in the console; any
// channel can be sent a clearly marked sample lead through the code path
// of a real delivery, its receiver's answer reported and nothing kept.

// channelOf loads channel channelID of client clientID.
func (s *Store) channelOf(ctx context.Context, clientID, channelID string) (*clients.Channel, error) {
	ch, err := clients.ScanChannel(s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT `+clients.ChannelColumns+` FROM client_channels WHERE id = ? AND client_id = ?`),
		channelID, clientID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, clients.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load channel %s: %w", channelID, err)
	}
	return ch, nil
}

// UpdateCRMChannel replaces CRM channel ch's mapping with m and, when
// token is not empty, its token. It returns the channel as stored.
func (s *Store) UpdateCRMChannel(ctx context.Context, ch *clients.Channel, m clients.CRMMapping, token string) (*clients.Channel, error) {
	q, args := `UPDATE client_channels SET mapping = ?, updated_at = ?`, []any{clients.MustJSON(m), s.DB().TimeArg(s.Now().UTC())}
	if token != "" {
		q, args = q+`, secret = ?`, append(args, token)
	}
	if _, err := s.DB().Writer.ExecContext(ctx, s.DB().Rebind(q+` WHERE id = ?`), append(args, ch.ID)...); err != nil {
		return nil, fmt.Errorf("update channel %s: %w", ch.ID, err)
	}
	return s.channelOf(ctx, ch.ClientID, ch.ID)
}

// channelEdit is the body of PATCH /api/admin/clients/{id}/channels/{channelId}.
type channelEdit struct {
	// Mapping replaces the CRM mapping as a whole.
	Mapping *clients.CRMMapping `json:"mapping"`
	// Token, when given, replaces the CRM's API token (never shown).
	Token *string `json:"token"`
}

func (d *Delivery) updateChannel(w http.ResponseWriter, r *http.Request) {
	var in channelEdit
	if !clients.DecodeStrict(w, r, &in) {
		return
	}
	ch, err := d.store.channelOf(r.Context(), r.PathValue("id"), r.PathValue("channelId"))
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	errs := clients.FieldErrors{}
	token := ""
	switch {
	case !clients.IsCRM(ch.Kind):
		errs["kind"] = "only a hubspot or pipedrive channel has a mapping and token to edit"
	case in.Mapping == nil && in.Token == nil:
		errs["mapping"] = "give mapping, token or both"
	}
	if in.Token != nil {
		token = strings.TrimSpace(*in.Token)
		if !tokenOK(token) {
			errs["token"] = tokenHint
		}
	}
	m := clients.CRMMapping{}
	if ch.Mapping != nil {
		m = *ch.Mapping
	}
	if in.Mapping != nil {
		m = *in.Mapping
	}
	if clients.IsCRM(ch.Kind) {
		m.Check(ch.Kind, errs)
	}
	if err := errs.Err(); err != nil {
		clients.Answer(w, r, err)
		return
	}
	ch, err = d.store.UpdateCRMChannel(r.Context(), ch, m, token)
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	httpx.Logger(r.Context()).Info("delivery channel edited", "client", ch.ClientID, "channel", ch.ID, "kind", ch.Kind, "token", token != "")
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"channel": ch})
}

// tokenHint is the field error of a CRM token that cannot be one.
const tokenHint = "must be the CRM's API token (HubSpot: a private app's access token; Pipedrive: the API token)"

func tokenOK(t string) bool {
	return t != "" && len(t) <= maxTokenLen && !strings.ContainsAny(t, " \t\r\n")
}

// TestSend is what a channel's receiver answered to the sample lead.
type TestSend struct {
	// OK: the receiver took it (2xx; a CRM made or updated every record).
	OK bool `json:"ok"`
	// ResponseCode is the receiver's HTTP status (250 for mail); 0: no answer.
	ResponseCode int `json:"responseCode"`
	// Message says what happened, the receiver's own error text included.
	Message string `json:"message"`
	// Records are the ids a CRM gave the sample's records.
	Records map[string]string `json:"records,omitempty"`
}

// sampleLead is the clearly marked lead a test sends: a made-up person
// at example.com (a domain that can belong to no one), with "Signalpipe
// test" in its name, company, signal and draft.
func sampleLead(ch *clients.Channel, now time.Time) *clients.ClientLead {
	el := engine.Lead{Name: "Signalpipe Test", Title: "Test lead (safe to delete)", Company: "Signalpipe test lead",
		Email: "signalpipe-test-lead@example.com", Source: "signalpipe", PostURL: "https://example.com/signalpipe-test-lead",
		Signal:      "TEST LEAD sent from the Signalpipe console to check this channel. It is no real person; delete it.",
		IntentScore: 80, IntentTier: engine.TierHot,
		Fit:       engine.Fit{Reasons: []string{"a test: this channel works"}},
		Draft:     engine.Draft{Subject: "Signalpipe test lead", Body: "A test message from Signalpipe: nothing to send."},
		Detection: engine.Detection{SignalType: engine.FundingEvent}}
	return &clients.ClientLead{ID: "test_" + db.NewID(), ClientID: ch.ClientID, URL: el.PostURL, Tier: string(el.IntentTier),
		SignalType: string(el.Detection.SignalType), Score: el.IntentScore, Lead: json.RawMessage(clients.MustJSON(el)), State: clients.StateNew,
		Review: clients.ReviewApproved, CreatedAt: now.UTC()}
}

// testChannel sends the sample lead to one channel of the client, the
// way a delivery would, and reports the answer (200 either way). Nothing
// is recorded: no delivery, no attempt, the channel's state unchanged (a
// CRM refusing the token does not disable it here).
func (d *Delivery) testChannel(w http.ResponseWriter, r *http.Request) {
	ch, err := d.store.channelOf(r.Context(), r.PathValue("id"), r.PathValue("channelId"))
	if err != nil {
		clients.Answer(w, r, err)
		return
	}
	now := d.store.Now()
	lead := sampleLead(ch, now)
	p := &pendingDelivery{id: "msg_" + lead.ID, clientID: ch.ClientID, leadID: lead.ID, status: clients.DeliveryPending, channel: ch}
	ctx, cancel := context.WithTimeout(r.Context(), max(d.opt.Timeout, d.opt.MailTimeout)+2*time.Second)
	defer cancel()
	var (
		a   DeliveryAttempt
		out TestSend
	)
	switch ch.Kind {
	case clients.ChannelHubSpot, clients.ChannelPipedrive:
		out = d.testCRM(ctx, ch, lead)
	case clients.ChannelEmail:
		outcome, _, _, _ := d.sendEmail(ctx, p, lead, now, &a)
		out = TestSend{OK: outcome == clients.OutcomeDelivered, ResponseCode: a.ResponseCode, Message: a.Error}
	default: // webhook, slack
		body, berr := webhookPayload(lead)
		if ch.Kind == clients.ChannelSlack {
			br, err := d.store.BrandFor(ctx, ch.ClientID)
			if err != nil {
				clients.Answer(w, r, err)
				return
			}
			body, berr = slackMessage(lead, clients.FeedbackLinks{}, nil, "Test message from "+cmp.Or(br.Name, "the console"), br)
		}
		if berr != nil {
			clients.Answer(w, r, berr)
			return
		}
		outcome, _, _, _ := d.post(ctx, p, body, now, &a)
		out = TestSend{OK: outcome == clients.OutcomeDelivered, ResponseCode: a.ResponseCode, Message: a.Error}
	}
	if out.OK && out.Message == "" {
		out.Message = "the " + ch.Kind + " channel took the test lead"
	}
	httpx.Logger(r.Context()).Info("delivery channel tested", "client", ch.ClientID, "channel", ch.ID, "kind", ch.Kind, "ok", out.OK, "code", out.ResponseCode)
	clients.NoStore(w)
	httpx.WriteJSON(w, http.StatusOK, out)
}

// testCRM pushes the sample lead with the channel's token and mapping.
func (d *Delivery) testCRM(ctx context.Context, ch *clients.Channel, lead *clients.ClientLead) TestSend {
	var el engine.Lead
	_ = json.Unmarshal(lead.Lead, &el)
	push := d.hubspotPush
	if ch.Kind == clients.ChannelPipedrive {
		push = d.pipedrivePush
	}
	ids := clients.CRMRecordIDs{}
	skip, err := push(ctx, ch, lead, el, ids, func() error { return nil })
	out := TestSend{Records: ids}
	if skip != "" { // cannot happen with the sample's email and company
		out.Message = "skipped: " + skip
		return out
	}
	var ce *crmError
	switch {
	case err == nil:
		out.OK, out.ResponseCode = true, http.StatusOK
		out.Message = fmt.Sprintf("%s took the test lead (%d records made or updated)", ch.Kind, len(ids))
	case errors.As(err, &ce):
		out.ResponseCode, out.Message = ce.code, ch.Kind+" "+ce.Error()
	default:
		out.Message = clients.Clip(fmt.Sprintf("%s: no answer: %v", ch.Kind, err), 500)
	}
	return out
}
