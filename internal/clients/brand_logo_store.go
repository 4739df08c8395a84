package clients

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// MaxLogoBytes bounds an uploaded logo (512 KiB).
const MaxLogoBytes = 512 << 10

// AgencyLogoOwner owns the agency's uploaded logo; a client's is owned by
// the client's id.
const AgencyLogoOwner = "agency"

// LogoPath is where uploaded logos are served, public (the portal, emails
// and Slack messages show them): LogoPath + id + "." + extension.
const LogoPath = "/api/brand/logos/"

// logoTypes are the image types a logo may be, by the Content-Type
// http.DetectContentType sniffs, with their file extensions. SVG is refused
// (the portal's brand_logo.go, which serves the upload and the files).
var logoTypes = map[string]string{"image/png": "png", "image/jpeg": "jpg", "image/webp": "webp"}

// IsLogoType says a sniffed contentType may be a logo.
func IsLogoType(contentType string) bool {
	_, ok := logoTypes[contentType]
	return ok
}

// ownLogoURL says u is a logo this server serves (LogoPath, under http or
// https: BASE_URL may be http in development), which a brand may name
// besides an https:// image elsewhere (parseBrand).
func ownLogoURL(u *url.URL) bool {
	return (u.Scheme == "https" || u.Scheme == "http") && strings.HasPrefix(u.Path, LogoPath) && u.RawQuery == ""
}

// Logo is an uploaded logo.
type Logo struct {
	ID          string
	ContentType string
	Data        []byte
	// SHA256 is the bytes' hex SHA-256 (the ETag).
	SHA256 string
}

// File is the logo's file name under LogoPath.
func (l *Logo) File() string { return l.ID + "." + logoTypes[l.ContentType] }

// SaveLogo stores owner's logo (data of a sniffed contentType) and returns
// it. Rows are never changed or removed: the id comes from the owner and
// the bytes, so the same upload again is the same row, and an older logo
// stays at its URL for the emails already sent with it.
func (s *Store) SaveLogo(ctx context.Context, owner, contentType string, data []byte) (*Logo, error) {
	if _, ok := logoTypes[contentType]; !ok {
		return nil, fmt.Errorf("save logo: unsupported type %q", contentType)
	}
	sum := sha256.Sum256(data)
	idSum := sha256.Sum256([]byte(owner + "\x00" + hex.EncodeToString(sum[:])))
	l := &Logo{ID: hex.EncodeToString(idSum[:16]), ContentType: contentType, Data: data, SHA256: hex.EncodeToString(sum[:])}
	_, err := s.d.Writer.ExecContext(ctx, s.d.Rebind(`INSERT INTO brand_logos (id, owner, content_type, data, sha256, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`), l.ID, owner, contentType, data, l.SHA256, s.d.TimeArg(s.now()))
	if err != nil {
		return nil, fmt.Errorf("save logo: %w", err)
	}
	return l, nil
}

// LogoByFile is the logo served at LogoPath+file (its id and the
// extension of its type); ErrNotFound when there is none.
func (s *Store) LogoByFile(ctx context.Context, file string) (*Logo, error) {
	id, ext, ok := strings.Cut(file, ".")
	if !ok || id == "" || len(id) > 64 {
		return nil, ErrNotFound
	}
	l := &Logo{ID: id}
	err := s.d.Reader.QueryRowContext(ctx, s.d.Rebind(`SELECT content_type, data, sha256 FROM brand_logos WHERE id = ?`), id).
		Scan(&l.ContentType, &l.Data, &l.SHA256)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && logoTypes[l.ContentType] != ext) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read logo: %w", err)
	}
	return l, nil
}
