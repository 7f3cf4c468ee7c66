#!/usr/bin/env bash
# Installs Home Assistant core from PyPI into a venv under .build, once: a later run finds the venv
# and its marker and returns at once. HA's own package_constraints.txt (inside the wheel) is given to
# pip as constraints; without it pip backtracks through HA's dependency tree for hours.
set -euo pipefail
cd "$(dirname "$0")/.."
HA_VERSION="${HA_VERSION:-2024.3.3}"
# The integrations scripts/ha-test.py's configuration.yaml names, besides those HA always sets up,
# and camera, which HA 2024.3 sets up as well (its PyTurboJPEG needs numpy).
HA_INTEGRATIONS="http api config onboarding counter automation mqtt camera"
VENV=".build/ha-venv"
MARKER="$VENV/.laundry-ha-$HA_VERSION"
# The marker holds the integrations whose requirements were installed: another list installs again.
[ "$(cat "$MARKER" 2>/dev/null)" = "$HA_INTEGRATIONS" ] && exit 0
PYTHON="${HA_PYTHON:-python3}"
rm -rf "$VENV" .build/ha-wheel
"$PYTHON" -m venv "$VENV"
"$VENV/bin/pip" install --quiet --disable-pip-version-check --upgrade pip
"$VENV/bin/pip" download --quiet --disable-pip-version-check --no-deps --dest .build/ha-wheel \
	"homeassistant==$HA_VERSION"
wheel=$(ls .build/ha-wheel/homeassistant-"$HA_VERSION"-*.whl)
"$VENV/bin/python" -c 'import sys, zipfile
print(zipfile.ZipFile(sys.argv[1]).read("homeassistant/package_constraints.txt").decode())' "$wheel" \
	>.build/ha-wheel/constraints.txt
# HA's constraints leave josepy open, and josepy 2 (2025) dropped what hass-nabucasa's acme imports
# on every HTTP request ("module 'josepy' has no attribute 'ComparableX509'").
echo "josepy<2" >>.build/ha-wheel/constraints.txt
"$VENV/bin/pip" install --quiet --disable-pip-version-check --constraint .build/ha-wheel/constraints.txt "$wheel"
# HA installs an integration's requirements when it first sets it up; ha-test runs it with
# --skip-pip, so they are installed here, once: those of every integration it will set up, and of
# what they depend on or import after, read from their manifests.
# (Unquoted: one argument per integration.)
# shellcheck disable=SC2086
"$VENV/bin/python" - $HA_INTEGRATIONS >.build/ha-wheel/requirements.txt <<'PYTHON'
import json, sys
from pathlib import Path
import homeassistant.bootstrap as bootstrap
components = Path(bootstrap.__file__).parent / "components"
wanted = set(sys.argv[1:]) | bootstrap.CORE_INTEGRATIONS | bootstrap.DEFAULT_INTEGRATIONS
wanted |= bootstrap.FRONTEND_INTEGRATIONS | {"logger", "system_log"}
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
"$VENV/bin/pip" install --quiet --disable-pip-version-check --constraint .build/ha-wheel/constraints.txt \
	--requirement .build/ha-wheel/requirements.txt
echo "$HA_INTEGRATIONS" >"$MARKER"
