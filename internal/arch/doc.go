// Package arch holds no code, only the test that keeps Go imports pointing
// one way: layers_test.go reads every package's imports with go/parser and
// fails on an import that goes up or sideways against the layer table kept
// in that file (docs/architecture.md "Packages"). A new package must be
// placed in the table; the web app's equivalent is
// web/src/app/import-boundaries.test.ts.
package arch
