// Package httpx is Signalpipe's small HTTP plumbing: the JSON response and
// error shape every handler uses, strict JSON request decoding, and the
// middleware chain (request id, access log, panic recovery, security headers,
// gzip, body limit).
//
// Every error a client sees has one shape:
//
//	{"error": "human readable message", "fields": {"email": "is required"}}
//
// with "fields" present only for per-field validation problems. Handlers log
// the cause of unexpected failures with ServerError and answer with a generic
// message, so internals never leak.
package httpx
