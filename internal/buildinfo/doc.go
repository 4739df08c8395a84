// Package buildinfo holds facts about the running binary that are stamped in
// at link time.
package buildinfo
