package pdf

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/signalpipe/signalpipe/internal/osuser"
)

// DefaultUsers are tried in order for Chromium when the server runs as root
// and no user is configured: a dedicated system user if the operator made
// one (see README.md, "The PDF converter"), else nobody.
var DefaultUsers = []string{"signalpipe-pdf", "nobody"}

// runAs is the unprivileged account Chromium runs as.
type runAs = osuser.Account

// lookupUser resolves a user name or a numeric uid[:gid] to an account
// other than root (osuser.Lookup; the configuration checks PDF_USER with
// the same function).
func lookupUser(s string) (runAs, error) { return osuser.Lookup(s) }

// chromiumUser picks the account for Chromium: the configured one, or the
// first of DefaultUsers that exists.
func chromiumUser(configured string) (runAs, error) {
	if configured != "" {
		return lookupUser(configured)
	}
	for _, n := range DefaultUsers {
		if u, err := lookupUser(n); err == nil {
			return u, nil
		}
	}
	return runAs{}, fmt.Errorf("none of the users %s exists (create one, or set PDF_USER)", strings.Join(DefaultUsers, ", "))
}

// launch is how one browser process starts: as whom, with or without
// Chromium's sandbox, and in which profile directory.
type launch struct {
	opts    []chromedp.ExecAllocatorOption
	dataDir string // ours to remove when the browser has gone
	as      string // the account, for the log
}

// launchOptions prepares the start of a browser. As root, Chromium runs as
// an unprivileged user (Chromium refuses to sandbox itself as root, and
// chromedp would add --no-sandbox), in a fresh profile directory that user
// owns; otherwise as the server's own user. The sandbox is on unless
// sandbox is false.
func launchOptions(userName string, sandbox bool) (*launch, error) {
	l := &launch{}
	if sandbox {
		// Set to false, the flag keeps chromedp from adding --no-sandbox.
		l.opts = append(l.opts, chromedp.Flag("no-sandbox", false))
	} else {
		l.opts = append(l.opts, chromedp.NoSandbox)
	}
	if os.Geteuid() != 0 {
		l.as = strconv.Itoa(os.Geteuid())
		return l, nil
	}
	u, err := chromiumUser(userName)
	if err != nil {
		return nil, err
	}
	sweepOnce.Do(func() { sweepProfiles(os.TempDir(), time.Now()) })
	dir, err := os.MkdirTemp("", profilePrefix)
	if err != nil {
		return nil, fmt.Errorf("profile directory: %w", err)
	}
	if err := os.Chown(dir, int(u.UID), int(u.GID)); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("profile directory: %w", err)
	}
	l.dataDir, l.as = dir, u.Name
	l.opts = append(l.opts,
		chromedp.UserDataDir(dir),
		// HOME and the XDG directories would be root's; fontconfig and
		// Chromium write caches there.
		chromedp.Env("HOME="+dir, "XDG_CONFIG_HOME="+dir+"/.config", "XDG_CACHE_HOME="+dir+"/.cache"),
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			cmd.Dir = dir
			cmd.SysProcAttr = &syscall.SysProcAttr{
				// The kernel would clear a death signal set before the uid
				// change; Go sets it after, so Chromium still dies with us.
				Pdeathsig:  syscall.SIGKILL,
				Credential: &syscall.Credential{Uid: u.UID, Gid: u.GID, Groups: []uint32{}},
			}
		}),
	)
	return l, nil
}

// profilePrefix names the profile directories in $TMPDIR.
const profilePrefix = "signalpipe-pdf-"

var sweepOnce sync.Once

// sweepProfiles removes the profile directories that a server killed
// outright (SIGKILL, a crash) could not: those whose Chromium, named by the
// SingletonLock link Chromium keeps in it ("host-pid"), is gone from this
// host, and those without a lock older than an hour. Another instance's
// live browser keeps its lock, so its directory stays.
func sweepProfiles(tmp string, now time.Time) {
	dirs, _ := filepath.Glob(filepath.Join(tmp, profilePrefix+"*"))
	host, _ := os.Hostname()
	for _, d := range dirs {
		fi, err := os.Lstat(d)
		if err != nil || !fi.IsDir() {
			continue
		}
		stale := false
		if lock, err := os.Readlink(filepath.Join(d, "SingletonLock")); err == nil {
			i := strings.LastIndexByte(lock, '-')
			pid, perr := strconv.Atoi(lock[i+1:])
			stale = i > 0 && lock[:i] == host && perr == nil && pid > 0 &&
				errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
		} else {
			stale = now.Sub(fi.ModTime()) > time.Hour
		}
		if stale {
			_ = os.RemoveAll(d)
		}
	}
}

// cleanup removes the profile directory once the browser has exited.
func (l *launch) cleanup() {
	if l != nil && l.dataDir != "" {
		_ = os.RemoveAll(l.dataDir)
	}
}
