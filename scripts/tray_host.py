#!/usr/bin/python3
"""A tray for tests: waybar's tray module (StatusNotifierWatcher and host) in a headless sway, on the
session bus of the caller (run it inside scripts/notification-session.sh).

  scripts/tray_host.py start [--logs DIR]   sway and waybar up; returns once org.kde.StatusNotifierWatcher
                                           is owned, printing {"watcher": OWNER, "sway_pid", "waybar_pid",
                                           "wayland_display", "xdg_runtime_dir", "logs"}
  scripts/tray_host.py stop-bar            waybar killed; returns once the watcher name has no owner
  scripts/tray_host.py start-bar           waybar started again; returns once the watcher name is owned
  scripts/tray_host.py restart-bar         both, printing the new owner
  scripts/tray_host.py screenshot PNG [--icons N] [--attention N] [--timeout S]
                                           the bar as a PNG, and what is drawn on it as JSON: each icon's
                                           box, mean colour, and whether it is marked as needing
                                           attention; with --icons (--attention), shots are taken until
                                           N icons are drawn (N of them marked), for at most S seconds
  scripts/tray_host.py info                what start printed, for the running host
  scripts/tray_host.py stop                every process the host started ended, its files removed
  scripts/tray_host.py run [--logs DIR] -- COMMAND...
                                           start, COMMAND with LAUNDRY_TRAY_HOST set, stop

`start` leaves a supervisor running that owns sway and waybar and answers the other commands over the
bus (org.laundry.TrayTestHost). It ends them on `stop`, on SIGTERM, and when the bus goes away, so a
notification session that ends takes the tray with it.

sway refuses to run as root: it runs in a user namespace as uid 1000. Its group must be mapped too
(--map-group): with the group unmapped, a D-Bus client inside cannot send its credentials ("Error
sending credentials: Invalid argument"). With both mapped, the bus sees the namespace's uid 1000 as
uid 0, the same user as the test. waybar needs no namespace (it runs as root); it only needs sway's
Wayland socket.
"""

import argparse
import glob
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

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
# The bar: one output the width of the bar, waybar on top of it with the tray alone, on a fixed
# background so that whatever else is on it is an icon.
OUTPUT_WIDTH, OUTPUT_HEIGHT = 480, 120
BAR_HEIGHT = 32
BACKGROUND = (0x20, 0x20, 0x20)
# waybar draws no AttentionIconName (0.9.17 gives a NeedsAttention item the CSS class needs-attention
# and keeps its icon): the bar paints such an item's box in this colour, so a screenshot shows it.
ATTENTION = (0xFF, 0x00, 0xFF)
WAIT_SECONDS = 15


def fail(message):
    print(f"tray_host: {message}", file=sys.stderr)
    sys.exit(1)


# --- the supervisor -------------------------------------------------------------------------------


