package config

import (
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/signalpipe/signalpipe/internal/osuser"
)

// applyChromiumPath accepts a binary path or a name on PATH; empty leaves
// the path empty, and the PDF converter detects one when it is built
// (internal/pdf; none found is not an error: the converter then answers
// 503 and says Chromium is missing, while the rest of the site runs).
func applyChromiumPath(c *Config, v string) error {
	if v == "" {
		c.ChromiumPath = ""
		return nil
	}
	p, err := exec.LookPath(v)
	if err != nil {
		return fmt.Errorf("no executable Chromium there (install chromium, or leave it empty to detect one)")
	}
	c.ChromiumPath = p
	return nil
}

func applyPDFConcurrency(c *Config, v string) (err error) {
	c.PDFConcurrency, err = intIn(v, 1, 64)
	return err
}

func applyPDFQueue(c *Config, v string) (err error) {
	c.PDFQueue, err = intIn(v, 0, 10000)
	return err
}

func applyPDFRestartAfter(c *Config, v string) (err error) {
	c.PDFRestartAfter, err = intIn(v, 1, 1000000)
	return err
}

func applyPDFRateLimit(c *Config, v string) error {
	n, err := intIn(v, 0, 100000)
	if err != nil {
		return fmt.Errorf("%w (0 disables)", err)
	}
	c.PDFRateLimit = n
	return nil
}

func applyPDFTimeout(c *Config, v string) error {
	d, err := time.ParseDuration(v)
	if err != nil || d < time.Second || d > 5*time.Minute {
		return fmt.Errorf("must be a duration from 1s to 5m, such as 30s")
	}
	c.PDFTimeout = d
	return nil
}

var byteSize = regexp.MustCompile(`^(\d+)\s*(B|KiB|MiB)?$`)

// applyPDFMaxHTML reads a size such as 5MiB, 512KiB or 100000 (bytes).
func applyPDFMaxHTML(c *Config, v string) error {
	m := byteSize.FindStringSubmatch(strings.TrimSpace(v))
	bad := fmt.Errorf("must be a size from 1KiB to 50MiB, such as 5MiB, 512KiB or 100000")
	if m == nil {
		return bad
	}
	n, err := strconv.Atoi(m[1])
	if err != nil {
		return bad
	}
	n <<= map[string]int{"": 0, "B": 0, "KiB": 10, "MiB": 20}[m[2]]
	if n < 1<<10 || n > 50<<20 {
		return bad
	}
	c.PDFMaxHTMLBytes = n
	return nil
}

func applyPDFJavaScript(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.PDFJavaScript = b
	return nil
}

func applyPDFSandbox(c *Config, v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return fmt.Errorf("must be true or false")
	}
	c.PDFSandbox = b
	return nil
}

func applyPDFCPUBudget(c *Config, v string) error {
	if strings.TrimSpace(v) == "0" {
		c.PDFCPUBudget = 0
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 500*time.Millisecond || d > 5*time.Minute {
		return fmt.Errorf("must be a duration from 500ms to 5m, such as 10s, or 0 to disable")
	}
	c.PDFCPUBudget = d
	return nil
}

var memSize = regexp.MustCompile(`^(\d+)\s*(MiB|GiB)?$`)

// applyPDFMemoryBudget reads a size such as 512MiB or 2GiB (a bare number
// is MiB); 0 disables.
func applyPDFMemoryBudget(c *Config, v string) error {
	m := memSize.FindStringSubmatch(strings.TrimSpace(v))
	bad := fmt.Errorf("must be a size from 64MiB to 64GiB, such as 512MiB or 2GiB, or 0 to disable")
	if m == nil {
		return bad
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return bad
	}
	if n == 0 {
		c.PDFMemoryBudget = 0
		return nil
	}
	if m[2] == "GiB" {
		n <<= 30
	} else {
		n <<= 20
	}
	if n < 64<<20 || n > 64<<30 {
		return bad
	}
	c.PDFMemoryBudget = n
	return nil
}

// applyPDFUser checks the account Chromium is to run as (used only when the
// server runs as root); empty picks one at start.
func applyPDFUser(c *Config, v string) error {
	if v == "" {
		c.PDFUser = ""
		return nil
	}
	if err := checkUser(v); err != nil {
		return err
	}
	c.PDFUser = v
	return nil
}

func applyGotenbergURL(c *Config, v string) error {
	u, err := optionalHTTPURL(v)
	c.GotenbergURL = u
	return err
}

func intIn(v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("must be a whole number %d-%d", lo, hi)
	}
	return n, nil
}

// checkUser reports whether v names an account Chromium may run as.
func checkUser(v string) error {
	_, err := osuser.Lookup(v)
	return err
}
