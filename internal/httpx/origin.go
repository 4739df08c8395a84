package httpx

import (
	"net/url"
	"strings"
)

// Origin is the scheme://host[:port] of an absolute URL, or "" if it has
// none: the site's own origin (from BASE_URL) is the only one allowed to
// change state, and a booking calendar's origin is allowed to be framed.
func Origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// SecureCookies reports whether cookies set for the site at baseURL must
// carry Secure (and may use the __Host- prefix): baseURL is https.
func SecureCookies(baseURL string) bool { return strings.HasPrefix(baseURL, "https://") }
