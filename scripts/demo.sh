#!/usr/bin/env bash
# A short tour of laundry in a throw-away LAUNDRY_HOME: two pets, two short washes, a live view
# until they finish, then the status table.
set -euo pipefail
laundry=${1:-laundry}
demo=$(mktemp -d "${TMPDIR:-/tmp}/laundry-demo.XXXXXX")
# Its own home, runtime folder (so its daemon is separate from yours) and log.
export LAUNDRY_HOME=$demo/home XDG_RUNTIME_DIR=$demo/runtime XDG_STATE_HOME=$demo/state
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
trap '"$laundry" daemon stop >/dev/null 2>&1; rm -rf "$demo"' EXIT

if [[ -t 1 ]]; then bold=$'\033[1m' plain=$'\033[0m'; else bold='' plain=''; fi
step() { printf '\n%s$ laundry %s%s\n' "$bold" "$*" "$plain"; "$laundry" "$@"; }

echo "Demo home: $LAUNDRY_HOME"
echo "The first wash starts the notification service: at a desktop you will see real popups."
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
step daemon status
echo
echo "What the notification service did:"
cat "$XDG_STATE_HOME/laundry/daemon.log"
