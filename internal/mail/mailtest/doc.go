// Package mailtest runs an in-process SMTP server (github.com/emersion/go-smtp)
// for tests: it speaks STARTTLS or implicit TLS with a certificate made on
// the spot, checks PLAIN authentication, can refuse recipients, and parses
// every message it receives with net/mail and mime/multipart.
package mailtest
