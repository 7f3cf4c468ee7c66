#!/usr/bin/env bash
# SwiftPM warns "prohibited flag(s): -pthread" (and -D_REENTRANT) for every system library whose
# pkg-config file, or one it requires, asks for them: GLib, libcanberra and a few more. It drops
# those flags anyway (the Swift runtime links libpthread), so the Makefile puts filtered copies of
# exactly those files first on PKG_CONFIG_PATH, made here from the system's own, and the build
# stays free of warnings on any architecture. Likewise "-Wl,--export-dynamic", which gmodule-2.0
# asks for (libsoup requires it) so a program can look up its own symbols: laundryd never does.
# Usage: scripts/make-pkgconfig.sh FOLDER
set -euo pipefail
folder=$1
mkdir -p "$folder"
search=$(pkg-config --variable pc_path pkg-config)
IFS=: read -r -a paths <<<"$search"
for path in "${paths[@]}"; do
  [[ -d $path ]] || continue
  for pc in "$path"/*.pc; do
    [[ -e $pc ]] || continue
    [[ -e "$folder/$(basename "$pc")" ]] && continue
    grep -qE -- '-pthread|-D_REENTRANT|-Wl,--export-dynamic' "$pc" || continue
    sed -E 's/(^|[[:space:]])(-pthread|-D_REENTRANT|-Wl,--export-dynamic)([[:space:]]|$)/\1\3/g' "$pc" >"$folder/$(basename "$pc")"
  done
done
