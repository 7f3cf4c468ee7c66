#!/usr/bin/env bash
# The end-to-end tests three times back to back, as `make test` runs them (scripts/run-tests.sh),
# with stress-ng keeping every core busy: a test that waits on a guess at how long something takes,
# rather than on the event itself, fails here first. Every run goes to its end; any failure fails.
# Usage: stress-end-to-end.sh SWIFT   (LAUNDRY_BIN and LAUNDRY_MAN_PAGE as `make stress` sets them;
# LAUNDRY_STRESS_RUNS for another number of runs)
set -uo pipefail
swift=${1:-swift}
runs=${LAUNDRY_STRESS_RUNS:-3}
here=$(cd "$(dirname "$0")" && pwd)
command -v stress-ng >/dev/null || { echo "stress-end-to-end: needs stress-ng (Debian: stress-ng)" >&2; exit 1; }

# One hog per core (--cpu 0: as many as are online), each busy all the time; the timeout ends a hog
# this script could not stop.
stress-ng --cpu 0 --cpu-load 100 --timeout 4h --temp-path "${TMPDIR:-/tmp}" --quiet &
hog=$!
trap 'kill "$hog" 2>/dev/null; wait "$hog" 2>/dev/null' EXIT

summary=()
failed=0
for run in $(seq "$runs"); do
  echo "--- end-to-end tests under load: run $run of $runs ---"
  started=$(date +%s)
  "$here/notification-session.sh" "$swift" test --skip-build --filter EndToEndTests
  status=$?
  minutes=$(awk -v s=$(($(date +%s) - started)) 'BEGIN { printf "%.1f", s / 60 }')
  if [ "$status" -eq 0 ]; then
    summary+=("run $run: passed in $minutes min")
  else
    summary+=("run $run: FAILED (exit $status) after $minutes min")
    failed=$((failed + 1))
  fi
done
echo "--- end-to-end tests under load (stress-ng on $(nproc) cores) ---"
printf '%s\n' "${summary[@]}"
# The load lasted throughout: a hog that stopped early (or never started) leaves runs that prove nothing.
if ! kill -0 "$hog" 2>/dev/null; then
  wait "$hog"
  echo "stress-end-to-end: stress-ng was not running at the end (exit $?)" >&2
  exit 1
fi
if [ "$failed" -ne 0 ]; then
  echo "stress-end-to-end: $failed of $runs runs failed" >&2
  exit 1
fi
