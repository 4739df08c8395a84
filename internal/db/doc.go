// Package db opens Signalpipe's database, applies its embedded migrations
// and holds the few helpers every store shares.
//
// SQLite (the embedded default, a file in DATA_DIR) and PostgreSQL (when
// DATABASE_URL is set) run the same code path: stores write one query string
// with ? placeholders and pass it through DB.Rebind, use DB.Writer for
// statements that change data and DB.Reader for queries. On SQLite the writer
// is a single connection, which serialises writes instead of failing with
// SQLITE_BUSY; on PostgreSQL both are the same pool.
package db
