package intake

import "encoding/json"

//go:generate go run ./fieldsgen -out ../../web/src/config/generated/intake.json

// WebFields is the JSON the web app's onboarding form and booking dialog
// read (web/src/config/generated/intake.json, through
// web/src/lib/onboarding-fields.ts and components/booking): every
// onboarding field's name, in questionnaire order, whether it is required
// and its option values; the confirmation statements; the booking
// dialog's challenge choices and both source labels. The web app adds only
// how a field looks (label, input, placeholder). go generate writes it; a
// test fails when the committed file is stale.
func WebFields() ([]byte, error) {
	type webField struct {
		Name     string   `json:"name"`
		Kind     string   `json:"kind"`
		Required bool     `json:"required"`
		Options  []string `json:"options"`
	}
	fields := make([]webField, len(onboardingFields))
	for i, f := range onboardingFields {
		opts := f.options
		if opts == nil {
			opts = []string{}
		}
		fields[i] = webField{f.name, f.kind, f.required, opts}
	}
	b, err := json.MarshalIndent(struct {
		Fields                 []webField `json:"fields"`
		ConfirmationStatements []string   `json:"confirmationStatements"`
		ChallengeOptions       []string   `json:"challengeOptions"`
		BookingSource          string     `json:"bookingSource"`
		OnboardingSource       string     `json:"onboardingSource"`
	}{fields, ConfirmationStatements, ChallengeOptions, BookingSource, OnboardingSource}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
