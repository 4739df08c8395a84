// Package api holds the OpenAPI document of Signalpipe's HTTP API
// (openapi.json) and serves it at GET /api/openapi.json. The document
// describes every route of every feature's route table (httpx.Route); the
// server's TestOpenAPIDescribesEveryRoute fails when a route and the
// document disagree (docs/architecture.md "Adding a route").
package api
