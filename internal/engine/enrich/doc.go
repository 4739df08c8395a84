// Package enrich fills in who is behind a post — person, title, company,
// company size, industry, location — from the post's text and the
// source's author profile, finds email addresses and LinkedIn URLs, and
// verifies emails: syntax, a role-account check and a disposable-domain
// list (no DNS), then a DNS MX (or A/AAAA) lookup through an injectable
// resolver, recording when the answer came. A Verifier is shared by every
// search: it caches each domain's answer, bounds the lookups in flight,
// and CheckAll keeps a batch within a time budget, leaving addresses not
// answered in time unchecked. Package dnstest is a local DNS server for
// testing it.
package enrich
