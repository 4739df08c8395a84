package portal

import (
	"context"
	"fmt"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/delivery"
	"github.com/signalpipe/signalpipe/internal/mail"
)

// mailInvite emails an invite bound to an email, through the delivery's
// sender (SMTP_URL), within SMTP_TIMEOUT; nothing when the invite has no
// email or mail is not configured. The link is the one the answer shows.
//
// It comes from the client's brand (sender, reply-to; docs/clients.md
// "White-label").
func (p *Portal) mailInvite(ctx context.Context, inv *Invite, link string, br clients.Brand) error {
	if inv.Email == "" || p.delivery == nil || p.delivery.Opt().Mail == nil {
		return nil
	}
	c, err := p.store.Client(ctx, inv.ClientID)
	if err != nil {
		return err
	}
	timeout := p.delivery.Opt().MailTimeout
	if timeout <= 0 {
		timeout = mail.DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer cancel()
	expires := inv.ExpiresAt.UTC().Format("2 January 2006, 15:04 UTC")
	text := fmt.Sprintf("You are invited to %s's leads workspace.\n\nSet your password and sign in here (the link works once, until %s):\n%s\n\nIf you did not expect this, ignore this email.\n",
		c.Name, expires, link)
	html := fmt.Sprintf(`<!doctype html><html><body style="font-family: system-ui, sans-serif; color: #111; max-width: 36rem">
<p>You are invited to <strong>%s</strong>'s leads workspace.</p>
<p><a href="%s">Set your password and sign in</a> (the link works once, until %s).</p>
<p style="color: #777; font-size: .85rem">If you did not expect this, ignore this email.</p></body></html>`,
		delivery.HTMLEscape(c.Name), delivery.HTMLEscape(link), delivery.HTMLEscape(expires))
	m := mail.Message{To: []string{inv.Email},
		Subject: clients.Clip("Your invitation to "+c.Name+"'s leads", 150), Text: text, HTML: html}
	br.Sign(&m)
	return p.delivery.Opt().Mail.Send(ctx, m)
}
