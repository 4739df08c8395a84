// Package querylang is the agents' query language (docs/clients.md "Query
// language"): ParseQuery reads a query of words, "phrases", OR and
// -exclusions; Match says whether a post's text passes any of an agent's
// queries; IndexQuery turns them into the posts index's search. It sits
// below both of its users, the agents' runs (internal/clients) and the
// Jetstream consumer's prefilter (internal/search/jetstream).
package querylang
