package blog

import "encoding/json"

//go:generate go run ./blogconstgen -out ../../web/src/config/generated/blog.json

// WebConstants is the JSON the web app's blog reads
// (web/src/config/generated/blog.json, through
// web/src/features/blog/lib/constants.ts): the category names and a new
// post's defaults, so the prerendered page, the API and the app name and
// default things alike. go generate writes it; a test fails when the
// committed file is stale.
func WebConstants() ([]byte, error) {
	type category struct {
		Slug string `json:"slug"`
		Name string `json:"name"`
	}
	cats := make([]category, len(CategoryNames))
	for i, c := range CategoryNames {
		cats[i] = category{c.Slug, c.Name}
	}
	b, err := json.MarshalIndent(struct {
		Categories        []category `json:"categories"`
		DefaultCategory   string     `json:"defaultCategory"`
		DefaultAuthorName string     `json:"defaultAuthorName"`
		DefaultAuthorRole string     `json:"defaultAuthorRole"`
		DefaultReadTime   int        `json:"defaultReadTime"`
		FeaturedLimit     int        `json:"featuredLimit"`
	}{cats, DefaultCategory, DefaultAuthorName, DefaultAuthorRole, DefaultReadTime, FeaturedLimit}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
