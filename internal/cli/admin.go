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
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/portal"
)

// stdin is where admin create reads the password; tests replace it.
var stdin io.Reader = os.Stdin

type adminArgs struct {
	email string
	reset bool
}

// adminTokenArgs are `admin token create`'s.
type adminTokenArgs struct {
	name   string
	scopes []string
}

const adminUsage = "usage: signalpipe admin create --email E [--reset] [options]\n" +
	"       signalpipe admin token create [--name N] [--scopes leads:read,leads:write,agents:run] [options]"

// adminFlags declares `admin create`'s flags, --email (required) and
// --reset, and `admin token create`'s, --name and --scopes.
func adminFlags(fs *flag.FlagSet) func(string) (any, error) {
	var (
		a      adminArgs
		tok    adminTokenArgs
		scopes string
	)
	fs.StringVar(&a.email, "email", "", "admin create: the admin's email address (required)")
	fs.BoolVar(&a.reset, "reset", false, "admin create: set a new password for an existing admin")
	fs.StringVar(&tok.name, "name", "cli", "admin token create: the token's name, shown in the console's list")
	fs.StringVar(&scopes, "scopes", "", "admin token create: comma-separated scopes of "+strings.Join(portal.Scopes, ", ")+" (default "+strings.Join(portal.DefaultScopes, ",")+")")
	return func(arg string) (any, error) {
		switch arg {
		case "create":
			if scopes != "" {
				return nil, errors.New("--scopes belongs to admin token create")
			}
			if a.email == "" {
				return nil, errors.New("--email is required")
			}
			return a, nil
		case "token create":
			if a.email != "" || a.reset {
				return nil, errors.New("--email and --reset belong to admin create")
			}
			for s := range strings.SplitSeq(scopes, ",") {
				if s = strings.TrimSpace(s); s != "" {
					tok.scopes = append(tok.scopes, s)
				}
			}
			if _, err := portal.NormalizeScopes(tok.scopes); err != nil {
				return nil, fmt.Errorf("--scopes: %s", clients.ErrorFields(err)["scopes"])
			}
			return tok, nil
		}
		return nil, errors.New(adminUsage)
	}
}

func runAdmin(ctx context.Context, env *runEnv) error {
	if tok, ok := env.args.(adminTokenArgs); ok {
		return runAdminToken(ctx, env, tok)
	}
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

// runAdminToken makes an admin token and prints it once on stdout (its
// scopes and a warning on stderr), so `TOKEN=$(signalpipe admin token
// create)` keeps only the token.
func runAdminToken(ctx context.Context, env *runEnv, a adminTokenArgs) error {
	d, err := openMigrated(ctx, env)
	if err != nil {
		return err
	}
	defer d.Close()
	token, t, err := portal.NewStore(clients.NewStore(d, nil)).CreateAdminToken(ctx, a.name, "cli", a.scopes)
	if fe := clients.ErrorFields(err); fe != nil {
		return fmt.Errorf("admin token: %v", fe)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(env.stderr, "admin token %q made with scopes %s; it reaches every client through /mcp and is shown this once\n",
		t.Name, strings.Join(t.Scopes, " "))
	_, err = fmt.Fprintln(env.stdout, token)
	return err
}
