#!/usr/bin/env bash
# The locales the tests run laundry under, made into a folder of our own (glibc reads it through
# LOCPATH) so the machine's own locales are left as they are: a fresh Debian has only C and POSIX.
# Usage: scripts/make-test-locales.sh OUT
set -euo pipefail
out=${1:?usage: scripts/make-test-locales.sh OUT}
mkdir -p "$out"
for locale in de_DE fr_FR es_ES pl_PL en_US en_GB el_GR; do
  [[ -d $out/$locale.UTF-8 ]] && continue
  # localedef exits 1 on warnings about the definitions it reads; the locale is still written.
  localedef -i "$locale" -f UTF-8 "$out/$locale.UTF-8" 2>/dev/null || [[ -d $out/$locale.UTF-8 ]]
done
