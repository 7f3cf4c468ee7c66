#!/usr/bin/env bash
# make lint's check of the catalogues: po/laundry.pot is what the sources say (scripts/extract-messages.py),
# each po/<lang>.po passes `msgfmt --check` and translates every message of it, none fuzzy. A name's variant
# (msgctxt "{name} starts with a vowel") may stay empty: the plain message is then used.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
python3 scripts/extract-messages.py --check
status=0
for po in po/*.po; do
  msgfmt --check -o /dev/null "$po"
  missing=$(msgcmp --use-untranslated "$po" po/laundry.pot 2>&1 | grep -c 'this message is used but not defined' || true)
  stats=$(msgattrib --no-obsolete "$po" \
    | msggrep --invert-match --msgctxt --regexp='^{[a-z]*} starts with a vowel$' \
    | LC_ALL=C msgfmt --statistics -o /dev/null - 2>&1)
  if [[ $missing -gt 0 || $stats == *untranslated* || $stats == *fuzzy* ]]; then
    echo "lint: $po: $missing messages missing; $stats — run: make pot, then translate them" >&2
    status=1
  fi
done
exit $status
