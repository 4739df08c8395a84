package webapp

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// route is one pattern of routes.json split into segments. A segment
// starting with ':' matches any single segment; a final "*" matches the
// rest of the path, including nothing.
type route struct {
	pattern  string
	segments []string
}

// manifest is routes.json: the route patterns and, for dynamic routes the
// build prerendered a shell for, the shell's file name.
type manifest struct {
	Routes []string          `json:"routes"`
	Shells map[string]string `json:"shells"`
}

// parseRoutes reads routes.json. A catch-all "*" or "/*" (the app's own
// not-found route) is dropped: honouring it would turn every unknown path
// into a 200. Shells must be top-level .html files of routes listed.
func parseRoutes(data []byte) ([]route, map[string]string, error) {
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, nil, fmt.Errorf("parse routes.json: %w", err)
	}
	var out []route
	for _, p := range m.Routes {
		if p == "*" || p == "/*" {
			continue
		}
		if !strings.HasPrefix(p, "/") {
			return nil, nil, fmt.Errorf("routes.json: pattern %q must start with /", p)
		}
		out = append(out, route{pattern: p, segments: splitPath(p)})
	}
	for pattern, name := range m.Shells {
		if !slices.Contains(m.Routes, pattern) {
			return nil, nil, fmt.Errorf("routes.json: shell for unknown route %q", pattern)
		}
		if strings.Contains(name, "/") || !strings.HasSuffix(name, ".html") {
			return nil, nil, fmt.Errorf("routes.json: shell %q of %q must be a top-level .html file", name, pattern)
		}
	}
	return out, m.Shells, nil
}

func (rt route) static() bool {
	return !strings.ContainsAny(rt.pattern, ":*")
}

func (rt route) match(segs []string) bool {
	for i, s := range rt.segments {
		if s == "*" && i == len(rt.segments)-1 {
			return true
		}
		if i >= len(segs) {
			return false
		}
		if s[0] == ':' {
			continue
		}
		if s != segs[i] {
			return false
		}
	}
	return len(segs) == len(rt.segments)
}

// splitPath turns "/a/b" into ["a", "b"] and "/" into [].
func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}
