#!/usr/bin/env bash
# Runs a command on a private D-Bus session with a real notification server: dunst under Xvfb, as
# a desktop would have. Every Notify call is recorded by dbus-monitor.
#
#   scripts/notification-session.sh COMMAND...
#
# The command sees DISPLAY, DBUS_SESSION_BUS_ADDRESS and:
#   LAUNDRY_NOTIFY_LOG   dbus-monitor's record of every Notify and CloseNotification call (with its time)
#   LAUNDRY_DUNST_PICK   write "[<id>,<action>]" here, then run `dunstctl context`, to press a button
#   PULSE_SERVER         a PulseAudio server whose default sink is a null sink: what is played
#                        there can be recorded from LAUNDRY_SOUND_MONITOR with parecord
# With LAUNDRY_SESSION_CAPTURE=pcap, the monitor writes a binary capture to LAUNDRY_NOTIFY_PCAP
# instead (read it with scripts/notify-pcap.py): printing text costs the monitor so much per call
# that under a burst its clock, not the bus, sets the times.
# With LAUNDRY_SESSION_MAX_REPLIES=N, the bus lets a connection wait for at most N replies at once.
# With LAUNDRY_SESSION_NOTIFY_LOG set, the record goes there and outlives the session (a test runs a
# second machine's daemon in a session of its own and reads what it showed).
# Everything started here dies with the private bus when the command ends.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [[ -z ${LAUNDRY_IN_PRIVATE_BUS:-} ]]; then
  if [[ -n ${LAUNDRY_SESSION_MAX_REPLIES:-} ]]; then
    # A bus that lets one connection wait for at most this many replies (Debian's session.conf
    # says 50,000; dbus-daemon's own default, on a bus started without it, is far lower).
    config=$(mktemp "${TMPDIR:-/tmp}/laundry-bus.XXXXXX.conf")
    sed "s|<limit name=\"max_replies_per_connection\">50000</limit>|<limit name=\"max_replies_per_connection\">$LAUNDRY_SESSION_MAX_REPLIES</limit>|" \
      /usr/share/dbus-1/session.conf >"$config"
    grep -q ">$LAUNDRY_SESSION_MAX_REPLIES</limit>" "$config" || { echo "session.conf has no max_replies_per_connection of 50000 to change" >&2; exit 1; }
    status=0
    env LAUNDRY_IN_PRIVATE_BUS=1 dbus-run-session --config-file="$config" -- "$here/notification-session.sh" "$@" || status=$?
    rm -f "$config"
    exit "$status"
  fi
  exec env LAUNDRY_IN_PRIVATE_BUS=1 dbus-run-session -- "$here/notification-session.sh" "$@"
fi

session=$(mktemp -d "${TMPDIR:-/tmp}/laundry-session.XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$session"
}
trap cleanup EXIT

Xvfb -displayfd 3 -nolisten tcp -screen 0 1280x800x24 3>"$session/display" 2>"$session/xvfb.log" &
pids+=($!)
for _ in $(seq 100); do [[ -s $session/display ]] && break; sleep 0.05; done
export DISPLAY=":$(head -n1 "$session/display")"
for _ in $(seq 100); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.05; done

# dunst runs the picker with its own environment, so the wanted button travels through a file.
export LAUNDRY_DUNST_PICK=$session/pick
cat > "$session/picker.sh" <<PICKER
#!/bin/sh
wanted=\$(cat "$LAUNDRY_DUNST_PICK" 2>/dev/null)
tee "$session/picker.in" |
grep -F -- "\$wanted" | head -n 1
PICKER
chmod +x "$session/picker.sh"
cat > "$session/dunstrc" <<DUNSTRC
[global]
    dmenu = $session/picker.sh
    browser = /bin/true
    show_indicators = no
[urgency_low]
    timeout = 0
[urgency_normal]
    timeout = 0
[urgency_critical]
    timeout = 0
DUNSTRC

# Speakers nobody hears: PulseAudio with a null sink, recorded from its monitor. Its runtime
# folder is its own, so it never meets a user's sound server.
if command -v pulseaudio >/dev/null; then
  mkdir -p "$session/pulse/runtime" "$session/pulse/home"
  XDG_RUNTIME_DIR=$session/pulse/runtime HOME=$session/pulse/home \
    pulseaudio -n --daemonize=no --exit-idle-time=-1 --disallow-exit --use-pid-file=no \
    -L "module-null-sink sink_name=rec" -L module-native-protocol-unix >"$session/pulse.log" 2>&1 &
  pids+=($!)
  export PULSE_SERVER=unix:$session/pulse/runtime/pulse/native
  export LAUNDRY_SOUND_MONITOR=rec.monitor
  for _ in $(seq 100); do pactl info >/dev/null 2>&1 && break; sleep 0.05; done
  pactl set-default-sink rec || { echo "PulseAudio did not come up: $(cat "$session/pulse.log")" >&2; exit 1; }
fi

notify_rule="type='method_call',interface='org.freedesktop.Notifications',member='Notify'"
close_rule="type='method_call',interface='org.freedesktop.Notifications',member='CloseNotification'"
if [[ ${LAUNDRY_SESSION_CAPTURE:-text} == pcap ]]; then
  export LAUNDRY_NOTIFY_PCAP=$session/notify.pcap
  dbus-monitor --session --pcap "$notify_rule" >"$LAUNDRY_NOTIFY_PCAP" 2>/dev/null &
else
  export LAUNDRY_NOTIFY_LOG=${LAUNDRY_SESSION_NOTIFY_LOG:-$session/notify.log}
  dbus-monitor --session "$notify_rule" "$close_rule" >"$LAUNDRY_NOTIFY_LOG" 2>/dev/null &
fi
pids+=($!)
dunst -config "$session/dunstrc" >"$session/dunst.log" 2>&1 &
pids+=($!)
for _ in $(seq 200); do
  owner=$(gdbus call --session -d org.freedesktop.DBus -o /org/freedesktop/DBus -m org.freedesktop.DBus.NameHasOwner org.freedesktop.Notifications 2>/dev/null || true)
  [[ $owner == "(true,)" ]] && break
  sleep 0.05
done
[[ $owner == "(true,)" ]] || { echo "the notification server did not come up: $(cat "$session/dunst.log")" >&2; exit 1; }

"$@"
