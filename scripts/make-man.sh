#!/usr/bin/env bash
# Writes the man page: swift-argument-parser's manual generator run on the built binary, with the
# ENVIRONMENT, FILES, EXIT STATUS and EXAMPLES sections of data/man/extra-sections.mdoc added.
# Usage: scripts/make-man.sh LAUNDRY_BINARY GENERATE_MANUAL_BINARY OUTPUT
set -euo pipefail
laundry=$1 generator=$2 output=$3
# A fixed date keeps the page reproducible: the date of the version's release.
date=2026-11-21
mkdir -p "$(dirname "$output")"
"$generator" "$laundry" --date "$date" --authors "the laundry developers" -o - > "$output.tmp"
# Our sections go before AUTHORS, where mdoc convention puts them; a blank line in a help text's
# discussion becomes a paragraph break, as mdoc wants. The generator's own EXIT STATUS ("0 on
# success, >0 on error") gives way to ours, which names 64 for a usage error.
awk -v extra="$(dirname "$0")/../data/man/extra-sections.mdoc" '
  /^\.Sh "EXIT STATUS"/ { generic = 1; next }
  generic && /^\.Ex/ { generic = 0; next }
  /^\.Sh AUTHORS/ && !done { while ((getline line < extra) > 0) print line; done = 1 }
  /^[[:space:]]*$/ { print ".Pp"; next }
  { print }
  END { if (!done) while ((getline line < extra) > 0) print line }
' "$output.tmp" > "$output"
rm -f "$output.tmp"
