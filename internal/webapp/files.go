package webapp

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"path"
	"strings"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// BaseURLToken is replaced with BASE_URL in every HTML file at load time.
const BaseURLToken = "__SIGNALPIPE_BASE_URL__"

// file is one embedded file held in memory with what serving it needs.
type file struct {
	body        []byte
	gz          []byte // nil when not worth compressing
	etag        string
	contentType string
}

var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
	".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
	".svg": "image/svg+xml", ".json": "application/json", ".map": "application/json",
	".xml": "application/xml", ".webmanifest": "application/manifest+json",
	".txt": "text/plain; charset=utf-8", ".woff2": "font/woff2", ".woff": "font/woff",
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".webp": "image/webp",
	".avif": "image/avif", ".gif": "image/gif", ".ico": "image/x-icon", ".pdf": "application/pdf",
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if ct, ok := contentTypes[ext]; ok {
		return ct
	}
	if ct := mime.TypeByExtension(ext); ct != "" {
		return ct
	}
	return "application/octet-stream"
}

// placeholder is the committed file that keeps web/dist present in a fresh
// checkout (see web/embed.go); it is not part of the app and never served.
const placeholder = ".placeholder"

// loadFiles reads every regular file of fsys into memory, but the placeholder.
func loadFiles(fsys fs.FS, baseURL string) (map[string]*file, error) {
	files := map[string]*file{}
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if name == placeholder {
			return nil
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		files[name] = newFile(name, body, baseURL)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load web files: %w", err)
	}
	return files, nil
}

func newFile(name string, body []byte, baseURL string) *file {
	ct := contentType(name)
	if strings.HasPrefix(ct, "text/html") {
		body = bytes.ReplaceAll(body, []byte(BaseURLToken), []byte(baseURL))
	}
	sum := sha256.Sum256(body)
	f := &file{body: body, contentType: ct, etag: hex.EncodeToString(sum[:12])}
	if len(body) > 1024 && httpx.Compressible(ct) {
		if gz := gzipBytes(body); len(gz) < len(body)*9/10 {
			f.gz = gz
		}
	}
	return f
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}
