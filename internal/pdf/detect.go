package pdf

import "os/exec"

// chromiumNames are tried in order on PATH by DetectChromium.
var chromiumNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// DetectChromium returns the first Chromium-family binary on PATH, or ""
// when there is none (the converter then answers 503 until one is
// installed).
func DetectChromium() string {
	for _, n := range chromiumNames {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}
