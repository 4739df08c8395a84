package httpx

import (
	"encoding/json"
	"log/slog"
	"net/http"
)

// ErrorBody is the JSON shape of every error response.
type ErrorBody struct {
	// Error is the human-readable message.
	Error string `json:"error"`
	// Fields maps a request field to what is wrong with it.
	Fields map[string]string `json:"fields,omitempty"`
}

// WriteJSON answers with status and v encoded as JSON.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		// Only a programming error (an unencodable type) gets here.
		slog.Error("encode JSON response", "err", err)
		status, body = http.StatusInternalServerError, []byte(`{"error":"internal server error"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Del("Content-Length")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}

// Error answers with status and the standard error shape. fields may be nil.
func Error(w http.ResponseWriter, r *http.Request, status int, msg string, fields map[string]string) {
	WriteJSON(w, status, ErrorBody{Error: msg, Fields: fields})
}

// ServerError logs err (the cause, with the request id) and answers 500 with
// a generic message that reveals nothing about it.
func ServerError(w http.ResponseWriter, r *http.Request, err error) {
	Logger(r.Context()).Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	Error(w, r, http.StatusInternalServerError, "internal server error", nil)
}

// NotFound answers 404 {"error":"not found"}.
func NotFound(w http.ResponseWriter, r *http.Request) {
	Error(w, r, http.StatusNotFound, "not found", nil)
}
