package db

import (
	"strconv"
	"strings"
)

// Rebind rewrites a query written with ? placeholders for the dialect: it is
// returned unchanged for SQLite and with $1, $2, ... for PostgreSQL. Question
// marks inside single-quoted string literals, double-quoted identifiers and
// comments are left alone.
func (d *DB) Rebind(query string) string {
	if d.Dialect != Postgres {
		return query
	}
	return rebindDollar(query)
}

func rebindDollar(q string) string {
	var b strings.Builder
	b.Grow(len(q) + 8)
	n := 0
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'' || c == '"':
			end := skipQuoted(q, i, c)
			b.WriteString(q[i:end])
			i = end - 1
		case c == '-' && i+1 < len(q) && q[i+1] == '-':
			end := strings.IndexByte(q[i:], '\n')
			if end < 0 {
				end = len(q) - i
			}
			b.WriteString(q[i : i+end])
			i += end - 1
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// skipQuoted returns the index just past the quoted run starting at q[i],
// treating a doubled quote as an escaped one.
func skipQuoted(q string, i int, quote byte) int {
	for j := i + 1; j < len(q); j++ {
		if q[j] != quote {
			continue
		}
		if j+1 < len(q) && q[j+1] == quote {
			j++
			continue
		}
		return j + 1
	}
	return len(q)
}
