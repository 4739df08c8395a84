package db

import (
	"fmt"
	"time"
)

// sqliteTimeLayout has a fixed width so that stored times compare correctly
// as text in SQLite.
const sqliteTimeLayout = "2006-01-02T15:04:05.000000000Z"

// TimeArg converts t for use as a query argument against a timestamp column:
// a time.Time on PostgreSQL, fixed-width UTC text on SQLite.
func (d *DB) TimeArg(t time.Time) any {
	if d.Dialect == Postgres {
		return t.UTC()
	}
	return t.UTC().Format(sqliteTimeLayout)
}

// Time scans a timestamp column of either dialect (time.Time from
// PostgreSQL, text from SQLite). A NULL leaves Valid false.
type Time struct {
	// Time is the value, in UTC.
	Time time.Time
	// Valid is false for NULL.
	Valid bool
}

// Scan implements sql.Scanner.
func (t *Time) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*t = Time{}
		return nil
	case time.Time:
		*t = Time{Time: v.UTC(), Valid: true}
		return nil
	case string:
		return t.parse(v)
	case []byte:
		return t.parse(string(v))
	}
	return fmt.Errorf("scan time: unsupported type %T", src)
}

func (t *Time) parse(s string) error {
	p, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return fmt.Errorf("scan time %q: %w", s, err)
	}
	*t = Time{Time: p.UTC(), Valid: true}
	return nil
}

// Ptr is the time, or nil when NULL, for JSON answers.
func (t Time) Ptr() *time.Time {
	if !t.Valid {
		return nil
	}
	return &t.Time
}
