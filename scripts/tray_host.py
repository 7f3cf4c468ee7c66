#!/usr/bin/python3
"""A tray for tests, on the session bus of the caller (run it inside scripts/notification-session.sh):
waybar's tray module in a headless sway (the default), or GNOME Shell with the AppIndicator extension
(--desktop gnome). See scripts/tray_desktops.py for how each runs here.

  scripts/tray_host.py start [--desktop waybar|gnome] [--logs DIR]
                                           the desktop and its bar up; returns once
                                           org.kde.StatusNotifierWatcher is owned, printing {"watcher":
                                           OWNER, "desktop", "host_pid", the children's pids, "logs", ...}
  scripts/tray_host.py stop-bar            the bar (waybar, or the whole gnome-shell) killed; returns once
                                           the watcher name has no owner
  scripts/tray_host.py start-bar           the bar started again; returns once the watcher name is owned
  scripts/tray_host.py restart-bar         both, printing the new owner
  scripts/tray_host.py screenshot PNG [--icons N] [--attention N] [--timeout S]
                                           the bar as a PNG, and what it shows as JSON: "icons", the items
                                           shown (waybar: each icon's box, mean colour, and whether it is
                                           marked as needing attention, found in the picture; GNOME: each
                                           visible indicator's label, status and icon names, read from the
                                           extension in the shell); with --icons (--attention), shots are
                                           taken until N are shown (N of them needing attention), for at
                                           most S seconds
  scripts/tray_host.py info                what start printed, for the running host
  scripts/tray_host.py stop                every process the host started ended, its files removed
  scripts/tray_host.py run [--desktop D] [--logs DIR] -- COMMAND...
                                           start, COMMAND with LAUNDRY_TRAY_HOST (start's JSON), stop

`start` leaves a supervisor running that owns the desktop and answers the other commands over the bus
(org.laundry.TrayTestHost). It ends everything on `stop`, on SIGTERM, and when the bus goes away, so a
notification session that ends takes the tray with it. The bar inherits start's environment (e.g.
XDG_DATA_HOME or XDG_DATA_DIRS with an icons/hicolor/scalable/apps/laundry.svg for the icon's theme).
"""

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402
from tray_desktops import WAIT_SECONDS, GnomeShell, Waybar  # noqa: E402

WATCHER = "org.kde.StatusNotifierWatcher"
CONTROL_NAME = "org.laundry.TrayTestHost"
CONTROL_PATH = "/org/laundry/TrayTestHost"
CONTROL_XML = """
<node>
  <interface name="org.laundry.TrayTestHost">
    <method name="Info"><arg type="s" direction="out"/></method>
    <method name="StopBar"/>
    <method name="StartBar"><arg type="s" direction="out"/></method>
    <method name="Screenshot"><arg type="s" direction="in"/><arg type="s" direction="out"/></method>
    <method name="Quit"/>
  </interface>
</node>
"""


def fail(message):
    print(f"tray_host: {message}", file=sys.stderr)
    sys.exit(1)


# --- the supervisor -------------------------------------------------------------------------------


