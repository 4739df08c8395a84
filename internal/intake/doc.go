// Package intake turns visitors into stored leads: the public booking-lead
// and onboarding endpoints (strict validation, per-client rate limit), the
// durable submissions store, the background forwarding of each submission to
// the workflow webhook or the form-mail API, and the admin console's
// submission API (list, detail, retry, CSV export).
//
// A submission row and its forwarding job are written in one transaction, so
// an acknowledged submission always has either been delivered or has a job
// that will keep trying.
package intake
