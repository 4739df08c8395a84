// Package accounts turns leads into companies: it resolves the company a
// lead belongs to (names without legal suffixes, case and punctuation;
// domains through IDNA and the public-suffix list), scores an account by
// stacking its signals of different types with decay, and says in words
// why now is the time to call (docs/clients.md "Accounts"). It holds no
// storage: internal/clients keeps the company records and their links to
// leads and calls this package to fill and rank them.
package accounts
