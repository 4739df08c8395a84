package delivery

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// CRM channels (docs/clients.md "CRM channels"): a lead pushed into the
// client's HubSpot (hubspot.go) or Pipedrive (pipedrive.go) through the
// same deliveries as the other channels, so each (lead, CRM) is one
// client_deliveries row and one River job and a lead reaches a CRM once.
// The channel's secret is the CRM's API token (never shown); its target
// is the API origin. The ids the CRM gave the lead's records are kept in
// client_crm_records after every call that made one, so a retried attempt
// and a later state change update the same records. Answers: 2xx goes on;
// 401/403 disables the channel with a notice (as a webhook's 410); 429
// waits for Retry-After; 404 on a stored record forgets it and makes it
// again on the next attempt; 409 (a duplicate) takes the CRM's existing
// id; 400 and 422 fail the delivery (no retry can fix the request); 5xx
// and no answer retry with backoff.

// CRM outcomes and bounds.
const (
	// OutcomeSkipped is a lead a CRM channel cannot take (no email, profile
	// or company to file it under): the delivery is cancelled with the reason.
	OutcomeSkipped = "skipped"

	maxCRMBody  = 1 << 20 // an answer read from a CRM
	maxTokenLen = 500
)

func (s *Store) crmIDs(ctx context.Context, leadID, channelID string) (clients.CRMRecordIDs, error) {
	var raw string
	err := s.DB().Reader.QueryRowContext(ctx, s.DB().Rebind(`SELECT ids FROM client_crm_records WHERE lead_id = ? AND channel_id = ?`),
		leadID, channelID).Scan(&raw)
	out := clients.CRMRecordIDs{}
	if errors.Is(err, sql.ErrNoRows) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("load crm records: %w", err)
	}
	_ = json.Unmarshal([]byte(raw), &out)
	return out, nil
}

func (s *Store) saveCRMIDs(ctx context.Context, leadID, channelID, kind string, ids clients.CRMRecordIDs) error {
	_, err := s.DB().Writer.ExecContext(ctx, s.DB().Rebind(`INSERT INTO client_crm_records (lead_id, channel_id, kind, ids, updated_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (lead_id, channel_id) DO UPDATE SET ids = excluded.ids, updated_at = excluded.updated_at`),
		leadID, channelID, kind, clients.MustJSON(ids), s.DB().TimeArg(s.Now().UTC()))
	if err != nil {
		return fmt.Errorf("save crm records: %w", err)
	}
	return nil
}

// crmError is a CRM's answer other than 2xx.
type crmError struct {
	code       int
	msg        string
	retryAfter string
}

func (e *crmError) Error() string { return fmt.Sprintf("answered %d: %s", e.code, e.msg) }

// crmAuth is one CRM channel's credential: its kind and API token.
type crmAuth struct{ kind, token string }

// header is how the CRM takes the token: HubSpot's Bearer, Pipedrive's
// x-api-token.
func (a crmAuth) header() http.Header {
	if a.kind == clients.ChannelPipedrive {
		return http.Header{"X-Api-Token": {a.token}}
	}
	return http.Header{"Authorization": {"Bearer " + a.token}}
}

// crmCall is one JSON request to a CRM, held back first by the token's
// rate limiter (crmlimit.go): it returns the decoded answer or a
// *crmError (or a transport error).
func (d *Delivery) crmCall(ctx context.Context, method, url string, auth crmAuth, in, out any) error {
	if err := d.crmLimits.wait(ctx, auth, url); err != nil {
		return err
	}
	header := auth.header()
	var body io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("User-Agent", "Signalpipe-CRM/1")
	resp, err := d.crmHTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, maxCRMBody))
	if resp.StatusCode/100 != 2 {
		var e struct {
			Message string `json:"message"`
			Error   string `json:"error"`
		}
		_ = json.Unmarshal(raw, &e)
		msg := e.Message
		if msg == "" {
			msg = e.Error
		}
		if msg == "" {
			msg = http.StatusText(resp.StatusCode)
		}
		return &crmError{code: resp.StatusCode, msg: clients.Clip(msg, 300), retryAfter: resp.Header.Get("Retry-After")}
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("unreadable answer: %w", err)
		}
	}
	return nil
}

// crmPusher pushes one lead into one CRM, keeping ids up to date as it
// goes (save is called after every record made).
type crmPusher func(ctx context.Context, ch *clients.Channel, lead *clients.ClientLead, el engine.Lead, ids clients.CRMRecordIDs, save func() error) (skip string, err error)

