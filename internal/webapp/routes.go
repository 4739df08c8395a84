package webapp

import (
	"encoding/json"
	"fmt"
	"strings"
)

// route is one pattern of routes.json split into segments. A segment
// starting with ':' matches any single segment; a final "*" matches the
// rest of the path, including nothing.
type route struct {
	pattern  string
	segments []string
}

// parseRoutes reads routes.json. A catch-all "*" or "/*" (the app's own
// not-found route) is dropped: honouring it would turn every unknown path
// into a 200.
func parseRoutes(data []byte) ([]route, error) {
	var m struct {
		Routes []string `json:"routes"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("parse routes.json: %w", err)
	}
	var out []route
	for _, p := range m.Routes {
		if p == "*" || p == "/*" {
			continue
		}
		if !strings.HasPrefix(p, "/") {
			return nil, fmt.Errorf("routes.json: pattern %q must start with /", p)
		}
		out = append(out, route{pattern: p, segments: splitPath(p)})
	}
	return out, nil
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
