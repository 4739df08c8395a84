package httpx_test

import (
	"testing"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

func TestOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"https://cal.example/team/demo?x=1": "https://cal.example",
		"http://cal.example:8443/a":         "http://cal.example:8443",
		"":                                  "",
		"/relative":                         "",
	} {
		if got := httpx.Origin(in); got != want {
			t.Errorf("Origin(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSecureCookies(t *testing.T) {
	for in, want := range map[string]bool{
		"https://sp.example": true, "http://localhost:8080": false, "": false,
	} {
		if got := httpx.SecureCookies(in); got != want {
			t.Errorf("SecureCookies(%q) = %v, want %v", in, got, want)
		}
	}
}
