// Package blog is Signalpipe's blog and its CMS: posts and categories stored
// in the database, the public read API (REST under /api/blog and the
// Convex-style POST /api/query the connection test page uses), the admin API
// behind an admin session, the newsletter sign-up, the Atom feed, sitemap
// entries, the server-side meta of post pages and the starter articles a
// fresh install is seeded with.
package blog
