// Package dberr classifies database errors that are the storage's fault
// rather than the request's or the code's: a full disk, a read-only file
// system or database, an I/O error. They are transient from a client's
// point of view, so the HTTP layer answers them 503 with Retry-After instead
// of 500 (README, "Storage: durability and a full disk"). It imports only the drivers, so
// both internal/db and internal/httpx can use it.
package dberr

import (
	"errors"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
)

// SQLite primary result codes (https://sqlite.org/rescode.html); extended
// codes carry the primary one in their low byte.
const (
	sqliteReadOnly  = 8
	sqliteIOErr     = 10
	sqliteFull      = 13
	sqliteCantOpen  = 14
	sqlitePrimaryOf = 0xff
)

// StorageUnavailable reports whether err (or an error it wraps) says the
// database cannot store data right now: disk or quota full, file system or
// database read-only (e.g. a PostgreSQL standby after a failover), or an I/O
// error.
func StorageUnavailable(err error) bool {
	if err == nil {
		return false
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & sqlitePrimaryOf {
		case sqliteReadOnly, sqliteIOErr, sqliteFull, sqliteCantOpen:
			return true
		}
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// Class 53 is insufficient resources (53100 disk_full, 53200
		// out_of_memory, 53300 too_many_connections); 25006 is
		// read_only_sql_transaction; 58030 is io_error.
		return len(pe.Code) == 5 && pe.Code[:2] == "53" || pe.Code == "25006" || pe.Code == "58030"
	}
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.EDQUOT)
}
