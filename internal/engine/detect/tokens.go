package detect

import (
	"strings"
	"unicode/utf8"
)

// boundary is the token emitted between sentences; gaps and negation
// windows never cross it.
const boundary = "."

// flag bits set on tokens by the tokenizer.
const (
	flagMoney  uint8 = 1 << iota // an amount of money: $12M, 4.5 million, €3m
	flagNum                      // starts with a digit
	flagClause                   // first word after a comma: negation does not reach back past it
	flagCap                      // capitalised, not at the start of a sentence
)

// contractions expands the clitic after an apostrophe. "'s" is dropped
// (possessive or "is": neither matters to a cue) except in the few words
// listed in sWords.
var contractions = map[string][]string{
	"re": {"are"}, "m": {"am"}, "ve": {"have"}, "ll": {"will"}, "d": {"would"},
}

var notWords = map[string]string{
	"isn": "is", "aren": "are", "wasn": "was", "weren": "were", "don": "do", "doesn": "does",
	"didn": "did", "haven": "have", "hasn": "has", "hadn": "had", "won": "will", "wouldn": "would",
	"can": "can", "couldn": "could", "shouldn": "should", "ain": "is",
}

var sWords = map[string]string{"it": "is", "that": "is", "there": "is", "what": "is", "here": "is", "who": "is", "he": "is", "she": "is", "let": "us"}

// Tokens standing for a whole link or address: a post that gives one is
// usually telling people where to apply, sign up or write.
const (
	urlToken   = "<url>"
	emailToken = "<email>"
	// sepToken is a dash standing alone between spaces, as listings use
	// it ("Acme - Senior Engineer - Remote"); "|" separators stay "|".
	sepToken = "<sep>"
)

