#!/usr/bin/env bash
# A short tour of laundry in a throw-away LAUNDRY_HOME: two pets, two short washes, a live view
# until they finish, then the status table.
set -euo pipefail
laundry=${1:-laundry}
LAUNDRY_HOME=$(mktemp -d "${TMPDIR:-/tmp}/laundry-demo.XXXXXX")
export LAUNDRY_HOME
trap 'rm -rf "$LAUNDRY_HOME"' EXIT

if [[ -t 1 ]]; then bold=$'\033[1m' plain=$'\033[0m'; else bold='' plain=''; fi
step() { printf '\n%s$ laundry %s%s\n' "$bold" "$*" "$plain"; "$laundry" "$@"; }

echo "Demo home: $LAUNDRY_HOME"
step adopt Socks --kind clothes
step adopt "Bed Sheets" --kind sheets --last-washed "10 days ago"
step wash Socks --for 4s
step wash "Bed Sheets" --for 7s
step watch --exit-when-done
step status
step dry Socks --for 2s
sleep 2.2
step fold Socks
step status Socks