class Supervisor:
    def __init__(self, logs):
        self.state = tempfile.mkdtemp(prefix="laundry-tray.")
        self.logs = logs or self.state
        os.makedirs(self.logs, exist_ok=True)
        self.runtime = os.path.join(self.state, "runtime")
        os.mkdir(self.runtime, 0o700)
        self.sway = None
        self.waybar = None
        self.wayland_display = None
        self.loop = GLib.MainLoop()
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        # The bus going away (the notification session ended) ends the tray too.
        self.bus.set_exit_on_close(False)
        self.bus.connect("closed", lambda *_: self.quit())
        self.watcher_owner = ""
        self.owner_waiters = []  # (wanted: bool, callback, timeout source id)
        Gio.bus_watch_name_on_connection(
            self.bus, WATCHER, Gio.BusNameWatcherFlags.NONE, self.on_watcher_appeared, self.on_watcher_vanished
        )
        self.write_configs()

    def write_configs(self):
        self.sway_config = os.path.join(self.state, "sway.conf")
        with open(self.sway_config, "w") as f:
            f.write(f"output HEADLESS-1 resolution {OUTPUT_WIDTH}x{OUTPUT_HEIGHT}\n")
            f.write("xwayland disable\n")
        self.waybar_config = os.path.join(self.state, "waybar.json")
        with open(self.waybar_config, "w") as f:
            json.dump(
                {
                    "layer": "top",
                    "position": "top",
                    "height": BAR_HEIGHT,
                    "modules-right": ["tray"],
                    "tray": {"icon-size": 22, "spacing": 8},
                },
                f,
            )
        self.waybar_style = os.path.join(self.state, "waybar.css")
        with open(self.waybar_style, "w") as f:
            f.write("* { border: none; border-radius: 0; }\n")
            f.write("window#waybar { background: #%02x%02x%02x; }\n" % BACKGROUND)
            f.write("#tray { padding: 0 8px; }\n")
            f.write("#tray > .needs-attention { background-color: #%02x%02x%02x; }\n" % ATTENTION)

    def child_environment(self):
        env = dict(os.environ)
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "SWAYSOCK", "LAUNDRY_TRAY_HOST"):
            env.pop(name, None)
        env.update(
            XDG_RUNTIME_DIR=self.runtime,
            WLR_BACKENDS="headless",
            WLR_LIBINPUT_NO_DEVICES="1",
            WLR_RENDERER="pixman",
            GDK_BACKEND="wayland",
            GSETTINGS_BACKEND="memory",
            NO_AT_BRIDGE="1",
        )
        return env

    def start_sway(self):
        log = open(os.path.join(self.logs, "sway.log"), "ab")
        # setpriv inside the namespace: entering it clears a parent-death signal set before.
        command = [
            "unshare", "--user", "--map-user=1000", "--map-group=1000",
            "setpriv", "--pdeathsig", "TERM", "--",
            "sway", "--config", self.sway_config,
        ]  # fmt: skip
        self.sway = subprocess.Popen(command, env=self.child_environment(), stdin=subprocess.DEVNULL,
                                     stdout=log, stderr=log)  # fmt: skip
        log.close()
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            if self.sway.poll() is not None:
                raise RuntimeError(f"sway exited with {self.sway.returncode}{self.log_tail('sway.log')}")
            sockets = [s for s in glob.glob(os.path.join(self.runtime, "wayland-*")) if not s.endswith(".lock")]
            if sockets:
                self.wayland_display = os.path.basename(sockets[0])
                return
            time.sleep(0.02)
        raise RuntimeError(f"sway made no Wayland socket in {WAIT_SECONDS} s{self.log_tail('sway.log')}")

    def start_waybar(self):
        if self.waybar is not None and self.waybar.poll() is None:
            return
        env = self.child_environment()
        env["WAYLAND_DISPLAY"] = self.wayland_display
        log = open(os.path.join(self.logs, "waybar.log"), "ab")
        command = [
            "setpriv", "--pdeathsig", "TERM", "--",
            "waybar", "--config", self.waybar_config, "--style", self.waybar_style,
        ]  # fmt: skip
        self.waybar = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        log.close()

    def stop_waybar(self):
        if self.waybar is None:
            return
        stop_process(self.waybar)
        self.waybar = None

    # Waiting for the watcher's name: on NameOwnerChanged, never on the clock (the clock only bounds it).
    def on_watcher_appeared(self, _connection, _name, owner):
        self.watcher_owner = owner
        self.settle_waiters()

    def on_watcher_vanished(self, _connection, _name):
        self.watcher_owner = ""
        self.settle_waiters()

    def when_watcher(self, owned, callback):
        """Calls callback(True) once the watcher name is owned (or free), callback(False) after
        WAIT_SECONDS, or as soon as waybar has died while an owner is awaited."""
        if bool(self.watcher_owner) == owned:
            callback(True)
            return
        entry = {"owned": owned, "callback": callback, "ticks": 0}

        def tick():
            entry["ticks"] += 1
            waybar_died = owned and (self.waybar is None or self.waybar.poll() is not None)
            if waybar_died or entry["ticks"] * 0.1 >= WAIT_SECONDS:
                self.owner_waiters.remove(entry)
                callback(False)
                return GLib.SOURCE_REMOVE
            return GLib.SOURCE_CONTINUE

        # The name's owner arrives as an event (settle_waiters); the tick only bounds the wait and
        # notices a waybar that exited.
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
            "sway_pid": self.sway.pid if self.sway else None,
            "waybar_pid": self.waybar.pid if self.waybar and self.waybar.poll() is None else None,
            "wayland_display": self.wayland_display,
            "xdg_runtime_dir": self.runtime,
            "logs": self.logs,
            "bar": {
                "width": OUTPUT_WIDTH,
                "height": BAR_HEIGHT,
                "background": "#%02x%02x%02x" % BACKGROUND,
                "needs_attention": "#%02x%02x%02x" % ATTENTION,
            },
        }

    def screenshot(self, path):
        env = self.child_environment()
        env["WAYLAND_DISPLAY"] = self.wayland_display
        shot = subprocess.run(
            ["grim", "-t", "ppm", "-g", f"0,0 {OUTPUT_WIDTH}x{BAR_HEIGHT}", "-"],
            env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=WAIT_SECONDS,
        )  # fmt: skip
        if shot.returncode != 0:
            raise RuntimeError(f"grim failed: {shot.stderr.decode(errors='replace').strip()}")
        width, height, pixels = read_ppm(shot.stdout)
        write_png(path, width, height, pixels)
        # Before waybar has drawn, the shot shows sway's empty output, not the bar's background.
        drawn = pixels[0:3] == bytes(BACKGROUND)
        icons = find_icons(width, height, pixels) if drawn else []
        return {"path": path, "width": width, "height": height, "bar_drawn": drawn, "icons": icons}

    def on_control(self, _connection, _sender, _path, _interface, method, parameters, invocation):
        try:
            if method == "Info":
                invocation.return_value(GLib.Variant("(s)", (json.dumps(self.info()),)))
            elif method == "StopBar":
                self.stop_waybar()
                problem = f"the watcher name is still owned after {WAIT_SECONDS} s"
                self.when_watcher(False, lambda ok: self.answer(invocation, ok, None, problem))
            elif method == "StartBar":
                self.start_waybar()
                problem = f"waybar did not take the watcher name (waited at most {WAIT_SECONDS} s)"
                self.when_watcher(True, lambda ok: self.answer(invocation, ok, self.watcher_owner, problem))
            elif method == "Screenshot":
                result = self.screenshot(parameters.unpack()[0])
                invocation.return_value(GLib.Variant("(s)", (json.dumps(result),)))
            elif method == "Quit":
                self.quit()  # everything ended before the answer, so `stop` returns with nothing left
                invocation.return_value(None)
                self.bus.flush_sync(None)
        except Exception as error:  # an answer for every call, so the client never waits out its timeout
            invocation.return_dbus_error("org.laundry.TrayTestHost.Error", str(error))

    def answer(self, invocation, ok, value, problem):
        if not ok:
            invocation.return_dbus_error(
                "org.laundry.TrayTestHost.Error", f"{problem}{self.log_tail('waybar.log')}"
            )
        elif value is None:
            invocation.return_value(None)
        else:
            invocation.return_value(GLib.Variant("(s)", (value,)))

    def log_tail(self, name, lines=6):
        """The end of a child's log, for an error message that must stand alone (the log may go)."""
        try:
            with open(os.path.join(self.logs, name), errors="replace") as f:
                tail = [line.strip() for line in f.readlines()[-lines:]]
        except OSError:
            return ""
        return f"; {name} ends: " + " | ".join(tail) if tail else f"; {name} is empty"

    def quit(self):
        self.stop_waybar()
        if self.sway is not None:
            stop_process(self.sway)
            self.sway = None
        # Logs asked for (--logs) are kept in their folder; everything else goes.
        shutil.rmtree(self.state, ignore_errors=True)
        if self.loop.is_running():
            self.loop.quit()

    def serve(self, ready):
        """Starts sway and waybar, tells `ready` (a file) the result in one JSON line, then serves."""
        try:
            self.start_sway()
            self.start_waybar()
            node = Gio.DBusNodeInfo.new_for_xml(CONTROL_XML)
            self.bus.register_object(CONTROL_PATH, node.interfaces[0], self.on_control, None, None)
            reply = self.bus.call_sync(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                GLib.Variant("(su)", (CONTROL_NAME, 4)), GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, -1, None,
            )  # fmt: skip
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
                problem = f"waybar did not take {WATCHER}{self.log_tail('waybar.log')}"
                ready.write(json.dumps({"error": problem}) + "\n")
                GLib.idle_add(self.quit)
            ready.close()

        self.when_watcher(True, started)
        for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, number, lambda: self.quit() or GLib.SOURCE_REMOVE)
        self.loop.run()
        return 0


