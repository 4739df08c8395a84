package api

import (
	_ "embed"
	"net/http"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// Document is the OpenAPI 3.1 document of every mounted route, kept by hand
// (docs/api.md "OpenAPI"); the server's tests check it against the route
// tables and `make lint` runs redocly lint on it. The web app's /docs/api
// page is built from the same file.
//
//go:embed openapi.json
var Document []byte

// Routes is the package's route table: the document itself.
func Routes() []httpx.Route {
	return []httpx.Route{{Method: "GET", Path: "/api/openapi.json", Handler: http.HandlerFunc(serve),
		Access: httpx.AccessPublic, OperationID: "getOpenApiDocument"}}
}

// serve answers the document.
func serve(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(Document)
}
