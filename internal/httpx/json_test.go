package httpx_test

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx"
	"github.com/signalpipe/signalpipe/internal/httpx/httpxtest"
)

// captureLogs returns a logger writing text lines into the returned buffer.
func captureLogs() (*slog.Logger, *bytes.Buffer) {
	var buf bytes.Buffer
	return slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})), &buf
}

func TestErrorShape(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/plain":
			httpx.Error(w, r, http.StatusConflict, "already exists", nil)
		case "/fields":
			httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"email": "is required"})
		case "/notfound":
			httpx.NotFound(w, r)
		}
	})
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Path: "/plain", WantStatus: 409, WantJSON: `{"error":"already exists"}`,
			WantHeaders: map[string]string{"Content-Type": "application/json; charset=utf-8"}},
		{Path: "/fields", WantStatus: 400, WantJSON: `{"error":"invalid input","fields":{"email":"is required"}}`},
		{Path: "/notfound", WantStatus: 404, WantJSON: `{"error":"not found"}`},
	})
}

func TestServerErrorLogsCauseNotClient(t *testing.T) {
	log, buf := captureLogs()
	h := httpx.RequestID(log)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpx.ServerError(w, r, errors.New("db exploded: password=hunter2"))
	}))
	rec := httpxtest.Do(h, "GET", "/x", map[string]string{"X-Request-ID": "req-1"}, "")
	if rec.Code != 500 || strings.Contains(rec.Body.String(), "hunter2") {
		t.Fatalf("response %d %s leaks or has wrong status", rec.Code, rec.Body)
	}
	httpxtest.AssertJSON(t, rec.Body.String(), `{"error":"internal server error"}`)
	for _, s := range []string{"db exploded", "request_id=req-1", "level=ERROR"} {
		if !strings.Contains(buf.String(), s) {
			t.Errorf("log %q lacks %q", buf, s)
		}
	}
}

func TestWriteJSONUnencodable(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpx.WriteJSON(w, 200, map[string]any{"f": func() {}})
	})
	httpxtest.Run(t, h, []httpxtest.Scenario{
		{Path: "/", WantStatus: 500, WantJSON: `{"error":"internal server error"}`},
	})
}
