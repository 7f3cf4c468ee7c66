#!/usr/bin/env bash
# The module boundaries of docs/ARCHITECTURE.md, checked on every import in any spelling
# (`import`, `internal import`, `@_implementationOnly import`, `import struct M.T`, …).
set -euo pipefail
cd "$(dirname "$0")/.."

failures=0
fail() { echo "lint: $1" >&2; failures=$((failures + 1)); }

# Every module a Swift file imports, one per line: "file:line module".
imports() {
    grep -HnE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]' "$@" |
        sed -E 's/^([^:]+:[0-9]+):.*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\1 \4/'
}

# What each module may import besides the system: its dependencies in Package.swift, the one
# source (import-table.py also checks ARCHITECTURE.md's table against it).
declare -A allowed=()
table=$(swift package dump-package | python3 scripts/import-table.py) || fail "the import table differs"
eval "$table"
system="Foundation FoundationEssentials Glibc Dispatch Synchronization"

for module in "${!allowed[@]}"; do
    files=$(find "Sources/$module" -name '*.swift')
    [ -n "$files" ] || continue
    while read -r location imported; do
        case " $system ${allowed[$module]} " in *" $imported "*) ;; *) fail "$location: $module may not import $imported" ;; esac
    done < <(imports $files)
done

# Libraries are linked, never loaded by hand: laundryd links what it needs, laundry none of it.
if grep -rnE '\bdl(open|sym)\b' Sources; then fail "dlopen/dlsym in Sources: link the library (a system library target)"; fi
# No module re-exports another: every file names what it uses.
if grep -rnE '@_exported[[:space:]]+import' Sources Tests; then fail "@_exported import is not allowed"; fi
# The store only stores: no stage rules inside it.
if grep -rn 'StageMachine\.' Sources/LaundryStore; then fail "LaundryStore calls the stage machine"; fi
# The way in keeps its store and clock to itself.
if grep -rnE 'laundry\.(store|clock)\b' Sources; then fail "something reaches through Laundry to its store or clock"; fi
# Lines of Swift at most 120 columns.
long=$(awk 'length > 120 {print FILENAME":"FNR": "length" columns"}' $(find Sources Tests -name '*.swift') Package.swift)
if [ -n "$long" ]; then echo "$long" >&2; fail "lines over 120 columns"; fi

if [ "$failures" -gt 0 ]; then
    echo "lint: $failures problem(s)" >&2
    exit 1
fi
echo "lint: imports, boundaries and line lengths are fine"
