package httpx

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"github.com/signalpipe/signalpipe/internal/db/dberr"
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

// StorageRetryAfter is the Retry-After, in seconds, of a 503 caused by the
// database's storage (full disk, read-only).
const StorageRetryAfter = "30"

// ServerError logs err (the cause, with the request id) and answers 500 with
// a generic message that reveals nothing about it. An error that is the
// storage's fault (disk full, read-only, I/O error; see dberr) answers 503
// with Retry-After instead: nothing was stored, and the same request may
// succeed later or on another instance.
func ServerError(w http.ResponseWriter, r *http.Request, err error) {
	if dberr.StorageUnavailable(err) {
		Logger(r.Context()).Error("storage unavailable", "method", r.Method, "path", r.URL.Path, "err", err)
		w.Header().Set("Retry-After", StorageRetryAfter)
		Error(w, r, http.StatusServiceUnavailable, "storage temporarily unavailable; nothing was saved, try again later", nil)
		return
	}
	Logger(r.Context()).Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	Error(w, r, http.StatusInternalServerError, "internal server error", nil)
}

// NotFound answers 404 {"error":"not found"}.
func NotFound(w http.ResponseWriter, r *http.Request) {
	Error(w, r, http.StatusNotFound, "not found", nil)
}
