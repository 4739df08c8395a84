package cli

import (
	"bytes"
	"context"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/signalpipe/signalpipe/web"

	"github.com/signalpipe/signalpipe/internal/auth"
	"github.com/signalpipe/signalpipe/internal/clients"
	"github.com/signalpipe/signalpipe/internal/clients/portal"
	"github.com/signalpipe/signalpipe/internal/config"
	"github.com/signalpipe/signalpipe/internal/db"
)

func runWith(t *testing.T, ctx context.Context, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(ctx, args, func(k string) string { return env[k] }, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestVersionAndHelp(t *testing.T) {
	code, out, _ := runWith(t, context.Background(), nil, "version")
	if code != 0 || out != "signalpipe dev\n" {
		t.Fatalf("version: code %d, out %q", code, out)
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}, {"serve", "--help"}} {
		code, out, _ := runWith(t, context.Background(), nil, args...)
		if code != 0 {
			t.Fatalf("%v: code %d", args, code)
		}
		for _, want := range []string{"serve", "migrate", "version"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: usage lacks command %q", args, want)
			}
		}
		for _, o := range config.Options() {
			if !strings.Contains(out, "--"+o.Flag) || !strings.Contains(out, o.Env) {
				t.Errorf("%v: usage lacks option %s", args, o.Env)
			}
		}
	}
	if code, _, errOut := runWith(t, context.Background(), nil, "frobnicate"); code != 2 || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Fatalf("unknown command: code %d, stderr %q", code, errOut)
	}
}

func TestBadConfigFailsNamingOption(t *testing.T) {
	tests := []struct {
		env  map[string]string
		args []string
		want string
	}{
		{map[string]string{"PORT": "abc"}, nil, `invalid PORT "abc": must be a number 1-65535`},
		{nil, []string{"serve", "--log-level", "loud"}, `invalid --log-level "loud"`},
		{map[string]string{"BASE_URL": "nope"}, []string{"migrate"}, "invalid BASE_URL"},
	}
	for _, tt := range tests {
		code, _, errOut := runWith(t, context.Background(), tt.env, tt.args...)
		if code == 0 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v %v: code %d, stderr %q, want %q", tt.env, tt.args, code, errOut, tt.want)
		}
	}
}

func TestMigrate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	code, _, errOut := runWith(t, context.Background(), map[string]string{"DATA_DIR": dir}, "migrate")
	if code != 0 {
		t.Fatalf("migrate: code %d, stderr %s", code, errOut)
	}
	if !strings.Contains(errOut, "migration applied") || !strings.Contains(errOut, "schema_version=") {
		t.Errorf("migrate log: %s", errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "signalpipe.db")); err != nil {
		t.Fatalf("database not created: %v", err)
	}
	code, _, errOut = runWith(t, context.Background(), map[string]string{"DATA_DIR": dir, "LOG_FORMAT": "json"}, "migrate")
	if code != 0 || strings.Contains(errOut, "migration applied") || !strings.Contains(errOut, `"msg":"database is up to date"`) {
		t.Fatalf("second migrate: code %d, stderr %s", code, errOut)
	}
}

