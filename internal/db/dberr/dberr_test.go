package dberr

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// SQLite's own errors are produced for real in internal/server's storage
// tests (a full tmpfs, a read-only connection); these are the cases that
// cannot be produced cheaply here.
func TestStorageUnavailable(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want bool
	}{
		{nil, false},
		{errors.New("boom"), false},
		{fmt.Errorf("insert: %w", &pgconn.PgError{Code: "53100"}), true}, // disk_full
		{&pgconn.PgError{Code: "53300"}, true},                           // too_many_connections
		{&pgconn.PgError{Code: "25006"}, true},                           // read_only_sql_transaction
		{&pgconn.PgError{Code: "58030"}, true},                           // io_error
		{&pgconn.PgError{Code: "23505"}, false},                          // unique_violation
		{&pgconn.PgError{Code: "42P01"}, false},                          // undefined_table
		{fmt.Errorf("write: %w", &fs.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}), true},
		{&fs.PathError{Op: "open", Path: "x", Err: syscall.EROFS}, true},
		{&fs.PathError{Op: "open", Path: "x", Err: syscall.ENOENT}, false},
	} {
		if got := StorageUnavailable(tt.err); got != tt.want {
			t.Errorf("StorageUnavailable(%v) = %v, want %v", tt.err, got, tt.want)
		}
	}
}
