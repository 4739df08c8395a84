package delivery

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/url"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/mail"
)

// messageIDHost is the right side of Message-IDs: BASE_URL's host.
func messageIDHost(baseURL string) string {
	if u, err := url.Parse(baseURL); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "signalpipe.invalid"
}

var emailHTML = template.Must(template.New("email").Parse(`<!doctype html>
<html><body style="font-family: system-ui, -apple-system, Segoe UI, sans-serif; color: #111; max-width: 36rem">
<p style="color: #555; margin: 0 0 .5rem">New {{.Tier}} lead · score {{.Score}} · {{.Signal}}</p>
<h2 style="margin: 0 0 1rem; font-size: 1.25rem">{{.Who}}</h2>
{{if .Said}}<blockquote style="margin: 0 0 1rem; padding-left: .75rem; border-left: 3px solid #ccc">{{.Said}}</blockquote>{{end}}
{{if .Evidence}}<p style="margin: 0 0 .25rem"><strong>Evidence</strong></p><ul style="margin-top: 0">{{range .Evidence}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .WhyNow}}<p style="margin: 0 0 .25rem"><strong>Why now at {{.Account}}</strong> (account score {{.AccountScore}})</p><p style="margin-top: 0">{{.WhyNow}}</p>{{end}}
{{if .Why}}<p style="margin: 0 0 .25rem"><strong>Why</strong></p><ul style="margin-top: 0">{{range .Why}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .PostURL}}<p><a href="{{.PostURL}}">Open the post</a>{{if .Portal}} · <a href="{{.Portal}}">Open the lead in your portal</a>{{end}}</p>{{else if .Portal}}<p><a href="{{.Portal}}">Open the lead in your portal</a></p>{{end}}
{{if .Draft}}<p style="margin: 0 0 .25rem"><strong>Draft</strong></p><pre style="white-space: pre-wrap; font-family: inherit; background: #f5f5f5; padding: .75rem">{{.Draft}}</pre>{{end}}
{{if .Links.Good}}<p>Is this lead right for you? <a href="{{.Links.Good}}">Good</a> · <a href="{{.Links.Noise}}">Noise</a></p>{{end}}
{{if .Links.Unsubscribe}}<p style="color: #777; font-size: .85rem">Sent by {{.Brand}} to this channel's addresses. <a href="{{.Links.Unsubscribe}}">Unsubscribe</a></p>{{end}}
</body></html>
`))

type emailView struct {
	Tier, Signal, Who, Said, PostURL, Draft, Portal, Brand string
	Score                                                  int
	Why, Evidence                                          []string
	Links                                                  clients.FeedbackLinks

	// WhyNow is the lead's account's (LeadAccount), when it has one.
	Account, WhyNow string
	AccountScore    int
}

// maxExcerpt bounds what the person wrote, as an email quotes it.
const maxExcerpt = 1500

// excerpt is what the person wrote: the post's own text (fullContext)
// when the lead has it, else the signal's text (a title alone for some
// sources), cut at a word near maxExcerpt.
func excerpt(l engine.Lead) string {
	text := strings.TrimSpace(l.FullContext)
	if len(text) < len(strings.TrimSpace(l.Signal)) {
		text = strings.TrimSpace(l.Signal)
	}
	return clients.Clip(text, maxExcerpt)
}

// PortalLeadPath is where a client user opens one lead in the portal.
const PortalLeadPath = "/portal?lead="

// portalLeadURL is the link to lead id in the client's portal.
func portalLeadURL(baseURL, id string) string {
	if baseURL == "" {
		return ""
	}
	return strings.TrimSuffix(baseURL, "/") + PortalLeadPath + url.QueryEscape(id)
}