// tokenize lower-cases text and splits it into word tokens, expanding
// contractions ("we're" → we are, "isn't" → is not), keeping "#tags",
// "|" separators and dotted names (monday.com, 4.5), and marking amounts
// of money. Sentence ends become boundary tokens; links and email
// addresses become urlToken and emailToken; letters of any script make
// words, while emoji, dashes and other symbols only separate them.
func tokenize(text string, toks []string, flags []uint8) ([]string, []uint8) {
	start := len(toks)
	lower := lowerASCII(text)
	n := len(lower)
	moneyNext, clauseNext := false, false
	for i := 0; i < n; {
		c := lower[i]
		switch {
		case c == 'h' && (strings.HasPrefix(lower[i:], "https://") || strings.HasPrefix(lower[i:], "http://")) ||
			c == 'w' && strings.HasPrefix(lower[i:], "www.") && i+4 < n && isWordByte(lower[i+4]):
			j := i
			for j < n && lower[j] > ' ' {
				j++
			}
			for j > i && strings.IndexByte(".,;:!?)]'\"", lower[j-1]) >= 0 {
				j-- // trailing punctuation ends the sentence, not the link
			}
			toks, flags = append(toks, urlToken), append(flags, 0)
			i = j
		case isWordByte(c) || c == '#' && i+1 < n && isWordByte(lower[i+1]):
			j := i + 1
			for j < n {
				d := lower[j]
				switch {
				case isWordByte(d):
				case d == '@' && j+1 < n && isWordByte(lower[j+1]) && c != '#':
					// An email address: skip the rest of it.
					k := j + 1
					for k < n && (isWordByte(lower[k]) || (lower[k] == '.' || lower[k] == '-') && k+1 < n && isWordByte(lower[k+1])) {
						k++
					}
					toks, flags = append(toks, emailToken), append(flags, 0)
					i = k
					goto next
				case (d == '.' || d == '-') && j+1 < n && isWordByte(lower[j+1]):
				case d == ',' && isDigit(lower[j-1]) && j+1 < n && isDigit(lower[j+1]):
				default:
					goto done
				}
				j++
			}
		done:
			w := lower[i:j]
			var f uint8
			if isDigit(w[0]) {
				f |= flagNum
				if moneyNext || hasMoneySuffix(w) {
					f |= flagMoney
				}
			}
			moneyNext = false
			if c0 := text[i]; c0 >= 'A' && c0 <= 'Z' && len(toks) > 0 && toks[len(toks)-1] != boundary {
				f |= flagCap
			}
			if clauseNext || w == "but" {
				f |= flagClause
				clauseNext = false
			}
			// Apostrophe clitics: we're, isn't, i'm, company's.
			if j+1 < n && (lower[j] == '\'') && isLetter(lower[j+1]) {
				k := j + 1
				for k < n && isLetter(lower[k]) {
					k++
				}
				cl := lower[j+1 : k]
				switch {
				case cl == "t" && notWords[w] != "":
					toks, flags = append(toks, notWords[w], "not"), append(flags, 0, 0)
				case cl == "s":
					toks, flags = append(toks, w), append(flags, f)
					if v := sWords[w]; v != "" {
						toks, flags = append(toks, v), append(flags, 0)
					}
				case contractions[cl] != nil:
					toks, flags = append(toks, w, contractions[cl][0]), append(flags, f, 0)
				default:
					toks, flags = append(toks, w), append(flags, f)
				}
				i = k
				continue
			}
			if (w == "million" || w == "billion" || w == "mn" || w == "bn") && len(toks) > 0 && flags[len(flags)-1]&flagNum != 0 {
				flags[len(flags)-1] |= flagMoney
			}
			toks, flags = append(toks, w), append(flags, f)
			i = j
		case c == '$' || c == 0xE2 && strings.HasPrefix(lower[i:], "€") || c == 0xC2 && strings.HasPrefix(lower[i:], "£"):
			moneyNext = true
			if c == '$' {
				i++
			} else {
				_, sz := utf8.DecodeRuneInString(lower[i:])
				i += sz
			}
		case c == '.' || c == '!' || c == '?' || c == '\n' || c == ';' || c == ':':
			if len(toks) > 0 && toks[len(toks)-1] != boundary {
				toks, flags = append(toks, boundary), append(flags, 0)
			}
			i++
		case (c == '-' || c == 0xE2 && (strings.HasPrefix(lower[i:], "–") || strings.HasPrefix(lower[i:], "—"))) &&
			i > 0 && lower[i-1] == ' ' && spaceAfterDash(lower, i):
			toks, flags = append(toks, sepToken), append(flags, 0)
			clauseNext = true
			_, sz := utf8.DecodeRuneInString(lower[i:])
			i += sz
		case c == ',' || c == '(' || c == ')':
			clauseNext = true
			i++
		case c == '|':
			toks, flags = append(toks, "|"), append(flags, 0)
			i++
		case c == 0xE2 && (strings.HasPrefix(lower[i:], "’") || strings.HasPrefix(lower[i:], "‘")): // curly apostrophe: treat as '
			// Re-handled by rewriting below; rare enough to take the slow path.
			return tokenize(curlyQuotes.Replace(text), toks[:start], flags[:start])
		case c >= 0x80:
			// A symbol of another script: dashes and bullets break a
			// clause or an item, an ellipsis a sentence; emoji and the
			// rest separate words.
			r, sz := utf8.DecodeRuneInString(lower[i:])
			switch r {
			case '…', '•', '·', '▪', '►', '➡', '→', '✅', '✔', '📍':
				if len(toks) > 0 && toks[len(toks)-1] != boundary {
					toks, flags = append(toks, boundary), append(flags, 0)
				}
			default:
				clauseNext = true
			}
			i += sz
		default:
			i++
		}
	next:
	}
	return toks, flags
}

var curlyQuotes = strings.NewReplacer("’", "'", "‘", "'")

// spaceAfterDash reports a space right after the dash at i.
func spaceAfterDash(s string, i int) bool {
	_, sz := utf8.DecodeRuneInString(s[i:])
	return i+sz < len(s) && s[i+sz] == ' '
}

func hasMoneySuffix(w string) bool {
	for _, s := range []string{"m", "mm", "b", "bn", "k", "million", "billion"} {
		if strings.HasSuffix(w, s) && len(w) > len(s) && isDigit(w[len(w)-len(s)-1]) {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' }

// isWordByte reports an ASCII letter or digit, or a byte of a multi-byte
// letter: the lead bytes of Latin-1 to Cyrillic letters (0xC3-0xD3) and
// every continuation byte, which only follows a lead byte inside a word.
// Symbols (dashes, emoji, currency) start with other lead bytes and are
// handled as separators by tokenize.
func isWordByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c >= 0xC3 && c <= 0xD3 || c >= 0x80 && c <= 0xBF
}

// lowerASCII lower-cases ASCII letters only, leaving other bytes alone, and
// returns s itself when it has no upper-case letter.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
