package server

import (
	"net/http"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/pdf"
)

// routes is the whole route table. Feature packages mount their JSON routes
// on api (e.g. blog.NewHandler(deps).Routes(api)) and may add sitemap
// entries with s.seo.AddProvider. Admin routes are wrapped in
// s.auth.RequireAdmin (session, plus CSRF and origin checks on writes).
func (s *Server) routes() http.Handler {
	api := http.NewServeMux()
	api.HandleFunc("GET /api/config", s.handleConfig)
	s.intake.Routes(api)
	s.auth.Routes(api)
	s.intake.AdminRoutes(api, s.auth.RequireAdmin)
	s.blog.Routes(api)
	s.blog.AdminRoutes(api, s.auth.RequireAdmin)
	s.search.Routes(api)
	s.search.AdminRoutes(api, s.auth.RequireAdmin)
	s.clients.AdminRoutes(api, s.auth.RequireAdmin)
	s.sources.AdminRoutes(api, s.auth.RequireAdmin) // source health
	s.portal.Routes(api, s.auth.RequireAdmin)
	s.delivery.Routes(api, s.auth.RequireAdmin) // channels, delivery log
	s.notices.AdminRoutes(api, s.auth.RequireAdmin)
	s.stats.Routes(api)
	s.stats.AdminRoutes(api, s.auth.RequireAdmin)
	s.pdfAPI.Routes(api)

	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.handleHealthz)
	mux.HandleFunc("GET /readyz", s.handleReadyz)
	mux.HandleFunc("GET /robots.txt", s.seo.Robots)
	mux.HandleFunc("GET /sitemap.xml", s.seo.Sitemap)
	mux.HandleFunc("GET /blog/feed.xml", s.blog.Feed)
	mux.Handle("GET "+pdf.ChecklistPath, s.checklist) // before "/": a file the app does not have
	mux.Handle("/api/", httpx.JSONErrors(api))
	mux.Handle("/", s.web) // app pages and files; answers 405 itself for non-GET
	return httpx.JSONErrors(mux)
}
