// Package httpxtest runs table-driven API scenarios against an http.Handler:
// a request (method, path, headers, body) and what the response must be
// (status, headers, exact JSON or body fragments).
package httpxtest
