"""The two trays scripts/tray_host.py can run, each as a desktop (what stays up) and a bar (what owns
org.kde.StatusNotifierWatcher, and is restarted to see items register again):

- Waybar: waybar 0.9.17's tray module in a headless sway 1.7. sway refuses root, so it runs in a user
  namespace as uid 1000 with its group mapped as well (with the group unmapped a D-Bus client inside
  cannot send its credentials: "Error sending credentials: Invalid argument"); the bus then sees uid 0,
  the test's own user. waybar runs as root outside the namespace, on sway's Wayland socket.
- GnomeShell: GNOME Shell 43 headless (a virtual monitor, no X) with the AppIndicator extension, what
  Ubuntu's desktop shows. It needs a system bus: a private one. Its settings are a keyfile of its own
  (the user's dconf is never touched), and a small extension of ours sets the shell's unsafe mode so
  that Eval (to read the panel's indicators) and Screenshot answer a test.

Every child gets a parent-death signal (setpriv --pdeathsig): a host killed outright takes them along.
"""

import glob
import json
import os
import subprocess
import time

from gi.repository import Gio, GLib
from tray_picture import find_icons, read_ppm, write_png

WAIT_SECONDS = 15


def stop_process(process):
    if process is not None and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def hex_colour(rgb):
    return "#%02x%02x%02x" % rgb


class Desktop:
    def __init__(self, state, logs, runtime):
        self.state, self.logs, self.runtime = state, logs, runtime
        self.bar = None

    def spawn(self, command, env, log_name, **options):
        with open(os.path.join(self.logs, log_name), "ab") as log:
            return subprocess.Popen(["setpriv", "--pdeathsig", "TERM", "--", *command], env=env,
                                    stdin=subprocess.DEVNULL, stdout=options.pop("stdout", log), stderr=log,
                                    **options)

    def environment(self):
        env = dict(os.environ)
        for name in ("DISPLAY", "WAYLAND_DISPLAY", "SWAYSOCK", "LAUNDRY_TRAY_HOST"):
            env.pop(name, None)
        env.update(XDG_RUNTIME_DIR=self.runtime, NO_AT_BRIDGE="1")
        return env

    def log_tail(self, name, lines=6):
        """The end of a child's log, for an error message that must stand alone (the log may go)."""
        try:
            with open(os.path.join(self.logs, name), errors="replace") as f:
                tail = [line.strip() for line in f.readlines()[-lines:] if line.strip()]
        except OSError:
            return ""
        return f"; {name} ends: " + " | ".join(tail) if tail else f"; {name} is empty"

    def bar_running(self):
        return self.bar is not None and self.bar.poll() is None

    def stop_bar(self):
        stop_process(self.bar)
        self.bar = None

    def bar_log_tail(self):
        return self.log_tail(self.BAR_LOG)


