package delivery

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
	"github.com/signalpipe/signalpipe/internal/mail"
)

// maxDigestEmailLeads is how many leads a digest email lists in full; the
// rest are counted, with a link to the inbox (the whole digest stays in
// the inbox and the delivery log).
const maxDigestEmailLeads = 100

var digestEmailHTML = template.Must(template.New("digest").Parse(`<!doctype html>
<html><body style="font-family: system-ui, -apple-system, Segoe UI, sans-serif; color: #111; max-width: 40rem">
<h2 style="margin: 0 0 1rem; font-size: 1.25rem">{{.Title}}</h2>
{{range .Leads}}<div style="margin: 0 0 1.25rem; padding-bottom: 1rem; border-bottom: 1px solid #eee">
<p style="color: #555; margin: 0 0 .25rem">{{.Tier}} · score {{.Score}} · {{.Signal}}</p>
<p style="margin: 0 0 .25rem; font-weight: 600">{{if .PostURL}}<a href="{{.PostURL}}">{{.Who}}</a>{{else}}{{.Who}}{{end}}</p>
{{if .Said}}<p style="margin: 0 0 .25rem; color: #333">{{.Said}}</p>{{end}}
{{if .Links.Good}}<p style="margin: 0; font-size: .9rem"><a href="{{.Links.Good}}">Good</a> · <a href="{{.Links.Noise}}">Noise</a></p>{{end}}
</div>
{{end}}{{if .More}}<p>…and {{.More}} more in the inbox.</p>{{end}}
{{if .Inbox}}<p><a href="{{.Inbox}}">Open the inbox</a></p>{{end}}
{{if .Unsubscribe}}<p style="color: #777; font-size: .85rem">Sent by {{.Brand}} to this channel's addresses. <a href="{{.Unsubscribe}}">Unsubscribe</a></p>{{end}}
</body></html>
`))

type digestEmailLead struct {
	Tier, Signal, Who, Said, PostURL string
	Score                            int
	Links                            clients.FeedbackLinks
}

// digestEmail is one digest's email: every lead (up to
// maxDigestEmailLeads) with its tier, score, signal, who (linked to the
// post), what they said and its own Good / Noise links, then the inbox
// link and List-Unsubscribe. Its Message-ID derives from the digest id, so
// every retry carries the same one. deliveries maps a lead to its delivery
// id in this digest (what its links sign).
func digestEmail(ctx context.Context, links *Links, dg *digest, leads []*clients.ClientLead, deliveries map[string]string,
	to []string, host, inbox, baseURL string, br clients.Brand) (mail.Message, error) {
	view := struct {
		Title, Inbox, Unsubscribe, Brand string
		Leads                            []digestEmailLead
		More                             int
	}{Inbox: br.Rebase(inbox, baseURL), Brand: br.DisplayName()}
	inbox = view.Inbox
	n := len(leads)
	view.Title = fmt.Sprintf("%d new lead%s in your %s digest", n, map[bool]string{true: "", false: "s"}[n == 1], dg.channel.Cadence)
	var text strings.Builder
	fmt.Fprintf(&text, "%s\n", view.Title)
	for i, l := range leads {
		fl, err := links.forDelivery(ctx, deliveries[l.ID])
		if err != nil {
			return mail.Message{}, err
		}
		fl = br.RebaseLinks(fl, baseURL)
		if view.Unsubscribe == "" {
			view.Unsubscribe = fl.Unsubscribe
		}
		if i >= maxDigestEmailLeads {
			view.More++
			continue
		}
		var lead engine.Lead
		if err := json.Unmarshal(l.Lead, &lead); err != nil {
			return mail.Message{}, fmt.Errorf("read lead: %w", err)
		}
		v := digestEmailLead{Tier: l.Tier, Signal: strings.ReplaceAll(l.SignalType, "_", " "), Who: leadWho(lead),
			Said: clients.Clip(lead.Signal, 300), PostURL: engine.LinkURL(l.URL), Score: l.Score, Links: fl}
		view.Leads = append(view.Leads, v)
		fmt.Fprintf(&text, "\n%s lead, score %d, %s: %s\n", v.Tier, v.Score, v.Signal, v.Who)
		if v.Said != "" {
			fmt.Fprintf(&text, "> %s\n", strings.ReplaceAll(v.Said, "\n", "\n> "))
		}
		if v.PostURL != "" {
			fmt.Fprintf(&text, "The post: %s\n", v.PostURL)
		}
		if fl.Good != "" {
			fmt.Fprintf(&text, "Good: %s\nNoise: %s\n", fl.Good, fl.Noise)
		}
	}
	if view.More > 0 {
		fmt.Fprintf(&text, "\n…and %d more in the inbox.\n", view.More)
	}
	if inbox != "" {
		fmt.Fprintf(&text, "\nOpen the inbox: %s\n", inbox)
	}
	if view.Unsubscribe != "" {
		fmt.Fprintf(&text, "\nUnsubscribe: %s\n", view.Unsubscribe)
	}
	var html bytes.Buffer
	if err := digestEmailHTML.Execute(&html, view); err != nil {
		return mail.Message{}, err
	}
	m := mail.Message{MessageID: dg.id + "@" + host, To: to, Subject: clients.Clip(view.Title, 150), Text: text.String(), HTML: html.String()}
	br.Sign(&m)
	if view.Unsubscribe != "" {
		m.Headers = map[string]string{"List-Unsubscribe": "<" + view.Unsubscribe + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
	}
	return m, nil
}

// sendEmailDigest makes one attempt of an email channel's digest, with
// sendEmail's rules (sent is delivered; a refused recipient disables the
// channel; anything else retries).
func (d *Delivery) sendEmailDigest(ctx context.Context, dg *digest, leads []*clients.ClientLead, inbox string, now time.Time, a *DeliveryAttempt) (string, string, string, error) {
	if d.opt.Mail == nil {
		a.Error = mail.ErrNotConfigured.Error()
		return clients.OutcomeRetry, "", "", errors.New(a.Error)
	}
	to, err := mail.ParseRecipients(dg.channel.Target, clients.MaxEmailRecipients)
	if err != nil {
		a.Error = "target " + err.Error()
		return clients.OutcomeRetry, "", "", errors.New(a.Error)
	}
	deliveries, err := d.store.digestDeliveries(ctx, dg.id)
	if err != nil {
		return clients.OutcomeRetry, "", "", err
	}
	br, err := d.store.BrandFor(ctx, dg.clientID)
	if err != nil {
		return clients.OutcomeRetry, "", "", err
	}
	m, err := digestEmail(ctx, d.opt.Links, dg, leads, deliveries, to, messageIDHost(d.opt.BaseURL), inbox, d.opt.BaseURL, br)
	if err != nil {
		a.Error = err.Error()
		return clients.OutcomeFailed, clients.DeliveryFailed, "", river.JobCancel(err)
	}
	return d.classifySend(d.opt.Mail.Send(ctx, m), now, a)
}

// digestDeliveries maps each lead of a digest to its delivery id.
func (s *Store) digestDeliveries(ctx context.Context, digestID string) (map[string]string, error) {
	rows, err := s.DB().Reader.QueryContext(ctx, s.DB().Rebind(`SELECT lead_id, id FROM client_deliveries WHERE digest_id = ?`), digestID)
	if err != nil {
		return nil, fmt.Errorf("digest deliveries: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var lead, id string
		if err := rows.Scan(&lead, &id); err != nil {
			return nil, fmt.Errorf("digest deliveries: %w", err)
		}
		out[lead] = id
	}
	return out, rows.Err()
}
