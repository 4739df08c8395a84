// Package web embeds the production build of the React app so that the
// signalpipe binary serves it without any files on disk.
//
// dist is written by `npm run build` in this directory and is not committed,
// except dist/.placeholder: it keeps the folder present so that a fresh
// checkout builds, vets and runs the Go tests that do not serve the app
// without a web build. A server built from such a tree refuses to start
// ("web build is incomplete"). The layout the server relies on is documented
// in package internal/webapp.
package web

import "embed"

// Dist holds the build output under the "dist/" prefix; pass
// fs.Sub(Dist, "dist") to webapp.New. all: keeps files starting with "." or
// "_" that Vite may emit.
//
//go:embed all:dist
var Dist embed.FS
