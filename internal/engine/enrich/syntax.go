package enrich

import (
	"net/mail"
	"strings"
)

// splitAddress checks the syntax of a bare address (no display name) and
// returns its local part and lower-cased domain.
func splitAddress(addr string) (string, string, bool) {
	if addr == "" || len(addr) > 254 || strings.ContainsAny(addr, " <>\"") {
		return "", "", false
	}
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Address != addr {
		return "", "", false
	}
	at := strings.LastIndexByte(addr, '@')
	local, domain := addr[:at], strings.ToLower(addr[at+1:])
	if len(local) > 64 || !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") ||
		strings.Contains(domain, "..") {
		return "", "", false
	}
	for _, label := range strings.Split(domain, ".") {
		if label == "" || len(label) > 63 || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") {
			return "", "", false
		}
	}
	if tld := domain[strings.LastIndexByte(domain, '.')+1:]; len(tld) < 2 || strings.IndexFunc(tld, func(r rune) bool { return r >= '0' && r <= '9' }) >= 0 {
		return "", "", false
	}
	return local, domain, true
}

func isDisposable(domain string, list map[string]bool) bool {
	for d := domain; d != ""; {
		if list[d] {
			return true
		}
		i := strings.IndexByte(d, '.')
		if i < 0 {
			break
		}
		d = d[i+1:]
	}
	return false
}
