#!/usr/bin/env bash
# The unit tests (about 90 s of one core, no desktop) run beside the end-to-end tests (mostly
# waiting on real servers, brokers and clocks), each in a process of its own and the unit tests
# at a lower priority, so the end-to-end tests' daemons are not kept waiting: `make test` is
# about 1.5 minutes shorter than running them one after the other. Both must pass.
# Usage: run-tests.sh SWIFT   (LAUNDRY_BIN and LAUNDRY_MAN_PAGE as `make test` sets them)
set -uo pipefail
swift=${1:-swift}
here=$(cd "$(dirname "$0")" && pwd)
unit_log=$(mktemp /tmp/laundry-unit-tests.XXXXXX)
trap 'rm -f "$unit_log"' EXIT
# The test bundle itself runs the unit tests: a second `swift test` would wait for the first's lock
# on .build. It takes a comma-separated list of test classes.
bundle=$(cd "$here/.." && pwd)/.build/debug/laundryPackageTests.xctest
listing=$("$bundle" --list-tests) || { echo "run-tests: $bundle --list-tests failed" >&2; exit 1; }
classes=$(grep -E '^[A-Za-z]+Tests\.' <<<"$listing" | grep -v '^EndToEndTests\.' | sed 's|/.*||' | sort -u | paste -sd, -)
if [ -z "$classes" ]; then
    echo "run-tests: no unit tests listed by $bundle" >&2
    exit 1
fi
nice -n 10 "$bundle" "$classes" >"$unit_log" 2>&1 &
unit=$!
"$here/notification-session.sh" "$swift" test --skip-build --filter EndToEndTests
e2e=$?
wait "$unit"
unit_status=$?
echo "--- unit tests (run beside the end-to-end tests) ---"
cat "$unit_log"
if [ "$unit_status" -ne 0 ] || [ "$e2e" -ne 0 ]; then
    echo "run-tests: unit tests exited $unit_status, end-to-end tests $e2e" >&2
    exit 1
fi