class Waybar(Desktop):
    BAR_LOG = "waybar.log"
    # One output the width of the bar; waybar on top of it with the tray alone, on a fixed background
    # so that whatever else is on it is an icon.
    WIDTH, HEIGHT, BAR_HEIGHT = 480, 120, 32
    BACKGROUND = (0x20, 0x20, 0x20)
    # waybar draws no AttentionIconName (0.9.17 gives a NeedsAttention item the CSS class
    # needs-attention and keeps its icon): the bar paints such an item's box in this colour.
    ATTENTION = (0xFF, 0x00, 0xFF)

    def __init__(self, state, logs, runtime):
        super().__init__(state, logs, runtime)
        self.sway = None
        self.wayland_display = None
        self.sway_config = os.path.join(state, "sway.conf")
        with open(self.sway_config, "w") as f:
            f.write(f"output HEADLESS-1 resolution {self.WIDTH}x{self.HEIGHT}\nxwayland disable\n")
        self.waybar_config = os.path.join(state, "waybar.json")
        with open(self.waybar_config, "w") as f:
            json.dump({"layer": "top", "position": "top", "height": self.BAR_HEIGHT, "modules-right": ["tray"],
                       "tray": {"icon-size": 22, "spacing": 8}}, f)
        self.waybar_style = os.path.join(state, "waybar.css")
        with open(self.waybar_style, "w") as f:
            f.write("* { border: none; border-radius: 0; }\n")
            f.write(f"window#waybar {{ background: {hex_colour(self.BACKGROUND)}; }}\n")
            f.write("#tray { padding: 0 8px; }\n")
            f.write(f"#tray > .needs-attention {{ background-color: {hex_colour(self.ATTENTION)}; }}\n")

    def environment(self):
        env = super().environment()
        env.update(WLR_BACKENDS="headless", WLR_LIBINPUT_NO_DEVICES="1", WLR_RENDERER="pixman",
                   GDK_BACKEND="wayland", GSETTINGS_BACKEND="memory")
        if self.wayland_display:
            env["WAYLAND_DISPLAY"] = self.wayland_display
        return env

    def start(self):
        # setpriv (in spawn) runs inside the namespace: entering one clears a parent-death signal.
        namespace = ["unshare", "--user", "--map-user=1000", "--map-group=1000"]
        with open(os.path.join(self.logs, "sway.log"), "ab") as log:
            self.sway = subprocess.Popen([*namespace, "setpriv", "--pdeathsig", "TERM", "--",
                                          "sway", "--config", self.sway_config], env=self.environment(),
                                         stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        # sway says nothing when its socket is up: look for it, bounded.
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

    def start_bar(self):
        if not self.bar_running():
            command = ["waybar", "--config", self.waybar_config, "--style", self.waybar_style]
            self.bar = self.spawn(command, self.environment(), self.BAR_LOG)

    def stop(self):
        self.stop_bar()
        stop_process(self.sway)
        self.sway = None

    def info(self):
        return {
            "desktop": "waybar",
            "sway_pid": self.sway.pid if self.sway else None,
            "waybar_pid": self.bar.pid if self.bar_running() else None,
            "wayland_display": self.wayland_display,
            "bar": {"width": self.WIDTH, "height": self.BAR_HEIGHT, "background": hex_colour(self.BACKGROUND),
                    "needs_attention": hex_colour(self.ATTENTION)},
        }

    def screenshot(self, path):
        shot = subprocess.run(["grim", "-t", "ppm", "-g", f"0,0 {self.WIDTH}x{self.BAR_HEIGHT}", "-"],
                              env=self.environment(), stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=WAIT_SECONDS)
        if shot.returncode != 0:
            raise RuntimeError(f"grim failed: {shot.stderr.decode(errors='replace').strip()}")
        width, height, pixels = read_ppm(shot.stdout)
        write_png(path, width, height, pixels)
        # Before waybar has drawn, the shot shows sway's empty output, not the bar's background.
        drawn = pixels[0:3] == bytes(self.BACKGROUND)
        icons = find_icons(width, height, pixels, self.BACKGROUND, self.ATTENTION) if drawn else []
        return {"path": path, "width": width, "height": height, "bar_drawn": drawn, "icons": icons}


UNSAFE_EXTENSION = "laundry-test-unsafe@laundry"
APPINDICATOR_EXTENSION = "ubuntu-appindicators@ubuntu.com"
# The panel's AppIndicator icons as the extension keeps them (Main.panel.statusArea, keys
# "appindicator-<the watcher's id>"), read through the shell's Eval.
INDICATORS_JS = """
JSON.stringify({
  panel_height: Main.panel.height,
  indicators: Object.entries(Main.panel.statusArea)
    .filter(([key, icon]) => key.startsWith('appindicator-') && icon)
    .map(([key, icon]) => ({
      id: key.slice('appindicator-'.length),
      visible: icon.visible,
      status: icon._indicator ? icon._indicator.status : null,
      label: icon._label ? icon._label.text : null,
      icon_name: icon._indicator ? icon._indicator.icon[0] : null,
      attention_icon_name: icon._indicator ? icon._indicator.attentionIcon[0] : null,
      accessible_name: icon.accessible_name,
    })),
})
"""


class GnomeShell(Desktop):
    BAR_LOG = "gnome-shell.log"
    WIDTH, HEIGHT = 1280, 800

    def __init__(self, state, logs, runtime, session_bus):
        super().__init__(state, logs, runtime)
        self.session_bus = session_bus
        self.system_bus = None
        self.system_bus_address = None
        self.activated_before = set()
        settings = os.path.join(state, "config", "glib-2.0", "settings")
        os.makedirs(settings)
        with open(os.path.join(settings, "keyfile"), "w") as f:
            f.write("[org/gnome/shell]\n")
            f.write(f"enabled-extensions=['{APPINDICATOR_EXTENSION}', '{UNSAFE_EXTENSION}']\n")
            f.write("disable-user-extensions=false\n")
            f.write("welcome-dialog-last-shown-version='999'\n")
        extension = os.path.join(state, "data", "gnome-shell", "extensions", UNSAFE_EXTENSION)
        os.makedirs(extension)
        with open(os.path.join(extension, "metadata.json"), "w") as f:
            json.dump({"uuid": UNSAFE_EXTENSION, "name": "laundry's tests: unsafe mode", "shell-version": ["43"],
                       "description": "Lets laundry's tests call the shell's Eval and Screenshot"}, f)
        # The shell announces unsafe mode with a banner across the panel: banners are blocked first
        # (the tests' notifications go to dunst, not to the shell).
        with open(os.path.join(extension, "extension.js"), "w") as f:
            f.write("const Main = imports.ui.main;\n")
            f.write("function init() {}\n")
            f.write("function enable() { Main.messageTray.bannerBlocked = true; global.context.unsafe_mode = true; }\n")
            f.write("function disable() { global.context.unsafe_mode = false; }\n")
        self.system_bus_config = os.path.join(state, "system-bus.conf")
        with open(self.system_bus_config, "w") as f:
            f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path={os.path.join(state, "system-bus")}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/>
  </policy>
</busconfig>
""")

    def environment(self):
        env = super().environment()
        data_dirs = env.get("XDG_DATA_DIRS") or "/usr/local/share:/usr/share"
        env.update(XDG_CONFIG_HOME=os.path.join(self.state, "config"), GSETTINGS_BACKEND="keyfile",
                   XDG_DATA_DIRS=os.path.join(self.state, "data") + ":" + data_dirs,
                   DBUS_SYSTEM_BUS_ADDRESS=self.system_bus_address or "")
        return env

    def start(self):
        self.system_bus = self.spawn(["dbus-daemon", "--config-file", self.system_bus_config, "--nofork",
                                      "--nopidfile", "--print-address=1"], self.environment(), "system-bus.log",
                                     stdout=subprocess.PIPE)
        self.system_bus_address = self.system_bus.stdout.readline().decode().strip()
        if not self.system_bus_address:
            raise RuntimeError(f"the private system bus did not start{self.log_tail('system-bus.log')}")
        self.activated_before = self.activated_owners()

    def start_bar(self):
        if not self.bar_running():
            command = ["gnome-shell", "--headless", "--virtual-monitor", f"{self.WIDTH}x{self.HEIGHT}",
                       "--wayland", "--no-x11"]
            self.bar = self.spawn(command, self.environment(), self.BAR_LOG)

    def activated_owners(self):
        """{(name, pid)} of the session bus's activatable services running now."""
        def ask(method, *arguments, reply="(as)"):
            return self.session_bus.call_sync(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method,
                GLib.Variant("(s)", arguments) if arguments else None, GLib.VariantType(reply),
                Gio.DBusCallFlags.NONE, 5000, None,
            ).unpack()[0]

        owners = set()
        try:
            running = set(ask("ListNames")) & set(ask("ListActivatableNames"))
        except GLib.Error:
            return owners  # the bus is gone, and its services with it
        for name in running:
            try:
                owners.add((name, ask("GetConnectionUnixProcessID", name, reply="(u)")))
            except GLib.Error:
                pass  # gone meanwhile
        return owners

    def stop(self):
        self.stop_bar()
        # The shell had the bus start helpers (its notification service, the accessibility bus, ...):
        # those that run now and did not before the host end with it.
        for name, pid in self.activated_owners() - self.activated_before:
            if name.startswith(("org.gnome.Shell.", "org.a11y.", "org.gnome.ScreenSaver")):
                try:
                    os.kill(pid, 15)
                except ProcessLookupError:
                    pass
        stop_process(self.system_bus)
        self.system_bus = None

    def info(self):
        return {
            "desktop": "gnome",
            "gnome_shell_pid": self.bar.pid if self.bar_running() else None,
            "system_bus_pid": self.system_bus.pid if self.system_bus else None,
            "bar": {"width": self.WIDTH},
        }

    def shell_call(self, path, interface, method, parameters, reply):
        return self.session_bus.call_sync(
            "org.gnome.Shell", path, interface, method, parameters, GLib.VariantType(reply),
            Gio.DBusCallFlags.NONE, WAIT_SECONDS * 1000, None,
        ).unpack()

    def panel(self):
        ok, result = self.shell_call("/org/gnome/Shell", "org.gnome.Shell", "Eval",
                                     GLib.Variant("(s)", (INDICATORS_JS,)), "(bs)")
        if not ok:
            raise RuntimeError(f"the shell's Eval failed (is {UNSAFE_EXTENSION} enabled?): {result}")
        return json.loads(json.loads(result))

    def screenshot(self, path):
        panel = self.panel()
        ok, written = self.shell_call(
            "/org/gnome/Shell/Screenshot", "org.gnome.Shell.Screenshot", "ScreenshotArea",
            GLib.Variant("(iiiibs)", (0, 0, self.WIDTH, panel["panel_height"], False, path)), "(bs)",
        )
        if not ok:
            raise RuntimeError(f"the shell took no screenshot into {path}")
        icons = [indicator for indicator in panel["indicators"] if indicator["visible"]]
        for icon in icons:
            icon["needs_attention"] = icon["status"] == "NeedsAttention"
        return {"path": written, "width": self.WIDTH, "height": panel["panel_height"], "bar_drawn": True,
                "icons": icons, "indicators": panel["indicators"]}
