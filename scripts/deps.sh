#!/usr/bin/env bash
# Installs what the build and the tests need and are missing. Arguments name
# the groups: go (the Go toolchain), node (Node.js >= 20.19 and npm), test
# (Chromium for browser tests, PostgreSQL for the store tests).
set -euo pipefail

need_apt=()
say() { echo "deps: $*" >&2; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else say "need root (or sudo) to run: $*"; return 1
  fi
}

check_go() {
  if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
    say "Go is at /usr/local/go/bin but not on PATH; add it: export PATH=\$PATH:/usr/local/go/bin"
    exit 1
  fi
  if ! command -v go >/dev/null 2>&1; then
    need_apt+=(golang-go) # go.mod's toolchain line fetches the required version through the module proxy
  fi
}

check_node() {
  if command -v node >/dev/null 2>&1; then
    local v; v=$(node -p 'process.versions.node')
    local major=${v%%.*} minor; minor=$(echo "$v" | cut -d. -f2)
    if [ "$major" -lt 20 ] || { [ "$major" -eq 20 ] && [ "$minor" -lt 19 ]; }; then
      say "Node.js $v is too old: the web build needs Node.js 20.19 or newer"
      exit 1
    fi
  else
    need_apt+=(nodejs npm)
  fi
}

check_test() {
  [ -x /usr/bin/chromium ] || need_apt+=(chromium fonts-liberation fonts-noto-core)
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need_apt+=(postgresql)
}

for group in "$@"; do
  case "$group" in
    go) check_go ;;
    node) check_node ;;
    test) check_test ;;
    *) say "unknown group $group"; exit 2 ;;
  esac
done

if [ ${#need_apt[@]} -gt 0 ]; then
  say "installing ${need_apt[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
  if [[ " ${need_apt[*]} " == *" nodejs "* ]]; then check_node; fi
fi
