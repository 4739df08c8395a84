package search

import (
	_ "embed"
	"net/http"
)

// openAPIDoc is the OpenAPI 3.1 document of this package's routes, kept
// by hand; a test checks that it parses and lists every mounted route.
//
//go:embed openapi.json
var openAPIDoc []byte

// OpenAPI serves the OpenAPI document.
func OpenAPI(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(openAPIDoc)
}
