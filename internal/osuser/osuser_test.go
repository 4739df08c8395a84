package osuser

import (
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		in, wantErr string
		uid, gid    uint32
	}{
		{in: "65534:65534", uid: 65534, gid: 65534},
		{in: " 1234:5678 ", uid: 1234, gid: 5678},
		{in: "nobody", uid: 65534},
		{in: "root", wantErr: "root"},
		{in: "0:0", wantErr: "root"},
		{in: "12:0", wantErr: "root"},
		{in: "12:x", wantErr: "not a user name"},
		{in: "", wantErr: "empty"},
		{in: "no-such-user-here", wantErr: "no user"},
	} {
		a, err := Lookup(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("Lookup(%q) = %+v, %v; want error with %q", tc.in, a, err, tc.wantErr)
			}
			continue
		}
		if err != nil || a.UID != tc.uid || (tc.gid != 0 && a.GID != tc.gid) {
			t.Errorf("Lookup(%q) = %+v, %v; want uid %d gid %d", tc.in, a, err, tc.uid, tc.gid)
		}
	}
}