class Supervisor:
    def __init__(self, desktop, logs):
        self.state = tempfile.mkdtemp(prefix="laundry-tray.")
        self.logs = logs or self.state
        os.makedirs(self.logs, exist_ok=True)
        self.runtime = os.path.join(self.state, "runtime")
        os.mkdir(self.runtime, 0o700)
        self.loop = GLib.MainLoop()
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        # The bus going away (the notification session ended) ends the tray too.
        self.bus.set_exit_on_close(False)
        self.bus.connect("closed", lambda *_: self.quit())
        if desktop == "gnome":
            self.desktop = GnomeShell(self.state, self.logs, self.runtime, self.bus)
        else:
            self.desktop = Waybar(self.state, self.logs, self.runtime)
        self.watcher_owner = ""
        self.owner_waiters = []
        Gio.bus_watch_name_on_connection(
            self.bus, WATCHER, Gio.BusNameWatcherFlags.NONE, self.on_watcher_appeared, self.on_watcher_vanished
        )

    # Waiting for the watcher's name: on NameOwnerChanged, never on the clock (the clock only bounds it).
    def on_watcher_appeared(self, _connection, _name, owner):
        self.watcher_owner = owner
        self.settle_waiters()

    def on_watcher_vanished(self, _connection, _name):
        self.watcher_owner = ""
        self.settle_waiters()

    def when_watcher(self, owned, callback):
        """Calls callback(True) once the watcher name is owned (or free), callback(False) after
        WAIT_SECONDS, or as soon as the bar has died while an owner is awaited."""
        if bool(self.watcher_owner) == owned:
            callback(True)
            return
        entry = {"owned": owned, "callback": callback, "ticks": 0}

        def tick():
            entry["ticks"] += 1
            if (owned and not self.desktop.bar_running()) or entry["ticks"] * 0.1 >= WAIT_SECONDS:
                self.owner_waiters.remove(entry)
                callback(False)
                return GLib.SOURCE_REMOVE
            return GLib.SOURCE_CONTINUE

        # The name's owner arrives as an event (settle_waiters); the tick only bounds the wait and
        # notices a bar that exited.
        entry["source"] = GLib.timeout_add(100, tick)
        self.owner_waiters.append(entry)

    def settle_waiters(self):
        for entry in list(self.owner_waiters):
            if bool(self.watcher_owner) == entry["owned"]:
                self.owner_waiters.remove(entry)
                GLib.source_remove(entry["source"])
                entry["callback"](True)

    def info(self):
        return {
            "watcher": self.watcher_owner or None,
            "host_pid": os.getpid(),
            **self.desktop.info(),
            "xdg_runtime_dir": self.runtime,
            "logs": self.logs,
        }

    def on_control(self, _connection, _sender, _path, _interface, method, parameters, invocation):
        try:
            if method == "Info":
                invocation.return_value(GLib.Variant("(s)", (json.dumps(self.info()),)))
            elif method == "StopBar":
                self.desktop.stop_bar()
                problem = f"the watcher name is still owned after {WAIT_SECONDS} s"
                self.when_watcher(False, lambda ok: self.answer(invocation, ok, None, problem))
            elif method == "StartBar":
                self.desktop.start_bar()
                problem = f"the bar did not take the watcher name (waited at most {WAIT_SECONDS} s)"
                self.when_watcher(True, lambda ok: self.answer(invocation, ok, self.watcher_owner, problem))
            elif method == "Screenshot":
                result = self.desktop.screenshot(parameters.unpack()[0])
                invocation.return_value(GLib.Variant("(s)", (json.dumps(result),)))
            elif method == "Quit":
                self.quit()  # everything ended before the answer, so `stop` returns with nothing left
                invocation.return_value(None)
                self.bus.flush_sync(None)
        except Exception as error:  # an answer for every call, so the client never waits out its timeout
            invocation.return_dbus_error(f"{CONTROL_NAME}.Error", str(error))

    def answer(self, invocation, ok, value, problem):
        if not ok:
            invocation.return_dbus_error(f"{CONTROL_NAME}.Error", problem + self.desktop.bar_log_tail())
        elif value is None:
            invocation.return_value(None)
        else:
            invocation.return_value(GLib.Variant("(s)", (value,)))

    def quit(self):
        try:
            self.desktop.stop()
        except Exception as error:  # whatever went wrong, the host ends and its files go
            print(f"tray_host: stopping the desktop: {error}", file=sys.stderr)
        # Logs asked for (--logs) are kept in their folder; everything else goes.
        shutil.rmtree(self.state, ignore_errors=True)
        if self.loop.is_running():
            self.loop.quit()

    def serve(self, ready):
        """Starts the desktop and its bar, tells `ready` (a file) the result in one JSON line, then serves."""
        try:
            self.desktop.start()
            self.desktop.start_bar()
            node = Gio.DBusNodeInfo.new_for_xml(CONTROL_XML)
            self.bus.register_object(CONTROL_PATH, node.interfaces[0], self.on_control, None, None)
            reply = self.bus.call_sync(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                GLib.Variant("(su)", (CONTROL_NAME, 4)), GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, -1, None,
            )
            if reply.unpack()[0] != 1:
                raise RuntimeError(f"another tray host runs on this bus ({CONTROL_NAME} is taken); stop it first")
        except Exception as error:
            ready.write(json.dumps({"error": str(error)}) + "\n")
            ready.close()
            self.quit()
            return 1

        def started(ok):
            if ok:
                ready.write(json.dumps(self.info()) + "\n")
            else:
                problem = f"the bar did not take {WATCHER}{self.desktop.bar_log_tail()}"
                ready.write(json.dumps({"error": problem}) + "\n")
                GLib.idle_add(self.quit)
            ready.close()

        self.when_watcher(True, started)
        for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, number, lambda: self.quit() or GLib.SOURCE_REMOVE)
        self.loop.run()
        return 0


# --- the commands ---------------------------------------------------------------------------------


def control(method, parameters=None, reply_type=None, timeout=WAIT_SECONDS + 5):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    try:
        reply = bus.call_sync(
            CONTROL_NAME, CONTROL_PATH, CONTROL_NAME, method, parameters,
            GLib.VariantType(reply_type) if reply_type else None, Gio.DBusCallFlags.NONE, timeout * 1000, None,
        )
    except GLib.Error as error:
        if "ServiceUnknown" in error.message or "was not provided" in error.message:
            fail("no tray host runs on this bus: start one with `scripts/tray_host.py start`")
        fail(error.message.split(f"{CONTROL_NAME}.Error: ", 1)[-1])
    return reply.unpack()[0] if reply_type else None


