// Package dbtest runs store tests against every supported database engine.
//
// Each runs a test body once on a fresh, migrated SQLite file and once on a
// fresh, migrated PostgreSQL database created on the server named by
// TEST_DATABASE_URL (for example
// postgres://postgres@127.0.0.1:54329/postgres?sslmode=disable). Without
// TEST_DATABASE_URL the PostgreSQL subtest is skipped, unless
// SIGNALPIPE_REQUIRE_POSTGRES=1, which makes the skip a failure so CI cannot
// silently test only one engine.
package dbtest
