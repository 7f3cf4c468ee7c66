#!/usr/bin/env bash
# Compiles the catalogues: po/<lang>.po -> OUT/<lang>/LC_MESSAGES/laundry.mo, and the pseudo-language
# en@pseudo (every message of po/laundry.pot in ⟦ ⟧, for the test that finds text that bypassed gettext).
# Usage: scripts/make-locales.sh OUT
set -euo pipefail
shopt -s nullglob
out=${1:?usage: scripts/make-locales.sh OUT}
cd "$(dirname "$0")/.."
for po in po/*.po; do
  lang=$(basename "$po" .po)
  mkdir -p "$out/$lang/LC_MESSAGES"
  msgfmt --check -o "$out/$lang/LC_MESSAGES/laundry.mo" "$po"
done
mkdir -p "$out/en@pseudo/LC_MESSAGES"
msgen po/laundry.pot 2>/dev/null \
  | msgfilter --keep-header sed -e '1s/^/⟦/' -e '$s/$/⟧/' 2>/dev/null \
  | sed -e 's/^"Content-Type: text\/plain; charset=CHARSET\\n"$/"Content-Type: text\/plain; charset=UTF-8\\n"/' \
  | msgfmt -o "$out/en@pseudo/LC_MESSAGES/laundry.mo" -
