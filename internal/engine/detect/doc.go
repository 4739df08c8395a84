// Package detect finds buying signals in a post: its signal type, whether it
// shows intent, how strong the signal is, and the cues that fired.
//
// The detector is a weighted cue matcher over a normalised token stream,
// backed by a small trained model. Cues are short phrase patterns
// (literals, alternatives, word prefixes, word classes such as a role or a
// SaaS vendor, and small gaps) with a weight for one signal type. Context
// is handled in three ways: a cue preceded by a negation in its sentence
// ("we're not hiring") does not fire; context cues carry negative weights
// (a job seeker's post is not an employer's hiring post, a product launch
// is not tool research, commentary on the funding market is not a
// funding event); and the types compete, the strongest winning only when
// it clears a threshold.
//
// The model (model.go) is a logistic regression over word and bigram
// features, their word-class forms and the cues that fired, trained
// offline on the labelled set's train split: `go generate
// ./internal/engine/detect` runs modelgen, which writes model_table.go.
// Its settings (L2 strength, threshold, whether it backs up or overrules
// the rules, and how much real posts weigh in its fit) are chosen by
// five-fold cross-validation on the same split, scored on the held-out
// folds as written, padded with neutral asides (real posts bury the
// signal in longer text), and on the real posts alone: the real-shaped
// rows (each a paraphrase of one real public post; docs/labelling.md),
// the real-post corpus and the headline corpus (train.RealPost). Where it is
// confident it has the last word; its reasons show in the cues as
// "model: <feature>".
// RulesOnly gives the rules alone.
//
// A live call's strength is a calibrated probability that the post shows
// buying intent (calibrate.go): calibgen, run by the same go generate
// after modelgen, fits it on out-of-fold readings of the train split.
//
// A second model of the same form, the kind model, is trained on the
// type each labelled post reports whether its buying window is open or
// not. It is consulted only when no live signal was found: where it is
// confident, the post keeps that type with intent false and strength 0 (a
// job seeker, a user staying with a vendor; docs/labelling.md, "A signal
// without intent"). Such a post is never a lead; DetectLive skips the kind
// model for callers that want leads only.
package detect
