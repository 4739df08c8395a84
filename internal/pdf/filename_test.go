package pdf

import "testing"

func TestContentDisposition(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `attachment; filename="converted-document.pdf"`},
		{"   ", `attachment; filename="converted-document.pdf"`},
		{"report", `attachment; filename="report.pdf"`},
		{"report.PDF", `attachment; filename="report.pdf"`},
		{"Q3 plan.html", `attachment; filename="Q3 plan.html.pdf"`},
		{"../../etc/passwd", `attachment; filename="passwd.pdf"`},
		{`C:\Users\ann\secret`, `attachment; filename="secret.pdf"`},
		{"a\"b'c`d", `attachment; filename="abcd.pdf"`},
		{"evil\r\nSet-Cookie: x=1", `attachment; filename="evilSet-Cookie x=1.pdf"`},
		{"x\x00y\x7fz", `attachment; filename="xyz.pdf"`},
		{"...hidden", `attachment; filename="hidden.pdf"`},
		{".pdf", `attachment; filename="converted-document.pdf"`},
		{"na;me", `attachment; filename="name.pdf"`},
		{"50%", `attachment; filename="50_.pdf"; filename*=UTF-8''50%25.pdf`},
		{"Grüße", `attachment; filename="Gr__e.pdf"; filename*=UTF-8''Gr%C3%BC%C3%9Fe.pdf`},
		{"报告", `attachment; filename="__.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`},
		{"rtl\u202eexe.pdf", `attachment; filename="rtlexe.pdf"`},
	}
	for _, tt := range tests {
		if got := ContentDisposition("attachment", tt.in); got != tt.want {
			t.Errorf("ContentDisposition(%q)\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
	long := ""
	for range 300 {
		long += "a"
	}
	if got := CleanFileName(long); len(got) != maxNameRunes {
		t.Errorf("long name cut to %d, want %d", len(got), maxNameRunes)
	}
}
