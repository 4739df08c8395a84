package server

import (
	"net/http"

	"github.com/signalpipe/signalpipe/internal/api"
	"github.com/signalpipe/signalpipe/internal/httpx"
)

// routes mounts every feature's route table (httpx.Route: method, path,
// handler, access, body limit, rate limit, operationId) on one router, as
// pocketbase's apis/*.go register each feature's routes and miniflux mounts
// its api routes in one place. The router applies each entry's guard (an
// admin session, a client user's session or a client's API token) and rate
// limit; its LimitBody (in rebuild) applies the body limits. The OpenAPI
// document (internal/api) is checked against s.router.Routes() by
// TestOpenAPIDescribesEveryRoute. Features may add sitemap entries with
// s.seo.AddProvider.
func (s *Server) routes() http.Handler {
	portal := s.portal.Guards()
	s.router = httpx.NewRouter(httpx.Guards{Admin: s.auth.RequireAdmin, Client: portal.Client, Token: portal.Token})
	s.router.Mount(s.ownRoutes()...)
	s.router.Mount(api.Routes()...)
	s.router.Mount(s.intake.Routes()...)
	s.router.Mount(s.auth.Routes()...)
	s.router.Mount(s.blog.Routes()...)
	s.router.Mount(s.search.Routes()...)
	s.router.Mount(s.clients.Routes()...)
	s.router.Mount(s.sources.Routes()...) // source health
	s.router.Mount(s.portal.Routes()...)
	s.router.Mount(s.mcp.Routes()...)           // the MCP server at /mcp (API tokens)
	s.router.Mount(s.delivery.Routes()...)      // channels, delivery log
	s.router.Mount(s.delivery.LinkRoutes()...)  // signed Good/Noise/unsubscribe links: HTML pages
	s.router.Mount(s.delivery.SlackRoutes()...) // the Slack app's button clicks (SLACK_SIGNING_SECRET)
	s.router.Mount(s.delivery.FeedRoutes()...)  // a client's Atom feed at its secret URL
	s.router.Mount(s.notices.Routes()...)       // the owner's notices
	s.router.Mount(s.stats.Routes()...)
	s.router.Mount(s.pdfAPI.Routes()...)
	s.router.Mount(s.checklist.Routes()...)
	s.router.Mount(s.seo.Routes()...)
	return s.router.Handler(s.web) // app pages and files; answers 405 itself for non-GET
}

// ownRoutes is the server's own route table: the app's configuration and
// the health probes.
func (s *Server) ownRoutes() []httpx.Route {
	pub := httpx.AccessPublic
	return []httpx.Route{
		{Method: "GET", Path: "/api/config", Handler: http.HandlerFunc(s.handleConfig), Access: pub, OperationID: "getConfig"},
		{Method: "GET", Path: "/healthz", Handler: http.HandlerFunc(s.handleHealthz), Access: pub, OperationID: "getHealthz"},
		{Method: "GET", Path: "/readyz", Handler: http.HandlerFunc(s.handleReadyz), Access: pub, OperationID: "getReadyz"},
	}
}
