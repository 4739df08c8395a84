// Package web embeds the production build of the React app so that the
// signalpipe binary serves it without any files on disk.
//
// dist is written by `npm run build` in this directory and is not committed;
// it must exist before the Go code compiles. The layout the server relies on
// is documented in package internal/webapp.
package web

import "embed"

// Dist holds the build output under the "dist/" prefix; pass
// fs.Sub(Dist, "dist") to webapp.New. all: keeps files starting with "." or
// "_" that Vite may emit.
//
//go:embed all:dist
var Dist embed.FS
