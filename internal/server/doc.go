// Package server assembles Signalpipe's HTTP server: the route table
// (routes.go, the whole API on one screen), the middleware chain, the
// operational endpoints and graceful shutdown.
package server
