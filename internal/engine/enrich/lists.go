package enrich

import "strings"

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// roleAccounts are local parts that reach a function or a team, not a
// person: mail to them is not a lead's verified contact.
var roleAccounts = wordSet(`info sales support hello hi contact admin administrator office team jobs careers hr
	billing accounts accounting finance help helpdesk marketing press media pr noreply no-reply donotreply
	webmaster postmaster hostmaster abuse security privacy legal compliance enquiries inquiries partners
	partnerships service services feedback newsletter orders shop store recruiting talent hiring ops it
	dev devops engineering root mail mailer-daemon all everyone staff`)

// disposableDomains are throwaway-mail services (a small built-in list;
// subdomains match too).
var disposableDomains = wordSet(`mailinator.com guerrillamail.com guerrillamail.net sharklasers.com 10minutemail.com
	10minutemail.net tempmail.com temp-mail.org tempmail.net throwawaymail.com yopmail.com yopmail.net getnada.com
	nada.email dispostable.com trashmail.com trashmail.net maildrop.cc mintemail.com fakeinbox.com mailnesia.com
	mohmal.com emailondeck.com tempinbox.com spamgourmet.com mytemp.email burnermail.io moakt.com tempr.email
	discard.email mailcatch.com inboxkitten.com getairmail.com fakemail.net 33mail.com spambox.us jetable.org
	mail-temp.com tmpmail.org tmpmail.net minuteinbox.com emailfake.com crazymailing.com`)