def stop_process(process):
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def read_ppm(data):
    # grim writes "P6\n<width> <height>\n255\n" and then RGB bytes (which may start with blanks).
    fields = data.split(b"\n", 3)
    if len(fields) < 4 or fields[0] != b"P6" or fields[2] != b"255":
        raise RuntimeError(f"grim wrote no binary PPM ({len(data)} bytes)")
    width, height = (int(n) for n in fields[1].split())
    pixels = fields[3][: width * height * 3]
    if len(pixels) != width * height * 3:
        raise RuntimeError(f"grim's PPM holds {len(pixels)} bytes, not {width * height * 3}")
    return width, height, pixels


def write_png(path, width, height, pixels):
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = b"".join(b"\x00" + pixels[y * width * 3 : (y + 1) * width * 3] for y in range(height))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def find_icons(width, height, pixels):
    """Each run of columns that holds a pixel unlike the background, as a box with its mean colour and
    whether the bar marked it as needing attention."""

    def pixel(x, y):
        i = (y * width + x) * 3
        return tuple(pixels[i : i + 3])

    def differs(x, y):
        return any(abs(value - BACKGROUND[c]) > 24 for c, value in enumerate(pixel(x, y)))

    icons, start = [], None
    for x in range(width + 1):
        drawn = x < width and any(differs(x, y) for y in range(height))
        if drawn and start is None:
            start = x
        elif not drawn and start is not None:
            points = [(px, py) for px in range(start, x) for py in range(height) if differs(px, py)]
            top, bottom = min(p[1] for p in points), max(p[1] for p in points)
            mean = [sum(pixels[(py * width + px) * 3 + c] for px, py in points) // len(points) for c in range(3)]
            icons.append(
                {"x": start, "y": top, "width": x - start, "height": bottom - top + 1,
                 "color": "#%02x%02x%02x" % tuple(mean), "pixels": len(points),
                 "needs_attention": any(pixel(px, py) == ATTENTION for px, py in points)}
            )  # fmt: skip
            start = None
    return icons


# --- the commands ---------------------------------------------------------------------------------


def control(method, parameters=None, reply_type=None, timeout=WAIT_SECONDS + 5):
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    try:
        reply = bus.call_sync(
            CONTROL_NAME, CONTROL_PATH, CONTROL_NAME, method, parameters,
            GLib.VariantType(reply_type) if reply_type else None, Gio.DBusCallFlags.NONE, timeout * 1000, None,
        )  # fmt: skip
    except GLib.Error as error:
        if "ServiceUnknown" in error.message or "was not provided" in error.message:
            fail("no tray host runs on this bus: start one with `scripts/tray_host.py start`")
        fail(error.message.split(f"{CONTROL_NAME}.Error: ", 1)[-1])
    return reply.unpack()[0] if reply_type else None


def command_start(arguments):
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        fail("no session bus: run this inside scripts/notification-session.sh")
    serve = [sys.executable, os.path.abspath(__file__), "serve"]
    if arguments.logs:
        serve += ["--logs", os.path.abspath(arguments.logs)]
    # The supervisor outlives this command: it gets a pipe for its one line of news and nothing of ours,
    # so that a caller reading our output to its end is not held by it.
    supervisor = subprocess.Popen(serve, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
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
    sys.exit(Supervisor(arguments.logs).serve(ready))


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
        time.sleep(0.1)  # waybar tells nobody when it has drawn: look again, bounded by --timeout


def command_run(arguments):
    command = arguments.argv[1:] if arguments.argv[:1] == ["--"] else arguments.argv
    if not command:
        fail("run needs a command: scripts/tray_host.py run -- COMMAND...")
    start = [sys.executable, os.path.abspath(__file__), "start"]
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
    start = commands.add_parser("start", help="start sway and waybar; wait for the watcher")
    start.add_argument("--logs", help="keep sway's and waybar's logs in this folder")
    serve = commands.add_parser("serve", help=argparse.SUPPRESS)
    serve.add_argument("--logs")
    commands.add_parser("stop", help="end everything the host started")
    commands.add_parser("stop-bar", help="kill waybar; wait until the watcher name is free")
    commands.add_parser("start-bar", help="start waybar; wait until it owns the watcher name")
    commands.add_parser("restart-bar", help="stop-bar, then start-bar")
    commands.add_parser("info", help="the running host, as JSON")
    screenshot = commands.add_parser("screenshot", help="the bar as a PNG, and its icons as JSON")
    screenshot.add_argument("png")
    screenshot.add_argument("--icons", type=int, help="take shots until this many icons are drawn")
    screenshot.add_argument("--attention", type=int, help="... and this many of them marked as needing attention")
    screenshot.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for them (5)")
    run = commands.add_parser("run", help="start, run a command, stop")
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
