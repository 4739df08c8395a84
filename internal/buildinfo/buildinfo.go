package buildinfo

// Version is the release version of the binary. Release builds set it with
//
//	go build -ldflags "-X github.com/signalpipe/signalpipe/internal/buildinfo.Version=v1.2.3"
//
// and development builds report "dev".
var Version = "dev"
