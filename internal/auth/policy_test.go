package auth

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/signalpipe/signalpipe/internal/db"
	"github.com/signalpipe/signalpipe/internal/db/dbtest"
)

func TestCommonPasswordList(t *testing.T) {
	list := commonPasswords()
	if len(list) < 40000 || !slices.IsSorted(list) || slices.Contains(list, "") {
		t.Fatalf("list of %d, sorted %v", len(list), slices.IsSorted(list))
	}
	for _, p := range list {
		if len(p) < 12 || p != strings.ToLower(p) {
			t.Fatalf("entry %q: shorter than 12 or not lower-cased", p)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	for _, common := range []string{"123456789012", "QWERTYUIOPASDF", "iloveyou1234", "1234567890123"} {
		if err := CheckPassword(common); !errors.Is(err, ErrCommonPassword) {
			t.Errorf("%q: %v, want ErrCommonPassword", common, err)
		}
	}
	if err := CheckPassword("short"); err == nil || errors.Is(err, ErrCommonPassword) {
		t.Errorf("short password: %v", err)
	}
	for _, fine := range []string{testPassword, "a long password", "Tr0ub4dor&3-horse-staple", "ünïcødé pässwörd"} {
		if err := CheckPassword(fine); err != nil {
			t.Errorf("%q refused: %v", fine, err)
		}
	}
}

// Every way of setting a password refuses a common one: admin create,
// --reset and the ADMIN_PASSWORD bootstrap.
func TestCommonPasswordRefusedEverywhere(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		store := NewStore(d)
		ctx := context.Background()
		if _, err := CreateAdmin(ctx, store, "new@x.example", "123456789012", false); !errors.Is(err, ErrCommonPassword) {
			t.Fatalf("create: %v", err)
		}
		if _, err := store.UserByEmail(ctx, "new@x.example"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("refused admin stored anyway: %v", err)
		}
		if err := Bootstrap(ctx, store, "boot@x.example", "123456789012", quiet()); !errors.Is(err, ErrCommonPassword) {
			t.Fatalf("bootstrap: %v", err)
		}
		if _, err := CreateAdmin(ctx, store, "boss@x.example", testPassword, false); err != nil {
			t.Fatal(err)
		}
		if _, err := CreateAdmin(ctx, store, "boss@x.example", "Iloveyou1234", true); !errors.Is(err, ErrCommonPassword) {
			t.Fatalf("reset: %v", err)
		}
		u, _ := store.UserByEmail(ctx, "boss@x.example")
		if ok, _ := VerifyPassword(u.PasswordHash, testPassword); !ok {
			t.Fatal("refused reset changed the password")
		}
		// An existing account is left alone (the server still starts), with
		// a warning.
		var logs bytes.Buffer
		if err := Bootstrap(ctx, store, "boss@x.example", "123456789012", slog.New(slog.NewTextHandler(&logs, nil))); err != nil {
			t.Fatalf("bootstrap of an existing account: %v", err)
		}
		if !strings.Contains(logs.String(), "ADMIN_PASSWORD is too weak") {
			t.Fatalf("no warning: %s", logs.String())
		}
	})
}
