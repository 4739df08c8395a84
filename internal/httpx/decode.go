package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
)

// Errors returned by DecodeJSON. WriteDecodeError maps them to responses.
var (
	// ErrUnsupportedMediaType means the Content-Type is not application/json.
	ErrUnsupportedMediaType = errors.New("content type must be application/json")
	// ErrBodyTooLarge means the body exceeded the limit.
	ErrBodyTooLarge = errors.New("request body too large")
)

// MalformedJSONError means the body is not a single valid JSON value of the
// expected shape.
type MalformedJSONError struct {
	// Err is the decoder's error.
	Err error
}

func (e *MalformedJSONError) Error() string { return "malformed JSON: " + e.Err.Error() }
func (e *MalformedJSONError) Unwrap() error { return e.Err }

// DecodeJSON decodes the request body, which must be application/json, hold
// exactly one JSON value and be at most maxBytes long, into v. Unknown fields
// are allowed so that clients may send more than a handler reads.
func DecodeJSON(w http.ResponseWriter, r *http.Request, v any, maxBytes int64) error {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		return ErrUnsupportedMediaType
	}
	body := http.MaxBytesReader(w, r.Body, maxBytes)
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil {
		return decodeErr(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		if err == nil {
			err = errors.New("unexpected data after the JSON value")
		}
		return decodeErr(err)
	}
	return nil
}

func decodeErr(err error) error {
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return ErrBodyTooLarge
	case errors.Is(err, io.EOF):
		return &MalformedJSONError{Err: errors.New("empty body")}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &MalformedJSONError{Err: errors.New("unexpected end of input")}
	}
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		return &MalformedJSONError{Err: fmt.Errorf("field %q must be %s", typeErr.Field, typeErr.Type)}
	}
	return &MalformedJSONError{Err: err}
}

// WriteDecodeError answers a DecodeJSON error: 415, 413 or 400.
func WriteDecodeError(w http.ResponseWriter, r *http.Request, err error) {
	var bad *MalformedJSONError
	switch {
	case errors.Is(err, ErrUnsupportedMediaType):
		Error(w, r, http.StatusUnsupportedMediaType, err.Error(), nil)
	case errors.Is(err, ErrBodyTooLarge):
		Error(w, r, http.StatusRequestEntityTooLarge, err.Error(), nil)
	case errors.As(err, &bad):
		Error(w, r, http.StatusBadRequest, bad.Error(), nil)
	default:
		ServerError(w, r, err)
	}
}
