// Package enrich fills in who is behind a post — person, title, company,
// company size, industry, location — from the post's text and the
// source's author profile, finds email addresses and LinkedIn URLs, and
// verifies emails: syntax, a DNS MX (or A) lookup through an injectable
// resolver, a disposable-domain list and a role-account check, recording
// when the check ran.
package enrich