func TestServeStartsAndStops(t *testing.T) {
	webFS = func() (fs.FS, error) {
		fsys := fstest.MapFS{
			"routes.json": {Data: []byte(`{"routes":["/"]}`)},
			"spa.html":    {Data: []byte("shell")},
			"404.html":    {Data: []byte("missing")},
		}
		// The post page's templates are the real build's (internal/blog/page.go).
		for _, name := range []string{"templates/post.html", "templates/post-not-found.html"} {
			b, err := fs.ReadFile(web.Dist, "dist/"+name)
			if err != nil {
				return nil, err
			}
			fsys[name] = &fstest.MapFile{Data: b}
		}
		return fsys, nil
	}
	dir := t.TempDir()
	port := freePort(t)
	env := map[string]string{"DATA_DIR": dir, "HOST": "127.0.0.1", "PORT": strconv.Itoa(port)}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() {
		code, _, _ := runWith(t, ctx, env)
		done <- code
	}()
	waitHealthy(t, "http://127.0.0.1:"+strconv.Itoa(port)+"/healthz")
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("serve exit code %d", code)
	}
	d, err := db.OpenSQLite(context.Background(), filepath.Join(dir, "signalpipe.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	at, err := d.GetMeta(context.Background(), db.MetaInstalledAt)
	if _, perr := time.Parse(time.RFC3339, at); err != nil || perr != nil {
		t.Fatalf("installed_at = %q, %v", at, err)
	}
}

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func waitHealthy(t *testing.T, url string) {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s never became healthy", url)
}

func TestAdminCreateFromStdin(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	env := map[string]string{"DATA_DIR": dir}
	create := func(input string, args ...string) (int, string, string) {
		stdin = strings.NewReader(input)
		t.Cleanup(func() { stdin = os.Stdin })
		return runWith(t, context.Background(), env, append([]string{"admin", "create"}, args...)...)
	}
	if code, out, errOut := create("a long password\n", "--email", "Op@X.example"); code != 0 || out != "admin op@x.example: created\n" {
		t.Fatalf("create: %d %q %s", code, out, errOut)
	}
	if code, _, errOut := create("another password\n", "--email=op@x.example"); code != 1 || !strings.Contains(errOut, "already exists") {
		t.Fatalf("duplicate: %d %s", code, errOut)
	}
	if code, _, errOut := create("short\n", "--email", "new@x.example"); code != 1 || !strings.Contains(errOut, "at least 12") {
		t.Fatalf("short password: %d %s", code, errOut)
	}
	if code, _, _ := create("", "--email", "new@x.example"); code != 1 {
		t.Fatalf("empty stdin: %d", code)
	}
	if code, out, errOut := create("another password\r\n", "--email", "op@x.example", "--reset", "--log-level", "error"); code != 0 || !strings.Contains(out, "password reset") {
		t.Fatalf("reset: %d %q %s", code, out, errOut)
	}
	if code, _, errOut := runWith(t, context.Background(), env, "admin", "delete"); code != 2 || !strings.Contains(errOut, "usage") {
		t.Fatalf("bad subcommand: %d %s", code, errOut)
	}
	if code, _, errOut := runWith(t, context.Background(), env, "admin", "create"); code != 2 || !strings.Contains(errOut, "--email is required") {
		t.Fatalf("no email: %d %s", code, errOut)
	}

	d, err := db.OpenSQLite(context.Background(), filepath.Join(dir, "signalpipe.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	u, err := auth.NewStore(d).UserByEmail(context.Background(), "op@x.example")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := auth.VerifyPassword(u.PasswordHash, "another password"); !ok {
		t.Fatal("reset password does not verify")
	}
}

// TestAdminTokenCreate: `admin token create` prints an admin token once
// on stdout (its scopes on stderr) that authenticates as an admin with
// those scopes; a scope that does not exist is a usage error making none.
func TestAdminTokenCreate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	env := map[string]string{"DATA_DIR": dir}
	code, out, errOut := runWith(t, context.Background(), env, "admin", "token", "create", "--name", "desk", "--scopes", "leads:read, agents:run")
	if code != 0 || !strings.HasPrefix(out, portal.AdminTokenPrefix) || strings.Count(out, "\n") != 1 || !strings.Contains(errOut, "leads:read agents:run") {
		t.Fatalf("token create: %d %q %s", code, out, errOut)
	}
	if code, _, errOut := runWith(t, context.Background(), env, "admin", "token", "create", "--scopes", "leads:delete"); code != 2 || !strings.Contains(errOut, `"leads:delete" is not a scope`) {
		t.Fatalf("bad scope: %d %s", code, errOut)
	}
	if code, _, errOut := runWith(t, context.Background(), env, "admin", "token", "create", "--email", "a@x.example"); code != 2 || !strings.Contains(errOut, "belong to admin create") {
		t.Fatalf("--email on token create: %d %s", code, errOut)
	}
	if code, _, errOut := runWith(t, context.Background(), env, "admin", "token", "delete"); code != 2 || !strings.Contains(errOut, "usage") {
		t.Fatalf("token delete: %d %s", code, errOut)
	}
	d, err := db.OpenSQLite(context.Background(), filepath.Join(dir, "signalpipe.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	store := portal.NewStore(clients.NewStore(d, nil))
	c, err := store.Authenticate(context.Background(), strings.TrimSpace(out))
	if err != nil || !c.Admin || c.ClientID != "" || strings.Join(c.Scopes, " ") != "leads:read agents:run" {
		t.Fatalf("the printed token: %+v, %v", c, err)
	}
	if list, _ := store.AdminTokens(context.Background()); len(list) != 1 || list[0].Name != "desk" {
		t.Fatalf("admin tokens: %+v (a refused command made one?)", list)
	}
}
