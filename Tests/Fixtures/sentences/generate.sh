#!/bin/sh
# How these fixtures were made: with laundry built from commit aecf34c (the last version that wrote
# history details as English sentences), LAUNDRY_NO_AUTOSTART=1, TZ=UTC. Two machines, a and b,
# share one household folder by copying each other's machine folder, as Syncthing would. The
# daemon alone marks a load stopped by its plug ("washer stopped"), so that mark is put into the
# pet's record by hand. expected-* are that version's output.
OLD=${OLD:-/work/main/.build/release/laundry}
export LAUNDRY_DATA_DIR=/work/main/data LAUNDRY_NO_AUTOSTART=1 TZ=UTC LANG=C.UTF-8
FX=${FX:-/tmp/sentences}
rm -rf "$FX" && mkdir -p "$FX/run" "$FX/cfg" && chmod 700 "$FX/run"
run() { # machine now args...
  local machine=$1 now=$2; shift 2
  LAUNDRY_HOME=$FX/$machine/home XDG_STATE_HOME=$FX/$machine/state XDG_CACHE_HOME=$FX/$machine/cache \
    XDG_RUNTIME_DIR=$FX/run XDG_CONFIG_HOME=$FX/cfg LAUNDRY_FAKE_NOW=$now $OLD "$@" >/dev/null
}
meet() { # copy every machine folder of $1 into $2's household folder
  cp -a "$FX/$1/home/machines/." "$FX/$2/home/machines/"
}
run a 2026-11-20T09:00:00Z adopt Socks --kind clothes
run a 2026-11-20T09:01:00Z adopt Towels --kind towels
run a 2026-11-20T09:02:00Z adopt Shirt
run a 2026-11-20T09:03:00Z set Socks --name Sox --kind delicates --wash 50m --dry 1h5m --every 5 --last-washed 2026-11-18T08:00:00Z
run a 2026-11-20T09:05:00Z wash Sox --for 40m
run a 2026-11-20T09:10:00Z pause Sox
run a 2026-11-20T09:12:30Z resume Sox
run a 2026-11-20T09:20:00Z cancel Sox
run a 2026-11-20T09:21:00Z wash Sox --for 40m
run a 2026-11-20T10:05:00Z dry Sox --for 1h
run a 2026-11-20T11:10:00Z more-dry Sox --for 15m
run a 2026-11-20T11:30:00Z fold Sox
run a 2026-11-20T11:31:00Z snooze Sox --for 2h
run a 2026-11-20T11:40:00Z wash Towels --for 1h
run a 2026-11-20T11:41:00Z release Shirt --yes
mkdir -p "$FX/b/home/machines"
meet a b
run b 2026-11-20T11:42:00Z list
meet b a
# Out of touch: both machines rename Sox at once; a's rename is older and loses.
run a 2026-11-20T11:50:00Z set Sox --name Socky
run b 2026-11-20T11:50:30Z set Sox --name Socko
meet a b
meet b a
# The plug stopped Towels' washer at 12:20, 20 minutes early: the daemon wrote that into the
# pet's record (as here by hand), and the next command to settle the pet wrote its history line.
towels=$(grep -l '"Towels"' "$FX"/a/home/machines/*/pets/*.json | head -1)
python3 - "$towels" <<'PY'
import json, sys
record = json.load(open(sys.argv[1]))
load = record["cycle"]["value"]["load"]
load["endsAt"], load["stoppedBy"] = "2026-11-20T12:20:00.000Z", "washer"
json.dump(record, open(sys.argv[1], "w"), indent=2)
PY
run a 2026-11-20T12:30:00Z snooze Towels --for 30m
meet a b
OUT=$(dirname "$0")
rm -rf "$OUT/home" && cp -a "$FX/a/home" "$OUT/home"
LAUNDRY_HOME=$OUT/home XDG_STATE_HOME=$FX/a/state XDG_CACHE_HOME=$FX/a/cache LAUNDRY_FAKE_NOW=2026-11-20T13:00:00Z \
  $OLD history > "$OUT/expected-history.txt"
LAUNDRY_HOME=$OUT/home XDG_STATE_HOME=$FX/a/state XDG_CACHE_HOME=$FX/a/cache LAUNDRY_FAKE_NOW=2026-11-20T13:00:00Z \
  $OLD loads --json > "$OUT/expected-loads.json"
