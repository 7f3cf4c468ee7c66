#!/usr/bin/env bash
# scripts/ha-install.sh VERSION: installs Home Assistant core VERSION from PyPI into
# .build/ha-venv-VERSION, once: a later run finds the venv and its marker and returns at once.
# HA's own package_constraints.txt (inside the wheel) is given to pip as constraints; without it pip
# backtracks through HA's dependency tree for hours.
#
# The versions ha-test runs, each on the Python it needs:
#   2024.3.3  the newest release for Python 3.11, on `python3` (Debian 12's, or pyenv's 3.11)
#   2025.4.4  the newest release PyPI serves for Python 3.13, on pyenv's 3.13.0
set -euo pipefail
CHECKSUM=$(sha256sum "$0" | cut -c1-16)
cd "$(dirname "$0")/.."
HA_VERSION="${1:?usage: scripts/ha-install.sh VERSION (2024.3.3 or 2025.4.4)}"
case "$HA_VERSION" in
2024.3.3) PYTHON=python3 WANTED_PYTHON=3.11 HINT="Debian 12's python3, or pyenv's 3.11" ;;
2025.4.4)
	PYTHON="${PYENV_ROOT:-$HOME/.pyenv}/versions/3.13.0/bin/python3" WANTED_PYTHON=3.13
	HINT="pyenv install 3.13.0"
	;;
*)
	echo "ha-install: Home Assistant $HA_VERSION is not one ha-test runs (2024.3.3 or 2025.4.4)" >&2
	exit 2
	;;
esac
if ! found=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null); then
	echo "ha-install: Home Assistant $HA_VERSION needs Python $WANTED_PYTHON at $PYTHON, which is missing" \
		"(install it: $HINT)" >&2
	exit 2
fi
if [ "$found" != "$WANTED_PYTHON" ]; then
	echo "ha-install: Home Assistant $HA_VERSION needs Python $WANTED_PYTHON; $PYTHON is $found" >&2
	exit 2
fi
# The integrations scripts/ha-test.py's configuration.yaml names, besides those HA always sets up
# (read from HA's bootstrap below), and camera, which HA 2024.3 sets up as well (its PyTurboJPEG
# needs numpy).
HA_INTEGRATIONS="http api config onboarding counter automation mqtt camera template file notify script"
VENV=".build/ha-venv-$HA_VERSION"
WHEELS=".build/ha-wheel-$HA_VERSION"
MARKER="$VENV/.laundry-ha-$HA_VERSION"
# The marker holds the integrations whose requirements were installed and this script's checksum:
# another list, or a changed script, installs again.
STAMP="$HA_INTEGRATIONS $CHECKSUM"
[ "$(cat "$MARKER" 2>/dev/null)" = "$STAMP" ] && exit 0
echo "ha-install: installing Home Assistant $HA_VERSION on Python $found into $VENV"
rm -rf "$VENV" "$WHEELS"
"$PYTHON" -m venv "$VENV"
# pip through the venv's python, never bin/pip: a venv copied from elsewhere keeps its old scripts'
# #! lines.
PIP=("$VENV/bin/python" -m pip --quiet --disable-pip-version-check)
"${PIP[@]}" install --upgrade pip
"${PIP[@]}" download --no-deps --dest "$WHEELS" "homeassistant==$HA_VERSION"
wheel=$(ls "$WHEELS"/homeassistant-"$HA_VERSION"-*.whl)
"$VENV/bin/python" -c 'import sys, zipfile
print(zipfile.ZipFile(sys.argv[1]).read("homeassistant/package_constraints.txt").decode())' "$wheel" \
	>"$WHEELS/constraints.txt"
# HA 2024.3's constraints leave josepy open, and josepy 2 (2025) dropped what hass-nabucasa's acme
# imports on every HTTP request ("module 'josepy' has no attribute 'ComparableX509'").
[ "$HA_VERSION" = 2024.3.3 ] && echo "josepy<2" >>"$WHEELS/constraints.txt"
"${PIP[@]}" install --constraint "$WHEELS/constraints.txt" "$wheel"
# HA installs an integration's requirements when it first sets it up; ha-test runs it with
# --skip-pip, so they are installed here, once: those of every integration it will set up, and of
# what they depend on or import after, read from their manifests.
# (Unquoted: one argument per integration.)
# shellcheck disable=SC2086
"$VENV/bin/python" - $HA_INTEGRATIONS >"$WHEELS/requirements.txt" <<'PYTHON'
import json, sys
from pathlib import Path
import homeassistant.bootstrap as bootstrap
components = Path(bootstrap.__file__).parent / "components"
wanted = set(sys.argv[1:]) | bootstrap.CORE_INTEGRATIONS | bootstrap.DEFAULT_INTEGRATIONS
wanted |= bootstrap.FRONTEND_INTEGRATIONS | {"logger", "system_log"}
# 2025.4 sets up isal (zlib through ISA-L for aiohttp) before http; 2024.3 has no such set.
wanted |= getattr(bootstrap, "LOGGING_AND_HTTP_DEPS_INTEGRATIONS", set()) - {"sentry"}
seen, requirements = set(), set()
while wanted:
    name = wanted.pop()
    if name in seen or not (components / name / "manifest.json").exists():
        continue
    seen.add(name)
    manifest = json.loads((components / name / "manifest.json").read_text())
    requirements.update(manifest.get("requirements", []))
    wanted.update(manifest.get("dependencies", []) + manifest.get("after_dependencies", []))
print("\n".join(sorted(requirements)))
PYTHON
"${PIP[@]}" install --constraint "$WHEELS/constraints.txt" --requirement "$WHEELS/requirements.txt"
echo "$STAMP" >"$MARKER"
echo "ha-install: Home Assistant $HA_VERSION is in $VENV"
