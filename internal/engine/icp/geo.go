package icp

import "strings"

// regions maps a region name to the places in it. A target such as "North
// America" matches a lead in "Toronto"; a target "US" matches "Austin".
var regions = map[string][]string{
	"north america": {"north america", "us", "usa", "united states", "canada", "mexico", "new york", "nyc", "san francisco", "sf",
		"seattle", "austin", "chicago", "boston", "denver", "los angeles", "toronto", "vancouver", "montreal", "pittsburgh",
		"ohio", "texas", "california", "miami", "atlanta", "est", "pst"},
	"us": {"us", "usa", "united states", "new york", "nyc", "san francisco", "sf", "seattle", "austin", "chicago", "boston",
		"denver", "los angeles", "pittsburgh", "ohio", "texas", "california", "miami", "atlanta"},
	"europe": {"europe", "eu", "emea", "uk", "united kingdom", "london", "leeds", "bristol", "dublin", "ireland", "berlin",
		"germany", "dach", "munich", "paris", "france", "amsterdam", "rotterdam", "netherlands", "lisbon", "portugal", "madrid",
		"spain", "iberia", "stockholm", "sweden", "copenhagen", "oslo", "helsinki", "warsaw", "zurich", "vienna", "milan", "italy"},
	"uk": {"uk", "united kingdom", "england", "london", "leeds", "bristol", "manchester", "edinburgh", "scotland"},
	"apac": {"apac", "asia", "singapore", "sydney", "australia", "melbourne", "tokyo", "japan", "india", "bangalore",
		"hong kong", "seoul", "jakarta", "new zealand"},
	"latam": {"latam", "latin america", "brazil", "sao paulo", "mexico", "argentina", "colombia", "chile"},
}

func init() {
	regions["emea"] = regions["europe"]
	regions["eu"] = regions["europe"]
	regions["usa"] = regions["us"]
	regions["united states"] = regions["us"]
	regions["americas"] = append(append([]string{}, regions["north america"]...), regions["latam"]...)
	regions["global"] = nil
}

// compilePlaces reads an ICP's geography into the place names that
// count as inside it; nil for any geography.
func compilePlaces(want string) []string {
	w := norm(want)
	if w == "" || w == "global" || w == "worldwide" || w == "anywhere" {
		return nil
	}
	var places []string
	for _, part := range strings.FieldsFunc(w, func(r rune) bool { return r == ',' || r == '/' || r == ';' }) {
		part = strings.TrimSpace(part)
		places = append(places, part)
		places = append(places, regions[part]...)
	}
	return places
}

func geo(places []string, want, location, text string) verdict {
	if places == nil {
		return fact(1, "any geography")
	}
	loc := norm(location)
	for _, p := range places {
		if loc != "" && containsWord(loc, p) {
			return fact(1, "located in "+location+" ("+want+")")
		}
	}
	if loc != "" {
		return fact(0, "located in "+location+", outside "+want)
	}
	for _, p := range places {
		if len(p) > 2 && containsWord(text, p) {
			return fact(0.8, "mentions "+p+" ("+want+")")
		}
	}
	return notStated("location unknown")
}
