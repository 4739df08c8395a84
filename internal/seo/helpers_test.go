package seo_test

import (
	"net/http"
	"net/http/httptest"

	"github.com/signalpipe/signalpipe/internal/seo"
)

type httptestRecorder = httptest.ResponseRecorder

func httpMux(s *seo.Site) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /robots.txt", s.Robots)
	mux.HandleFunc("GET /sitemap.xml", s.Sitemap)
	return mux
}
