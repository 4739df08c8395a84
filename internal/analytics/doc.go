// Package analytics is Signalpipe's first-party page-view analytics: the
// beacon endpoint the app calls on each route change, a buffered writer that
// stores views in batches, and the admin report behind /analytics.
//
// Privacy: no cookies and no third-party script. A visitor is identified
// only by a hash of their address and user agent with a random salt that
// changes every UTC day and is deleted afterwards, so neither the address
// nor a long-lived identifier is ever stored. Known bots are not counted,
// and only the app's own pages (and published blog posts) are recorded.
package analytics
