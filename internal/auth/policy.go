package auth

import (
	_ "embed"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/signalpipe/signalpipe/internal/config"
)

// ErrCommonPassword refuses a password found among the most common ones
// leaked in breaches.
var ErrCommonPassword = errors.New("password is one of the most common passwords found in data breaches; choose another")

// commonPasswordsText holds the 43,940 passwords of 12 characters or more
// among the million most common in breach corpora, lower-cased and sorted
// bytewise, one a line. scripts/common-passwords.sh rebuilds it and says
// where it comes from (README.md, "Forms, forwarding and the admin console").
//
//go:embed common_passwords.txt
var commonPasswordsText string

var commonPasswords = sync.OnceValue(func() []string {
	return strings.Split(strings.TrimSuffix(commonPasswordsText, "\n"), "\n")
})

// CheckPassword is the rule every admin password meets wherever it is set
// (admin create, --reset, the ADMIN_PASSWORD bootstrap): at least
// config.MinPasswordLength characters, and not a common or breached password
// (compared ignoring case).
func CheckPassword(password string) error {
	if n := len([]rune(password)); n < config.MinPasswordLength {
		return fmt.Errorf("password must be at least %d characters", config.MinPasswordLength)
	}
	if isCommonPassword(password) {
		return ErrCommonPassword
	}
	return nil
}

func isCommonPassword(password string) bool {
	list, p := commonPasswords(), strings.ToLower(password)
	i := sort.SearchStrings(list, p)
	return i < len(list) && list[i] == p
}
