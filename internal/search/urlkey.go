package search

import (
	"context"
	"fmt"
	"net/url"
	"sort"
	"strings"
)

// trackingParams are query parameters that say how a reader arrived, not
// what they read; URLKey drops them (and every utm_* one).
var trackingParams = map[string]bool{
	"fbclid": true, "gclid": true, "dclid": true, "gbraid": true, "wbraid": true, "msclkid": true, "yclid": true,
	"mc_cid": true, "mc_eid": true, "igshid": true, "_hsenc": true, "_hsmi": true, "mkt_tok": true,
	"ref": true, "ref_src": true, "ref_url": true, "source": true, "si": true, "spm": true, "trk": true,
}

// URLKey is the key two sources' copies of one post share (README.md,
// "Sources"): the URL with its scheme ignored (http and https name the same
// page), host lower-cased without "www." and a default port, no fragment,
// no tracking parameters (utm_*, fbclid, gclid, ref, …), the remaining
// parameters sorted, and no trailing slash. It is "" for a URL that is not
// an absolute http(s) URL: such posts are never merged.
func URLKey(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return ""
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return ""
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	host = strings.TrimPrefix(host, "www.")
	if p := u.Port(); p != "" && p != "80" && p != "443" {
		host += ":" + p
	}
	path := u.EscapedPath()
	if path != "/" {
		path = strings.TrimSuffix(path, "/")
	}
	if path == "/" {
		path = ""
	}
	q := u.Query()
	for k := range q {
		if lk := strings.ToLower(k); strings.HasPrefix(lk, "utm_") || trackingParams[lk] {
			q.Del(k)
		}
	}
	key := host + path
	if len(q) > 0 {
		keys := make([]string, 0, len(q))
		for k := range q {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var b strings.Builder
		for _, k := range keys {
			vs := append([]string(nil), q[k]...)
			sort.Strings(vs)
			for _, v := range vs {
				if b.Len() > 0 {
					b.WriteByte('&')
				}
				b.WriteString(url.QueryEscape(k) + "=" + url.QueryEscape(v))
			}
		}
		key += "?" + b.String()
	}
	if len(key) > 2000 { // an index key stays bounded; such URLs are not merged
		return ""
	}
	return key
}

// backfillBatch is how many rows one BackfillURLKeys round reads.
const backfillBatch = 500

// BackfillURLKeys gives posts stored before url_key existed (migration
// 00017) their key, oldest first, so new copies of them are not stored
// again; a row whose key an older row already holds gets "" (kept, not
// merged). Ingest calls it before each run; it returns how many rows it
// keyed and stops after max rows (0: all).
func (s *Store) BackfillURLKeys(ctx context.Context, max int) (int, error) {
	done := 0
	for max <= 0 || done < max {
		rows, err := s.d.Reader.QueryContext(ctx, s.d.Rebind(
			`SELECT id, url FROM posts WHERE url_key IS NULL ORDER BY id LIMIT ?`), backfillBatch)
		if err != nil {
			return done, fmt.Errorf("backfill url keys: %w", err)
		}
		type row struct {
			id  int64
			url string
		}
		var batch []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.url); err != nil {
				rows.Close()
				return done, fmt.Errorf("backfill url keys: %w", err)
			}
			batch = append(batch, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return done, fmt.Errorf("backfill url keys: %w", err)
		}
		if len(batch) == 0 {
			break
		}
		tx, err := s.d.Writer.BeginTx(ctx, nil)
		if err != nil {
			return done, fmt.Errorf("backfill url keys: %w", err)
		}
		for _, r := range batch {
			key := URLKey(r.url)
			// The key, unless an older row holds it already; then "".
			_, err := tx.ExecContext(ctx, s.d.Rebind(`UPDATE posts SET url_key = CASE
				WHEN ? = '' OR EXISTS (SELECT 1 FROM posts o WHERE o.url_key = ? AND o.url_key <> '') THEN '' ELSE ? END
				WHERE id = ? AND url_key IS NULL`), key, key, key, r.id)
			if err != nil {
				_ = tx.Rollback()
				return done, fmt.Errorf("backfill url keys: %w", err)
			}
		}
		if err := tx.Commit(); err != nil {
			return done, fmt.Errorf("backfill url keys: %w", err)
		}
		done += len(batch)
	}
	return done, nil
}
