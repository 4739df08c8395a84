#!/usr/bin/env bash
# Installs what the build and the tests need and are missing. Arguments name
# the groups: go (the Go toolchain), node (Node.js >= 20.19 and npm), chromium
# (the browser the PDF converter drives, with fonts; `make run` needs it),
# test (chromium plus PostgreSQL for the store tests and poppler-utils,
# whose pdftotext the PDF tests read text with).
set -euo pipefail

need_apt=()
missing=() # what `make test` needs and could not be installed: fail, never skip
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

# check_chromium looks for what the converter would find (CHROMIUM_PATH, or
# chromium/chromium-browser/google-chrome on PATH); without one, PDFs answer
# 503, so install Debian's chromium and fonts that cover most scripts.
check_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    command -v "$CHROMIUM_PATH" >/dev/null 2>&1 && return
    say "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable; installing Debian's chromium"
  else
    for b in chromium chromium-browser google-chrome google-chrome-stable; do
      command -v "$b" >/dev/null 2>&1 && return
    done
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    say "no Chromium found and no apt-get: install Chromium yourself (or set CHROMIUM_PATH); until then PDF conversion answers 503"
    [ "${1:-}" = required ] && missing+=("Chromium (Debian: apt-get install chromium fonts-liberation fonts-noto-core)")
    return
  fi
  need_apt+=(chromium fonts-liberation fonts-noto-core)
}

check_test() {
  check_chromium required
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need_apt+=(postgresql)
  command -v pdftotext >/dev/null 2>&1 || need_apt+=(poppler-utils)
}

for group in "$@"; do
  case "$group" in
    go) check_go ;;
    node) check_node ;;
    chromium) check_chromium ;;
    test) check_test ;;
    *) say "unknown group $group"; exit 2 ;;
  esac
done

if [ ${#need_apt[@]} -gt 0 ] && ! command -v apt-get >/dev/null 2>&1; then
  say "no apt-get to install: ${need_apt[*]}"
  missing+=("${need_apt[@]}")
  need_apt=()
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  mapfile -t need_apt < <(printf '%s\n' "${need_apt[@]}" | awk '!seen[$0]++')
  say "installing ${need_apt[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
  if [[ " ${need_apt[*]} " == *" nodejs "* ]]; then check_node; fi
fi

# The test group must leave every test dependency in place: the tests fail
# rather than skip without them, so say here what is missing and stop.
for group in "$@"; do
  [ "$group" = test ] || continue
  found=
  for b in ${CHROMIUM_PATH:-} chromium chromium-browser google-chrome google-chrome-stable; do
    command -v "$b" >/dev/null 2>&1 && found=1 && break
  done
  [ -n "$found" ] || [[ " ${missing[*]-} " == *Chromium* ]] || missing+=("Chromium (Debian: apt-get install chromium fonts-liberation fonts-noto-core)")
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=("PostgreSQL server binaries (Debian: apt-get install postgresql)")
  command -v pdftotext >/dev/null 2>&1 || missing+=("pdftotext (Debian: apt-get install poppler-utils)")
done
if [ ${#missing[@]} -gt 0 ]; then
  for m in "${missing[@]}"; do say "missing for the tests: $m"; done
  say "install the above and run make test again"
  exit 1
fi
