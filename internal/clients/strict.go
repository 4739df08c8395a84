package clients

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// decodeStrict is decode for a PATCH (and the bodies next to it): a key
// the body's type does not have, at the top or inside a nested object
// ("settings"), answers 400 naming it ("settings.deliveryMod": "unknown
// field") instead of being dropped. Objects kept raw (the ICP) are checked
// by their own parser.
func decodeStrict(w http.ResponseWriter, r *http.Request, v any) bool {
	var raw json.RawMessage
	if !decode(w, r, &raw) {
		return false
	}
	errs := fieldErrors{}
	unknownKeys(raw, reflect.TypeOf(v), "", errs)
	if len(errs) > 0 {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", errs)
		return false
	}
	if err := json.Unmarshal(raw, v); err != nil {
		msg := err.Error()
		var te *json.UnmarshalTypeError
		if ok := asTypeError(err, &te); ok && te.Field != "" {
			httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{te.Field: "must be " + jsonKind(te.Type)})
			return false
		}
		httpx.Error(w, r, http.StatusBadRequest, "malformed JSON: "+msg, nil)
		return false
	}
	return true
}

func asTypeError(err error, te **json.UnmarshalTypeError) bool {
	t, ok := err.(*json.UnmarshalTypeError)
	if ok {
		*te = t
	}
	return ok
}

// jsonKind names a Go type as JSON does.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int64, reflect.Float64:
		return "a number"
	case reflect.Slice:
		return "a list"
	}
	return "an object"
}

// unknownKeys adds to errs every key of the JSON object raw that struct
// type t has no field for, recursing into fields that are structs.
func unknownKeys(raw json.RawMessage, t reflect.Type, prefix string, errs fieldErrors) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return // not an object: Unmarshal's own error says so
	}
	fields := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fields[name] = f.Type
	}
	for k, v := range m {
		ft, ok := fields[k]
		if !ok {
			errs[prefix+k] = "unknown field"
			continue
		}
		if ft != reflect.TypeOf(json.RawMessage(nil)) {
			unknownKeys(v, ft, prefix+k+".", errs)
		}
	}
}
