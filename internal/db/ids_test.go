package db

import "testing"

func TestNewIDSortsByCreation(t *testing.T) {
	prev := NewID()
	for range 10000 {
		id := NewID()
		if len(id) != 26 || id <= prev {
			t.Fatalf("id %q after %q", id, prev)
		}
		prev = id
	}
}
