package httpx

import "net/http"

// ContentSecurityPolicy builds the site's CSP. frameOrigin is the only origin
// pages may embed (the booking calendar); empty allows none.
func ContentSecurityPolicy(frameOrigin string) string {
	frame := "'none'"
	if frameOrigin != "" {
		frame = frameOrigin
	}
	return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; " +
		"frame-src " + frame + "; frame-ancestors 'none'; base-uri 'self'; " +
		"form-action 'self'; object-src 'none'"
}

// StrictTransportSecurity is sent when the site is served over https: two
// years, subdomains included (no preload: that is the operator's choice).
const StrictTransportSecurity = "max-age=63072000; includeSubDomains"

// SecurityHeaders sets the CSP (see ContentSecurityPolicy) and the other
// hardening headers on every response, and with https (BASE_URL is https)
// Strict-Transport-Security, whatever scheme the request itself arrived
// with (a TLS-terminating proxy talks plain http to the server).
func SecurityHeaders(frameOrigin string, https bool) func(http.Handler) http.Handler {
	headers := map[string]string{
		"Content-Security-Policy": ContentSecurityPolicy(frameOrigin),
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "strict-origin-when-cross-origin",
		"X-Frame-Options":         "DENY",
		"Permissions-Policy":      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
	}
	if https {
		headers["Strict-Transport-Security"] = StrictTransportSecurity
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			for k, v := range headers {
				h.Set(k, v)
			}
			next.ServeHTTP(w, r)
		})
	}
}
