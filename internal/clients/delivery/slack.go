package delivery

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/engine"
)

// checkSlackURL says why raw is no Slack incoming-webhook URL: it must be
// https://hooks.slack.com/services/…, unless ALLOW_PRIVATE_WEBHOOKS lets a
// local stand-in through (then any webhook target is taken).
func checkSlackURL(ctx context.Context, raw string, allowPrivate bool) error {
	if err := checkWebhookURL(ctx, raw, allowPrivate); err != nil {
		return err
	}
	if allowPrivate {
		return nil
	}
	u, _ := url.Parse(raw)
	if u.Scheme != "https" || u.Hostname() != "hooks.slack.com" || !strings.HasPrefix(u.Path, "/services/") {
		return errors.New("must be a Slack incoming webhook URL (https://hooks.slack.com/services/…)")
	}
	return nil
}

// slackEscape escapes the three characters Slack's mrkdwn reserves.
func slackEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// slackMessage is the Block Kit message of one lead: who and company,
// signal, score and tier, why (the fit's reasons), the post link and the
// draft; then the Slack app's buttons when buttons is set (slackapp.go),
// else the signed links; status, when set, is a line saying what was done.
//
// br is the client's brand: a footer names it when the owner set one.
func slackMessage(l *clients.ClientLead, links clients.FeedbackLinks, buttons slackButtons, status string, br clients.Brand) ([]byte, error) {
	var lead engine.Lead
	_ = json.Unmarshal(l.Lead, &lead)
	who := leadWho(lead)
	text := fmt.Sprintf("New %s lead: %s (score %d)", l.Tier, who, l.Score)
	field := func(s string) map[string]any { return map[string]any{"type": "mrkdwn", "text": clients.Clip(s, 2000)} }
	section := func(s string) map[string]any { return map[string]any{"type": "section", "text": field(s)} }
	blocks := []any{
		map[string]any{"type": "header", "text": map[string]any{"type": "plain_text", "text": clients.Clip(who, 150), "emoji": false}},
		map[string]any{"type": "section", "fields": []any{
			field("*Signal*\n" + slackEscape(strings.ReplaceAll(l.SignalType, "_", " "))),
			field(fmt.Sprintf("*Score*\n%d (%s)", l.Score, l.Tier)),
		}},
	}
	if lead.Signal != "" {
		blocks = append(blocks, section("*What they said*\n>"+slackEscape(clients.Clip(lead.Signal, 1500))))
	}
	if a := l.Account; a != nil {
		blocks = append(blocks, section(fmt.Sprintf("*Why now at %s* (account score %d)\n%s", slackEscape(a.Name), a.Score, slackEscape(a.WhyNow))))
	}
	if len(lead.Fit.Reasons) > 0 {
		blocks = append(blocks, section("*Why*\n• "+slackEscape(strings.Join(lead.Fit.Reasons, "\n• "))))
	}
	if u := engine.LinkURL(l.URL); u != "" { // http(s) only: a post's URL is a third party's
		blocks = append(blocks, section("<"+strings.NewReplacer("|", "%7C", ">", "%3E", "<", "%3C").Replace(u)+"|Open the post>"))
	}
	if lead.Draft.Body != "" {
		body := lead.Draft.Body
		if l.Account != nil && l.Account.Postscript != "" {
			body += "\n\n" + l.Account.Postscript // the account's news (the model's accounts_lead.go)
		}
		blocks = append(blocks, section("*Draft*\n"+slackEscape(clients.Clip(body, 2500))))
	}
	switch {
	case buttons != nil:
		blocks = append(blocks, slackActionBlock(l.ID, buttons))
	case links.Good != "":
		// Signed links (links.go): no login; each opens a page whose
		// button records the verdict.
		blocks = append(blocks, map[string]any{"type": "actions", "elements": []any{
			map[string]any{"type": "button", "text": map[string]any{"type": "plain_text", "text": "Good"}, "url": links.Good, "style": "primary", "action_id": "good"},
			map[string]any{"type": "button", "text": map[string]any{"type": "plain_text", "text": "Noise"}, "url": links.Noise, "action_id": "noise"},
		}})
	}
	if status != "" {
		blocks = append(blocks, slackStatusBlock(status))
	}
	if f := slackFooter(br); f != nil {
		blocks = append(blocks, f)
	}
	return json.Marshal(map[string]any{"text": slackEscape(clients.Clip(text, 3000)), "blocks": blocks})
}

// slackFooter is a context block naming the brand (with its logo) when
// the owner set a name; nil otherwise, so the default message is as the
// spec has it.
func slackFooter(br clients.Brand) map[string]any {
	if br.Name == "" {
		return nil
	}
	var els []any
	if br.LogoURL != "" {
		els = append(els, map[string]any{"type": "image", "image_url": br.LogoURL, "alt_text": clients.Clip(br.Name, 200)})
	}
	els = append(els, map[string]any{"type": "mrkdwn", "text": "Sent by " + slackEscape(clients.Clip(br.Name, 200))})
	return map[string]any{"type": "context", "elements": els}
}