// emailMessage is the email of one lead: who and company, signal, score
// and tier, why, the post link and the draft, in a plain-text and an HTML
// part, with Good, Noise and unsubscribe links. Its Message-ID derives
// from the delivery id, so every retry carries the same one.
//
// The client's brand names the sender and the footer, and its portal host
// carries the links (docs/clients.md "White-label").
func emailMessage(l *clients.ClientLead, deliveryID string, to []string, links clients.FeedbackLinks, host, baseURL string, br clients.Brand) (mail.Message, error) {
	var lead engine.Lead
	if err := json.Unmarshal(l.Lead, &lead); err != nil {
		return mail.Message{}, fmt.Errorf("read lead: %w", err)
	}
	v := emailView{Tier: l.Tier, Signal: strings.ReplaceAll(l.SignalType, "_", " "), Who: leadWho(lead), Said: excerpt(lead),
		PostURL: engine.LinkURL(l.URL), Draft: clients.Clip(lead.Draft.Body, 4000), Score: l.Score, Why: lead.Fit.Reasons, Evidence: lead.Detection.CueLabels,
		Portal: portalLeadURL(br.Origin(baseURL), l.ID), Links: br.RebaseLinks(links, baseURL), Brand: br.DisplayName()}
	if l.Account != nil {
		v.Account, v.WhyNow, v.AccountScore = l.Account.Name, l.Account.WhyNow, l.Account.Score
		if v.Draft != "" && l.Account.Postscript != "" {
			v.Draft += "\n\n" + l.Account.Postscript
		}
	}
	links = v.Links
	var html bytes.Buffer
	if err := emailHTML.Execute(&html, v); err != nil {
		return mail.Message{}, err
	}
	var t strings.Builder
	fmt.Fprintf(&t, "New %s lead (score %d, %s)\n\n%s\n", v.Tier, v.Score, v.Signal, v.Who)
	if v.Said != "" {
		fmt.Fprintf(&t, "\nWhat they said:\n> %s\n", strings.ReplaceAll(v.Said, "\n", "\n> "))
	}
	if len(v.Evidence) > 0 {
		fmt.Fprintf(&t, "\nEvidence:\n- %s\n", strings.Join(v.Evidence, "\n- "))
	}
	if v.WhyNow != "" {
		fmt.Fprintf(&t, "\nWhy now at %s (account score %d):\n%s\n", v.Account, v.AccountScore, v.WhyNow)
	}
	if len(v.Why) > 0 {
		fmt.Fprintf(&t, "\nWhy:\n- %s\n", strings.Join(v.Why, "\n- "))
	}
	if v.PostURL != "" {
		fmt.Fprintf(&t, "\nThe post: %s\n", v.PostURL)
	}
	if v.Portal != "" {
		fmt.Fprintf(&t, "The lead in your portal: %s\n", v.Portal)
	}
	if v.Draft != "" {
		fmt.Fprintf(&t, "\nDraft:\n%s\n", v.Draft)
	}
	if links.Good != "" {
		fmt.Fprintf(&t, "\nGood lead: %s\nNoise: %s\n", links.Good, links.Noise)
	}
	if links.Unsubscribe != "" {
		fmt.Fprintf(&t, "\nUnsubscribe: %s\n", links.Unsubscribe)
	}
	m := mail.Message{MessageID: deliveryID + "@" + host, To: to,
		Subject: clients.Clip(fmt.Sprintf("New %s lead: %s", v.Tier, v.Who), 150), Text: t.String(), HTML: html.String()}
	br.Sign(&m)
	if links.Unsubscribe != "" {
		// RFC 2369 and RFC 8058: a mail client's unsubscribe button POSTs
		// List-Unsubscribe=One-Click to the link, which pauses the channel.
		m.Headers = map[string]string{"List-Unsubscribe": "<" + links.Unsubscribe + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
	}
	return m, nil
}

// sendEmail makes one attempt of an email delivery and classifies it like
// post: sent is delivered; a permanent refusal of the recipient (5xx at
// RCPT TO) disables the channel, as a webhook's 410 does; anything else
// (no server, a timeout, 4xx, another 5xx) is retried with backoff.
func (d *Delivery) sendEmail(ctx context.Context, p *pendingDelivery, lead *clients.ClientLead, now time.Time, a *DeliveryAttempt) (string, string, string, error) {
	fail := func(msg string) (string, string, string, error) {
		a.Error = msg
		return clients.OutcomeRetry, "", "", errors.New(msg)
	}
	if d.opt.Mail == nil {
		return fail(mail.ErrNotConfigured.Error())
	}
	to, err := mail.ParseRecipients(p.channel.Target, clients.MaxEmailRecipients)
	if err != nil {
		return fail("target " + err.Error())
	}
	links, err := d.opt.Links.forDelivery(ctx, p.id)
	if err != nil {
		return fail(err.Error())
	}
	br, err := d.store.BrandFor(ctx, p.clientID)
	if err != nil {
		return fail(err.Error())
	}
	m, err := emailMessage(lead, p.id, to, links, messageIDHost(d.opt.BaseURL), d.opt.BaseURL, br)
	if err != nil {
		a.Error = err.Error()
		return clients.OutcomeFailed, clients.DeliveryFailed, "", river.JobCancel(err)
	}
	return d.classifySend(d.opt.Mail.Send(ctx, m), now, a)
}

// classifySend is an email attempt's outcome from the sender's error.
func (d *Delivery) classifySend(err error, now time.Time, a *DeliveryAttempt) (string, string, string, error) {
	var rej *mail.RejectedError
	switch {
	case err == nil:
		a.ResponseCode = 250
		return clients.OutcomeDelivered, clients.DeliveryDelivered, "", nil
	case errors.As(err, &rej) && rej.Recipient:
		a.ResponseCode = rej.Code
		why := fmt.Sprintf("the mail server refused the recipient (%d) at %s", rej.Code, now.UTC().Format(time.RFC3339))
		a.Error = why + ": " + clients.Clip(rej.Err.Error(), 300)
		return clients.OutcomeDisabled, clients.DeliveryCancelled, why, river.JobCancel(errors.New(why))
	default:
		a.ResponseCode = mail.ResponseCode(err)
		a.Error = clients.Clip(err.Error(), 500)
		return clients.OutcomeRetry, "", "", errors.New(a.Error)
	}
}