def command_start(arguments):
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        fail("no session bus: run this inside scripts/notification-session.sh")
    serve = [sys.executable, os.path.abspath(__file__), "serve", "--desktop", arguments.desktop]
    if arguments.logs:
        serve += ["--logs", os.path.abspath(arguments.logs)]
    # The supervisor outlives this command: it gets a pipe for its one line of news and nothing of ours,
    # so that a caller reading our output to its end is not held by it.
    supervisor = subprocess.Popen(serve, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
    line = supervisor.stdout.readline().decode()
    supervisor.stdout.close()
    try:
        news = json.loads(line)
    except ValueError:
        fail(f"the tray host died before it was ready (exit {supervisor.wait()})")
    if "error" in news:
        fail(news["error"])
    print(json.dumps(news))


def command_serve(arguments):
    ready = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 1)
    if arguments.logs:
        os.makedirs(arguments.logs, exist_ok=True)
        os.dup2(os.open(os.path.join(arguments.logs, "tray-host.log"), os.O_WRONLY | os.O_CREAT | os.O_APPEND), 2)
    sys.exit(Supervisor(arguments.desktop, arguments.logs).serve(ready))


def command_screenshot(arguments):
    deadline = time.monotonic() + arguments.timeout
    while True:
        shot = json.loads(control("Screenshot", GLib.Variant("(s)", (os.path.abspath(arguments.png),)), "(s)"))
        marked = sum(icon["needs_attention"] for icon in shot["icons"])
        wanted = [(arguments.icons, len(shot["icons"]), "icons drawn"), (arguments.attention, marked, "marked")]
        missed = [f"{seen} {what}, not {want}" for want, seen, what in wanted if want is not None and want != seen]
        if not missed and (shot["bar_drawn"] or (arguments.icons is None and arguments.attention is None)):
            print(json.dumps(shot))
            return
        if time.monotonic() > deadline:
            print(json.dumps(shot))
            fail(f"{'; '.join(missed) or 'the bar not drawn'} after {arguments.timeout} s")
        time.sleep(0.1)  # no bar tells when it has drawn: look again, bounded by --timeout


def command_run(arguments):
    command = arguments.argv[1:] if arguments.argv[:1] == ["--"] else arguments.argv
    if not command:
        fail("run needs a command: scripts/tray_host.py run -- COMMAND...")
    start = [sys.executable, os.path.abspath(__file__), "start", "--desktop", arguments.desktop]
    if arguments.logs:
        start += ["--logs", arguments.logs]
    started = subprocess.run(start, stdout=subprocess.PIPE)
    if started.returncode != 0:
        sys.exit(started.returncode)
    env = dict(os.environ, LAUNDRY_TRAY_HOST=started.stdout.decode().strip())
    try:
        status = subprocess.call(command, env=env)
    finally:
        control("Quit")
    sys.exit(status)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    desktops = ("waybar", "gnome")
    start = commands.add_parser("start", help="start the desktop and its bar; wait for the watcher")
    start.add_argument("--desktop", choices=desktops, default="waybar", help="waybar in sway (default), or GNOME")
    start.add_argument("--logs", help="keep the children's logs in this folder")
    serve = commands.add_parser("serve", help=argparse.SUPPRESS)
    serve.add_argument("--desktop", choices=desktops, default="waybar")
    serve.add_argument("--logs")
    commands.add_parser("stop", help="end everything the host started")
    commands.add_parser("stop-bar", help="kill the bar; wait until the watcher name is free")
    commands.add_parser("start-bar", help="start the bar; wait until it owns the watcher name")
    commands.add_parser("restart-bar", help="stop-bar, then start-bar")
    commands.add_parser("info", help="the running host, as JSON")
    screenshot = commands.add_parser("screenshot", help="the bar as a PNG, and its icons as JSON")
    screenshot.add_argument("png")
    screenshot.add_argument("--icons", type=int, help="take shots until this many icons are drawn")
    screenshot.add_argument("--attention", type=int, help="... and this many of them marked as needing attention")
    screenshot.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for them (5)")
    run = commands.add_parser("run", help="start, run a command, stop")
    run.add_argument("--desktop", choices=desktops, default="waybar")
    run.add_argument("--logs")
    run.add_argument("argv", nargs=argparse.REMAINDER, metavar="-- COMMAND...")
    arguments = parser.parse_args()

    if arguments.command == "start":
        command_start(arguments)
    elif arguments.command == "serve":
        command_serve(arguments)
    elif arguments.command == "stop":
        control("Quit")
    elif arguments.command == "stop-bar":
        control("StopBar")
    elif arguments.command == "start-bar":
        print(json.dumps({"watcher": control("StartBar", reply_type="(s)")}))
    elif arguments.command == "restart-bar":
        control("StopBar")
        print(json.dumps({"watcher": control("StartBar", reply_type="(s)")}))
    elif arguments.command == "info":
        print(control("Info", reply_type="(s)"))
    elif arguments.command == "screenshot":
        command_screenshot(arguments)
    elif arguments.command == "run":
        command_run(arguments)


if __name__ == "__main__":
    main()
