package blog

import (
	"net/http"
	"net/mail"
	"strings"

	"github.com/signalpipe/signalpipe/internal/httpx"
)

// maxEmail is the longest address SMTP allows.
const maxEmail = 254

// subscribeAnswer is what POST /api/newsletter says happened.
type subscribeAnswer struct {
	Status  string `json:"status"`
	Message string `json:"message"`
}

// subscribe stores a newsletter address once and answers 201 "subscribed"
// whether it was new or already there: a different answer would tell
// anyone who tries an address whether it reads the newsletter.
func (h *Handler) subscribe(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(w, r, &in, 4<<10); err != nil {
		httpx.WriteDecodeError(w, r, err)
		return
	}
	email, ok := normaliseEmail(in.Email)
	if !ok {
		httpx.Error(w, r, http.StatusBadRequest, "invalid input", map[string]string{"email": "Enter a valid email address"})
		return
	}
	if _, err := h.store.Subscribe(r.Context(), email); err != nil {
		httpx.ServerError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, subscribeAnswer{Status: "subscribed",
		Message: "Thanks for subscribing! New articles will reach your inbox."})
}

// normaliseEmail accepts a plain address (no display name) with a dotted
// domain and lower-cases it, so one inbox is stored once.
func normaliseEmail(v string) (string, bool) {
	v = strings.TrimSpace(v)
	if v == "" || len(v) > maxEmail {
		return "", false
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v {
		return "", false
	}
	at := strings.LastIndexByte(v, '@')
	domain := v[at+1:]
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") {
		return "", false
	}
	return strings.ToLower(v), true
}
