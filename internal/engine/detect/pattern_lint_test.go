package detect

import (
	"strings"
	"testing"
)

// TestNoSplitAlternatives catches a phrase that reads as alternatives of
// several words but compiles word by word: "is there a good|any good"
// is the elements "is", "there", "a", "good|any", "good". An element that
// mixes a determiner with a content word ("price|our") is almost always
// that mistake; the few deliberate ones are listed.
func TestNoSplitAlternatives(t *testing.T) {
	det := map[string]bool{"a": true, "an": true, "the": true, "our": true, "their": true, "its": true,
		"my": true, "your": true, "his": true, "her": true, "some": true, "any": true}
	deliberate := map[string]bool{
		"a|b": true, "a|b|c|d|e": true, "a|b|c|d|e|seed": true, "a|b|c|seed": true, "a|b|c|seed|raise": true,
		"a|an|our|two|three|several|multiple|more|new": true, "a|someone|anyone|them|your": true,
		"a|an|two|three": true, "per|a|/": true, "chief|its|our|their": true, "you|her|him|them": true,
		"experienced|skilled|talented|qualified|a|an": true, "a|an|the|our|my|good": true,
		"a|an|of|any": true, "a|an|small|my|our|teams": true, "to|your": true, "this|the|their": true, "every|all|our": true,
	}
	for _, c := range allCues() {
		for _, ph := range c.phrases {
			for _, el := range strings.Fields(ph) {
				alts := strings.Split(el, "|")
				if len(alts) < 2 || deliberate[el] {
					continue
				}
				var d, other bool
				for _, a := range alts {
					if det[a] {
						d = true
					} else if !strings.HasPrefix(a, "@") {
						other = true
					}
				}
				if d && other {
					t.Errorf("cue %q phrase %q: element %q mixes a determiner with other words; split the phrase", c.name, ph, el)
				}
			}
		}
	}
}
