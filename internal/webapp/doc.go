// Package webapp serves the embedded React build (web/dist) from memory.
//
// It knows the app's route table (dist/routes.json, written by the web build)
// so that it can tell app pages from unknown paths: a path that matches a
// route is answered with its prerendered dist/<path>/index.html, or the app
// shell dist/spa.html when there is none, while anything else gets the
// prerendered dist/404.html with a real 404 status. Files are loaded once at
// start-up with strong ETags and precompressed gzip variants; hashed assets
// under /assets/ are cached for a year, HTML never without revalidation.
//
// The dist contract, which the web build follows:
//
//	routes.json          {"routes": ["/", "/blog/:slug", "/docs/*", ...],
//	                      "shells": {"/blog/:slug": "shell-blog-slug.html"}}
//	index.html           prerendered "/"
//	<path>/index.html    prerendered static route <path>
//	spa.html             app shell for routes with no prerendered page
//	404.html             prerendered not-found screen
//	shell-*.html         a dynamic route's prerendered shell (layout and a
//	                     <!--page-slot-->…<!--/page-slot--> its PageProvider
//	                     fills); never served as a file
//	templates/*          markup drawn with named slots that a feature fills
//	                     (templates/post.html: internal/blog/page.go); never
//	                     served as a file
//	assets/*             hashed, immutable build output
//	*                    other public files (favicon.svg, ...)
//
// In every HTML file the token __SIGNALPIPE_BASE_URL__ is replaced with the
// configured BASE_URL when it is loaded.
package webapp
