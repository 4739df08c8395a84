// Package osuser resolves the unprivileged operating-system account a child
// process runs as (the PDF converter's Chromium when the server runs as
// root; README.md, "The PDF converter"). It is plumbing: the configuration
// checks PDF_USER with it and internal/pdf uses it to launch Chromium, so
// config need not import the pdf feature.
package osuser

import (
	"fmt"
	"os/user"
	"strconv"
	"strings"
)

// Account is a resolved account other than root.
type Account struct {
	Name     string
	UID, GID uint32
}

// Lookup resolves a user name or a numeric uid[:gid] to an account other
// than root. A bare uid takes the account's group when the uid exists, else
// the same number.
func Lookup(s string) (Account, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Account{}, fmt.Errorf("empty user")
	}
	if uidS, gidS, ok := strings.Cut(s, ":"); ok || isDigits(s) {
		uid, err1 := strconv.ParseUint(uidS, 10, 32)
		gid, err2 := uid, error(nil)
		if ok {
			gid, err2 = strconv.ParseUint(gidS, 10, 32)
		}
		if err1 != nil || err2 != nil {
			return Account{}, fmt.Errorf("%q is not a user name or uid[:gid]", s)
		}
		if !ok {
			if u, err := user.LookupId(uidS); err == nil {
				if g, err := strconv.ParseUint(u.Gid, 10, 32); err == nil {
					gid = g
				}
			}
		}
		if uid == 0 || gid == 0 {
			return Account{}, fmt.Errorf("must not be root (uid or gid 0)")
		}
		return Account{Name: s, UID: uint32(uid), GID: uint32(gid)}, nil
	}
	u, err := user.Lookup(s)
	if err != nil {
		return Account{}, fmt.Errorf("no user %q on this system", s)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err1 != nil || err2 != nil {
		return Account{}, fmt.Errorf("user %q has no numeric uid/gid", s)
	}
	if uid == 0 || gid == 0 {
		return Account{}, fmt.Errorf("must not be root (uid or gid 0)")
	}
	return Account{Name: s, UID: uint32(uid), GID: uint32(gid)}, nil
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
