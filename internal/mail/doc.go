// Package mail sends email over SMTP (README.md "Delivery"): one Message
// at a time, with a plain-text and an HTML part, through
// github.com/wneessen/go-mail (MIME, encodings, STARTTLS and SMTP AUTH are
// the library's, never hand-built here). Sender is the interface the
// rest of the program uses, so lead delivery and owner notifications can
// be tested against any server.
package mail
