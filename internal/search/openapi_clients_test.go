package search_test

import (
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/search"
)

func init() { search.OtherRoutes = append(search.OtherRoutes, clients.RouteList()...) }

func init() { search.OtherRoutes = append(search.OtherRoutes, clients.PortalRouteList()...) }

func init() { search.OtherRoutes = append(search.OtherRoutes, clients.DeliveryRouteList()...) }

// The console's badge and newsletter routes, mounted by internal/intake and
// internal/blog (their AdminRoutes; neither has a route list yet).
func init() {
	search.OtherRoutes = append(search.OtherRoutes, "GET /api/admin/badges", "POST /api/admin/badges/seen",
		"GET /api/admin/newsletter", "GET /api/admin/newsletter.csv")
}
