#!/usr/bin/env bash
# Makes sure the Debian packages a make target needs are installed: installs them with apt-get when
# run as root, otherwise prints the exact command to run and fails.
# Usage: scripts/ensure-packages.sh COMMAND=PACKAGE ...   (a command to look for, and its package)
set -euo pipefail
missing=()
for pair in "$@"; do
  command_name=${pair%%=*}
  package=${pair#*=}
  if [[ $command_name == /* ]]; then
    [[ -e $command_name ]] || missing+=("$package")
  else
    command -v "$command_name" >/dev/null 2>&1 || missing+=("$package")
  fi
done
[[ ${#missing[@]} -eq 0 ]] && exit 0
# shellcheck disable=SC2207
missing=($(printf '%s\n' "${missing[@]}" | sort -u))
if [[ $(id -u) -ne 0 ]]; then
  echo "laundry: these Debian packages are needed: ${missing[*]}" >&2
  echo "Install them with:  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} ..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
