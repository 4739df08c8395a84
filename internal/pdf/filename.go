package pdf

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// DefaultFileName is the download name when none is given (docs/product.md §10.3).
const DefaultFileName = "converted-document"

// maxNameRunes bounds a file name; longer ones are cut.
const maxNameRunes = 120

// CleanFileName turns a client's fileName into a safe base name without
// extension: the last path element only, no control or quote characters,
// no leading dots, no trailing ".pdf" (added back by ContentDisposition).
func CleanFileName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if r == utf8.RuneError || unicode.IsControl(r) || strings.ContainsRune("\"'`<>|:*?;", r) ||
			unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if strings.HasSuffix(strings.ToLower(name), ".pdf") {
		name = strings.TrimSpace(name[:len(name)-4])
	}
	name = strings.TrimLeft(name, ". ")
	if r := []rune(name); len(r) > maxNameRunes {
		name = strings.TrimSpace(string(r[:maxNameRunes]))
	}
	if name == "" {
		return DefaultFileName
	}
	return name
}

// ContentDisposition is the header value for a PDF named after name:
// disposition is "attachment" or "inline". The plain filename is ASCII
// (others become "_"); a non-ASCII name also gets an RFC 5987 filename*.
func ContentDisposition(disposition, name string) string {
	base := CleanFileName(name)
	ascii := strings.Map(func(r rune) rune {
		if r > unicode.MaxASCII || r == '%' || r == '\\' {
			return '_'
		}
		return r
	}, base)
	v := fmt.Sprintf(`%s; filename="%s.pdf"`, disposition, ascii)
	if ascii != base {
		v += "; filename*=UTF-8''" + encodeRFC5987(base+".pdf")
	}
	return v
}

// encodeRFC5987 percent-encodes every byte outside RFC 5987's attr-char.
func encodeRFC5987(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x80 && (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' ||
			strings.IndexByte("!#$&+-.^_`|~", c) >= 0) {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
