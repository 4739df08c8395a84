package httpx

import (
	"net/http"
	"strconv"
)

// PageParams reads a numbered list's ?page= (1-1,000,000, default 1) and
// ?pageSize= (1-100, default 25). Out of range or not a whole number, it
// answers 400 with the field's reason and returns ok false.
func PageParams(w http.ResponseWriter, r *http.Request) (page, size int, ok bool) {
	q := r.URL.Query()
	page, okPage := boundedInt(q.Get("page"), 1, 1, 1_000_000)
	size, okSize := boundedInt(q.Get("pageSize"), 25, 1, 100)
	if okPage && okSize {
		return page, size, true
	}
	fields := map[string]string{}
	if !okPage {
		fields["page"] = "Must be a whole number of 1 or more"
	}
	if !okSize {
		fields["pageSize"] = "Must be a whole number from 1 to 100"
	}
	Error(w, r, http.StatusBadRequest, "invalid input", fields)
	return 0, 0, false
}

// boundedInt is v as a whole number within [lo, hi], def when empty.
func boundedInt(v string, def, lo, hi int) (int, bool) {
	if v == "" {
		return def, true
	}
	n, err := strconv.Atoi(v)
	return n, err == nil && n >= lo && n <= hi
}
