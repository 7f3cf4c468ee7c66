#!/bin/sh
# How these fixtures were made: with laundry built from commit 54c68f2 (the layout before each
# machine had its own folder), LAUNDRY_NO_AUTOSTART=1. household/home is hh/b as Syncthing
# left it after meeting hh/a: the pet, timer and history that both changed out of touch got
# hh/a's versions as sync-conflict copies (the dryer started on A, the rename made on B).
OLD=/tmp/oldtree/.build/debug/laundry
export LAUNDRY_DATA_DIR=/work/main/data LAUNDRY_NO_AUTOSTART=1 TZ=UTC
run() {
  cd /tmp/fx # dir state now args...
  local home=$1 state=$2 now=$3; shift 3
  LAUNDRY_HOME=/tmp/fx/$home XDG_STATE_HOME=/tmp/fx/$state XDG_RUNTIME_DIR=/tmp/fx/run XDG_CONFIG_HOME=/tmp/fx/cfg LAUNDRY_FAKE_NOW=$now $OLD "$@"
}
mkdir -p run cfg; chmod 700 run
# single home
run single/home single/state 2026-11-20T09:00:00Z adopt Socks --kind clothes
run single/home single/state 2026-11-20T09:01:00Z adopt Towels --kind towels
run single/home single/state 2026-11-20T09:02:00Z adopt Shirt
run single/home single/state 2026-11-20T09:05:00Z wash Towels --for 40m
run single/home single/state 2026-11-20T09:50:00Z dry Towels --for 45m
run single/home single/state 2026-11-20T10:40:00Z fold Towels
run single/home single/state 2026-11-20T11:00:00Z wash Socks --for 1h
run single/home single/state 2026-11-20T11:01:00Z release Shirt --yes
# household: common start
run hh/a hh/sa 2026-11-20T09:00:00Z adopt Socks --kind clothes
run hh/a hh/sa 2026-11-20T09:01:00Z adopt Sheets --kind sheets
run hh/a hh/sa 2026-11-20T09:05:00Z wash Socks --for 40m
cp -a hh/a hh/b
run hh/b hh/sb 2026-11-20T09:06:00Z list >/dev/null
# out of touch: A dries socks at 09:50, B renames at 09:52 and washes sheets
run hh/a hh/sa 2026-11-20T09:50:00Z dry Socks --for 1h
run hh/b hh/sb 2026-11-20T09:52:00Z set Socks --name Sox
run hh/b hh/sb 2026-11-20T09:53:00Z wash Sheets --for 50m
