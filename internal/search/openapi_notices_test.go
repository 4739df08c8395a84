package search_test

import (
	"github.com/signalpipe/signalpipe/internal/notices"
	"github.com/signalpipe/signalpipe/internal/search"
)

func init() { search.OtherRoutes = append(search.OtherRoutes, notices.RouteList()...) }