// pushCRM makes one attempt of a CRM delivery and classifies it like post.
func (d *Delivery) pushCRM(ctx context.Context, p *pendingDelivery, lead *clients.ClientLead, now time.Time, a *DeliveryAttempt) (string, string, string, error) {
	var el engine.Lead
	_ = json.Unmarshal(lead.Lead, &el)
	ids, err := d.store.crmIDs(ctx, lead.ID, p.channel.ID)
	if err != nil {
		a.Error = err.Error()
		return clients.OutcomeRetry, "", "", err
	}
	save := func() error {
		return d.store.saveCRMIDs(context.WithoutCancel(ctx), lead.ID, p.channel.ID, p.channel.Kind, ids)
	}
	push := d.hubspotPush
	if p.channel.Kind == clients.ChannelPipedrive {
		push = d.pipedrivePush
	}
	ctx, cancel := context.WithTimeout(ctx, d.opt.Timeout)
	defer cancel()
	skip, err := push(ctx, p.channel, lead, el, ids, save)
	if err == nil && skip != "" {
		a.Error = "skipped: " + skip
		d.opt.Logger.Info("lead not pushed to the CRM", "kind", p.channel.Kind, "delivery", p.id, "reason", skip)
		return OutcomeSkipped, clients.DeliveryCancelled, "", nil
	}
	return classifyCRM(p.channel.Kind, err, now, a)
}

// classifyCRM turns a push's error into the attempt's outcome, the
// delivery's status, a reason to disable the channel and the job's result.
func classifyCRM(kind string, err error, now time.Time, a *DeliveryAttempt) (string, string, string, error) {
	if err == nil {
		a.ResponseCode = http.StatusOK
		return clients.OutcomeDelivered, clients.DeliveryDelivered, "", nil
	}
	var ce *crmError
	if !errors.As(err, &ce) {
		a.Error = clients.Clip(err.Error(), 500)
		return clients.OutcomeRetry, "", "", err
	}
	a.ResponseCode = ce.code
	a.Error = clients.Clip(ce.Error(), 500)
	switch c := ce.code; {
	case c == http.StatusUnauthorized || c == http.StatusForbidden:
		why := fmt.Sprintf("%s refused the token (%d) at %s; put a valid token in the channel and enable it", kind, c, now.UTC().Format(time.RFC3339))
		a.Error = why
		return clients.OutcomeDisabled, clients.DeliveryCancelled, why, river.JobCancel(errors.New(why))
	case c == http.StatusTooManyRequests:
		wait := retryAfter(ce.retryAfter, now)
		a.Error = fmt.Sprintf("answered 429; retrying after %s", wait)
		return clients.OutcomeSnoozed, "", "", river.JobSnooze(wait)
	case c == http.StatusBadRequest || c == http.StatusUnprocessableEntity:
		return clients.OutcomeFailed, clients.DeliveryFailed, "", river.JobCancel(err)
	default: // 404 (a record gone: forgotten, made again), 5xx, others
		return clients.OutcomeRetry, "", "", err
	}
}

// leadDomain is the company's web domain: the email's, unless a free
// mailbox provider's.
func leadDomain(el engine.Lead) string {
	_, dom, ok := strings.Cut(strings.ToLower(strings.TrimSpace(el.Email)), "@")
	if !ok || dom == "" || freeMail[dom] {
		return ""
	}
	return dom
}

var freeMail = map[string]bool{"gmail.com": true, "googlemail.com": true, "yahoo.com": true, "hotmail.com": true, "outlook.com": true,
	"live.com": true, "icloud.com": true, "me.com": true, "aol.com": true, "proton.me": true, "protonmail.com": true, "gmx.com": true,
	"gmx.de": true, "web.de": true, "yandex.ru": true, "mail.ru": true, "qq.com": true, "163.com": true}

// crmNote is the note filed with a lead: evidence, post link, draft,
// titled with the brand's name (crm_brand.go).
func crmNote(lead *clients.ClientLead, el engine.Lead, html bool, brand string) string {
	var b strings.Builder
	esc := func(s string) string { return s }
	if html {
		esc = htmlEscape
	}
	line := func(label, v string) {
		if v == "" {
			return
		}
		if html {
			fmt.Fprintf(&b, "<p><strong>%s</strong><br>%s</p>", esc(label), strings.ReplaceAll(esc(v), "\n", "<br>"))
		} else {
			fmt.Fprintf(&b, "%s\n%s\n\n", label, v)
		}
	}
	line(crmLeadTitle(brand), fmt.Sprintf("%s (score %d, %s, %s)", leadWho(el), lead.Score, lead.Tier, strings.ReplaceAll(lead.SignalType, "_", " ")))
	line("What they said", clients.Clip(el.Signal, 3000))
	if len(el.Fit.Reasons) > 0 {
		line("Why", "• "+strings.Join(el.Fit.Reasons, "\n• "))
	}
	line("Post", lead.URL)
	line("Draft", clients.Clip(el.Draft.Body, 3000))
	return strings.TrimSpace(b.String())
}

func htmlEscape(s string) string { return template.HTMLEscapeString(s) }
