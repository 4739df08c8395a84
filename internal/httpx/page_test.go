package httpx

import (
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// TestPageParams: defaults, bounds, and a 400 naming each bad field.
func TestPageParams(t *testing.T) {
	for q, want := range map[string]string{
		"":                         "1 25 true",
		"?page=3&pageSize=100":     "3 100 true",
		"?page=0":                  `400 {"error":"invalid input","fields":{"page":"Must be a whole number of 1 or more"}}`,
		"?pageSize=101&page=x":     `400 {"error":"invalid input","fields":{"page":"Must be a whole number of 1 or more","pageSize":"Must be a whole number from 1 to 100"}}`,
		"?page=1000001":            `400 {"error":"invalid input","fields":{"page":"Must be a whole number of 1 or more"}}`,
		"?page=1000000&pageSize=1": "1000000 1 true",
	} {
		rec := httptest.NewRecorder()
		page, size, ok := PageParams(rec, httptest.NewRequest("GET", "/x"+q, nil))
		got := strings.TrimSpace(rec.Body.String())
		if ok {
			got = strings.Join([]string{itoa(page), itoa(size), "true"}, " ")
		} else {
			got = itoa(rec.Code) + " " + got
		}
		if got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
