package search_test

import (
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/search"
)

func init() { search.OtherRoutes = append(search.OtherRoutes, clients.RouteList()...) }

func init() { search.OtherRoutes = append(search.OtherRoutes, clients.PortalRouteList()...) }

func init() { search.OtherRoutes = append(search.OtherRoutes, clients.DeliveryRouteList()...) }
func init() { search.OtherRoutes = append(search.OtherRoutes, clients.FeedRouteList()...) }
