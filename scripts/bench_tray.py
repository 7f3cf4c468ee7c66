"""`make bench`'s tray rows (scripts/bench.py calls `run`): laundryd's idle memory with its tray icon in waybar's tray
beside the same without a panel, and the D-Bus signals the icon sends a minute while three loads run (and while
nothing does). waybar runs in a headless sway through scripts/tray_host.py, on the bench session's bus."""
import json, os, re, subprocess, time

PY = "/usr/bin/python3"


def script(root, name, *arguments, env=None):
    result = subprocess.run([PY, os.path.join(root, "scripts", name), *arguments], env=env, capture_output=True,
                            text=True, check=True)
    return json.loads(result.stdout) if result.stdout.strip() else {}


def signals_from(sender, seconds, env):
    """Every signal `sender` sends in the next `seconds`, as dbus-monitor prints them."""
    monitor = subprocess.Popen(["dbus-monitor", "--session", f"type='signal',sender='{sender}'"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    time.sleep(seconds)
    monitor.terminate()
    output = monitor.communicate()[0]
    # Only the item's own (dbus-monitor prints its unique name): the bus's NameAcquired and NameLost to the monitor
    # itself are not.
    return [line for line in output.splitlines()
            if line.startswith("signal ") and not line.split()[2].startswith("sender=org.freedesktop.DBus")]


def run(root, laundry, fresh_env, row, daemon_pid):
    def rss(with_panel):
        base, env = fresh_env()
        subprocess.run([PY, os.path.join(root, "scripts/make-pets.py"), env["LAUNDRY_HOME"], "10", "--timer-every",
                        "1000000"], check=True)
        if with_panel:
            script(root, "tray_host.py", "start", env=env)
        try:
            subprocess.run([laundry, "daemon", "start"], env=env, capture_output=True, check=True)
            if with_panel:
                script(root, "tray_read.py", "items", "--count", "1", env=env)
            time.sleep(3)
            status = open(f"/proc/{daemon_pid(env)}/status").read()
            return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)), env
        finally:
            subprocess.run([laundry, "daemon", "stop"], env=env, capture_output=True)
            if with_panel:
                script(root, "tray_host.py", "stop", env=env)

    without, _ = rss(False)
    shown, _ = rss(True)
    row("laundryd's memory (RSS), idle with 10 pets, its icon in waybar's tray", f"{shown} kB",
        f"{without} kB (no panel: nothing exported)", f"+{shown - without} kB", "<= +1 MB", shown - without <= 1024)

    # Three loads running, then none: the signals the item and its menu send, counted by dbus-monitor.
    base, env = fresh_env()
    script(root, "tray_host.py", "start", env=env)
    try:
        quiet = dict(env, LAUNDRY_NO_AUTOSTART="1")
        for name in ["Socks", "Towels", "Sheets"]:
            subprocess.run([laundry, "adopt", name], env=quiet, capture_output=True, check=True)
        subprocess.run([laundry, "daemon", "start"], env=env, capture_output=True, check=True)
        sender = script(root, "tray_read.py", "items", "--count", "1", env=env)["items"][0]["service"]
        for name, minutes in [("Socks", "45m"), ("Towels", "50m"), ("Sheets", "55m")]:
            subprocess.run([laundry, "wash", name, "--for", minutes], env=env, capture_output=True, check=True)
        script(root, "tray_read.py", "item", "--until", "Status=Active", env=env)
        minutes = 3
        running = signals_from(sender, minutes * 60 + 2, env)
        for name in ["Socks", "Towels", "Sheets"]:
            subprocess.run([laundry, "cancel", name], env=env, capture_output=True, check=True)
        script(root, "tray_read.py", "item", "--until", "Status=Passive", env=env)
        idle = signals_from(sender, 62, env)
    finally:
        subprocess.run([laundry, "daemon", "stop"], env=env, capture_output=True)
        script(root, "tray_host.py", "stop", env=env)
    members = sorted({re.search(r"member=(\w+)", line).group(1) for line in running})
    per_minute = len(running) / minutes
    row(f"tray signals a minute, three loads running ({minutes} min; {', '.join(members)})", f"{per_minute:.1f}",
        "-", "-", "<= 3 per load (9)", per_minute <= 9)
    row("tray signals over a minute with nothing running", str(len(idle)), "-", "-", "0", len(idle) == 0)
