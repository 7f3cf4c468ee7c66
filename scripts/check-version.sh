#!/usr/bin/env bash
# make deb refuses to build when debian/changelog's version is not the one `laundry --version`
# prints (Sources/LaundryControl/LaundryVersion.swift, the one place it is written).
set -euo pipefail
version=$1
changelog=$(dpkg-parsechangelog -l debian/changelog -S Version)
if [[ $changelog != "$version" ]]; then
  echo "laundry: debian/changelog says $changelog, laundry --version says $version; add a changelog entry for $version (dch -v $version)" >&2
  exit 1
fi
