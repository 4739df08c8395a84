package httpx_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

func decodeHandler(limit int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Name string `json:"name"`
			Age  int    `json:"age"`
		}
		if err := httpx.DecodeJSON(w, r, &in, limit); err != nil {
			httpx.WriteDecodeError(w, r, err)
			return
		}
		httpx.WriteJSON(w, http.StatusOK, in)
	})
}

func TestDecodeJSON(t *testing.T) {
	jsonCT := map[string]string{"Content-Type": "application/json"}
	httpxtest.Run(t, decodeHandler(64), []httpxtest.Scenario{
		{Name: "ok", Method: "POST", Path: "/", Headers: jsonCT, Body: `{"name":"Ada","age":36,"extra":true}`,
			WantStatus: 200, WantJSON: `{"name":"Ada","age":36}`},
		{Name: "charset param ok", Method: "POST", Path: "/", Headers: map[string]string{"Content-Type": "application/json; charset=utf-8"},
			Body: `{"name":"A"}`, WantStatus: 200},
		{Name: "no content type", Method: "POST", Path: "/", Body: `{}`,
			WantStatus: 415, WantJSON: `{"error":"content type must be application/json"}`},
		{Name: "form content type", Method: "POST", Path: "/", Headers: map[string]string{"Content-Type": "application/x-www-form-urlencoded"},
			Body: `a=b`, WantStatus: 415},
		{Name: "too large", Method: "POST", Path: "/", Headers: jsonCT, Body: `{"name":"` + strings.Repeat("x", 100) + `"}`,
			WantStatus: 413, WantJSON: `{"error":"request body too large"}`},
		{Name: "syntax error", Method: "POST", Path: "/", Headers: jsonCT, Body: `{"name":`,
			WantStatus: 400, WantJSON: `{"error":"malformed JSON: unexpected end of input"}`},
		{Name: "bad token", Method: "POST", Path: "/", Headers: jsonCT, Body: `{name}`,
			WantStatus: 400, WantBody: []string{`"error":"malformed JSON: invalid character`}},
		{Name: "trailing data", Method: "POST", Path: "/", Headers: jsonCT, Body: `{"name":"a"} {"name":"b"}`,
			WantStatus: 400, WantJSON: `{"error":"malformed JSON: unexpected data after the JSON value"}`},
		{Name: "trailing garbage", Method: "POST", Path: "/", Headers: jsonCT, Body: `{"name":"a"}x`,
			WantStatus: 400, WantBody: []string{"malformed JSON"}},
		{Name: "empty body", Method: "POST", Path: "/", Headers: jsonCT, Body: ``,
			WantStatus: 400, WantJSON: `{"error":"malformed JSON: empty body"}`},
		{Name: "wrong type", Method: "POST", Path: "/", Headers: jsonCT, Body: `{"age":"old"}`,
			WantStatus: 400, WantJSON: `{"error":"malformed JSON: field \"age\" must be int"}`},
	})
}
