package detect

// classBit identifies a word class; a token's classes are computed once
// per token as a bit set, so patterns test classes with one AND.
type classBit uint16

const (
	clsMoney classBit = 1 << iota
	clsNum
	clsRole
	clsSenior
	clsVendor
	clsTool
	clsRound
	clsVerbJoin
	clsGlad
	clsBad
	clsName // a capitalised word inside a sentence: likely a product or company name
)

// classNames maps "@name" in patterns to its bit.
var classNames = map[string]classBit{
	"money": clsMoney, "num": clsNum, "role": clsRole, "senior": clsSenior, "vendor": clsVendor,
	"tool": clsTool, "round": clsRound, "verbjoin": clsVerbJoin, "glad": clsGlad, "bad": clsBad, "name": clsName,
}

// wordClasses maps each class word to its bits.
var wordClasses = func() map[string]classBit {
	m := map[string]classBit{}
	for bit, words := range map[classBit]map[string]bool{
		clsRole: roleWords, clsSenior: seniorWords, clsVendor: vendorWords, clsTool: toolWords, clsRound: roundWords,
		clsVerbJoin: verbJoinWords, clsGlad: gladWords, clsBad: badWords,
	} {
		for w := range words {
			m[w] |= bit
		}
	}
	return m
}()

// tokenClasses returns the classes of one token: its own, those of its
// singular ("engineers", "salesforce's" is already split), and money or
// number from the tokenizer's flags.
func tokenClasses(tok string, flag uint8) classBit {
	c := wordClasses[tok]
	if n := len(tok); n > 3 && tok[n-1] == 's' {
		c |= wordClasses[tok[:n-1]]
	}
	if flag&flagMoney != 0 {
		c |= clsMoney
	}
	if flag&flagNum != 0 {
		c |= clsNum
	}
	if flag&flagCap != 0 && !commonWords[tok] {
		c |= clsName
	}
	return c
}

// commonWords are capitalised often enough (I, days, places in titles…)
// that a capital letter says nothing about them being a product name.
var commonWords = set(`i a an the it this that we our my you your they their he she his her its and or but
	for to of in on at by with from as is are was be do does did have has had not no yes so if then
	monday tuesday wednesday thursday friday saturday sunday january february march april may june july
	august september october november december q1 q2 q3 q4 ai api saas b2b crm erp it hr us uk eu
	excel sheets spreadsheets email google microsoft apple amazon`)
