package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/signalpipe/signalpipe/internal/auth"
)

// stdin is where admin create reads the password; tests replace it.
var stdin io.Reader = os.Stdin

type adminArgs struct {
	email string
	reset bool
}

const adminUsage = "usage: signalpipe admin create --email E [--reset] [options]"

// adminFlags declares `admin create`'s flags: --email (required) and
// --reset.
func adminFlags(fs *flag.FlagSet) func(string) (any, error) {
	var a adminArgs
	fs.StringVar(&a.email, "email", "", "the admin's email address (required)")
	fs.BoolVar(&a.reset, "reset", false, "set a new password for an existing admin")
	return func(arg string) (any, error) {
		if arg != "create" {
			return nil, errors.New(adminUsage)
		}
		if a.email == "" {
			return nil, errors.New("--email is required")
		}
		return a, nil
	}
}

func runAdmin(ctx context.Context, env *runEnv) error {
	a := env.args.(adminArgs)
	password, err := readPassword(env.stderr)
	if err != nil {
		return err
	}
	d, err := openMigrated(ctx, env)
	if err != nil {
		return err
	}
	defer d.Close()
	created, err := auth.CreateAdmin(ctx, auth.NewStore(d), a.email, password, a.reset)
	if errors.Is(err, auth.ErrEmailTaken) {
		return fmt.Errorf("%w (use --reset to set a new password)", err)
	}
	if err != nil {
		return err
	}
	verb := "created"
	if !created {
		verb = "password reset"
	}
	_, err = fmt.Fprintf(env.stdout, "admin %s: %s\n", auth.NormalizeEmail(a.email), verb)
	return err
}

// readPassword prompts twice without echo on a terminal, else reads one
// line of stdin.
func readPassword(prompt io.Writer) (string, error) {
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(prompt, "Password: ")
		p1, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(prompt)
		if err != nil {
			return "", fmt.Errorf("read password: %w", err)
		}
		fmt.Fprint(prompt, "Repeat password: ")
		p2, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(prompt)
		if err != nil {
			return "", fmt.Errorf("read password: %w", err)
		}
		if string(p1) != string(p2) {
			return "", errors.New("passwords do not match")
		}
		return string(p1), nil
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read password: %w", err)
	}
	line = strings.TrimRight(line, "\r\n")
	if line == "" {
		return "", errors.New("no password given on stdin")
	}
	return line, nil
}
