package httpx_test

import (
	"net/http"
	"net/http/httptest"
)

func httpxtestRecorder(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}
