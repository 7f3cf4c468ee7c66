#!/usr/bin/python3
"""Checks the test tray before laundryd has an item: scripts/tray_host.py (waybar in headless sway),
scripts/tray_read.py and scripts/tray_test_item.py together, on a private notification session.

  scripts/notification-session.sh scripts/tray_selfcheck.py [--desktop gnome] [OUT_DIR]
                                                           (make tray-check, make tray-check DESKTOP=gnome)

Screenshots of each step go to OUT_DIR (.build/tray-check). Prints one line a check and a closing
"N passed, N failed"; exits 1 if any failed.
"""

import argparse
import json
import os
import queue
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
STEP_TIMEOUT = 10


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, what, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"ok - {what}")
        else:
            self.failed += 1
            print(f"FAIL - {what}: {detail}")
        return ok


def tool(script, *arguments, expect_failure=False):
    """A script's JSON output (None when it failed), its stderr passed on unless a failure is wanted."""
    done = subprocess.run([sys.executable, os.path.join(HERE, script), *arguments], capture_output=True, text=True)
    if done.returncode != 0:
        if not expect_failure:
            print(f"  {script} {' '.join(arguments)}: {done.stderr.strip()}")
        return None
    return json.loads(done.stdout) if done.stdout.strip() else {}


class TestItem:
    """scripts/tray_test_item.py, its reports read on a thread into a queue."""

    def __init__(self):
        self.process = subprocess.Popen([sys.executable, os.path.join(HERE, "tray_test_item.py")],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.events = queue.Queue()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stdout:
            self.events.put(json.loads(line))

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def wait_for(self, event):
        """The next report of this kind (earlier reports of other kinds are dropped), or None."""
        while True:
            try:
                report = self.events.get(timeout=STEP_TIMEOUT)
            except queue.Empty:
                return None
            if report["event"] == event:
                return report

    def stop(self):
        self.send("quit")
        self.process.wait(timeout=STEP_TIMEOUT)


def alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--desktop", choices=("waybar", "gnome"), default="waybar")
    parser.add_argument("out", nargs="?", default=".build/tray-check")
    arguments = parser.parse_args()
    gnome = arguments.desktop == "gnome"
    out = os.path.abspath(os.path.join(arguments.out, arguments.desktop))
    os.makedirs(out, exist_ok=True)
    checks = Checks()
    check = checks.check

    host = tool("tray_host.py", "start", "--desktop", arguments.desktop, "--logs", os.path.join(out, "logs"))
    if not check(f"the host starts and {arguments.desktop} owns org.kde.StatusNotifierWatcher",
                 host and host.get("watcher")):
        return 1
    item = TestItem()
    try:
        ready = item.wait_for("ready")
        registered = item.wait_for("registered")
        check("the item registers with the watcher", registered and registered["watcher"] == host["watcher"],
              registered)

        listed = tool("tray_read.py", "items", "--count", "1")
        check("the watcher lists the item", listed and listed["items"][0]["service"] == ready["name"], listed)

        properties = (tool("tray_read.py", "item") or {}).get("properties", {})
        wanted = {"Status": "Active", "ItemIsMenu": True, "Menu": "/MenuBar", "XAyatanaLabel": "0:42",
                  "IconName": "laundry-tray-check", "AttentionIconName": "laundry-tray-check-attention"}
        check("the item's properties read", all(properties.get(k) == v for k, v in wanted.items()), properties)

        shot = tool("tray_host.py", "screenshot", os.path.join(out, "active.png"), "--icons", "1", "--attention", "0")
        if gnome:
            check("GNOME shows the Active item with its label", shot and shot["icons"][0]["label"] == "0:42", shot)
            item.send("label 0:41")
            item.wait_for("label")
            shot = tool("tray_host.py", "screenshot", os.path.join(out, "label.png"), "--icons", "1")
            check("GNOME follows XAyatanaNewLabel", shot and shot["icons"][0]["label"] == "0:41", shot)
        else:
            check("waybar draws the Active item's icon (a blue disc)",
                  shot and shot["icons"][0]["color"].startswith("#2"), shot)

        item.send("status NeedsAttention")
        tool("tray_read.py", "item", "--until", "Status=NeedsAttention")
        attention = os.path.join(out, "attention.png")
        shot = tool("tray_host.py", "screenshot", attention, "--icons", "1", "--attention", "1")
        check("a NeedsAttention item is shown as needing attention", shot, shot)

        item.send("status Passive")
        tool("tray_read.py", "item", "--until", "Status=Passive")
        shot = tool("tray_host.py", "screenshot", os.path.join(out, "passive.png"), "--icons", "0")
        check(f"{arguments.desktop} hides a Passive item", shot, shot)
        listed = tool("tray_read.py", "items", "--count", "1")
        check("a Passive item stays registered", listed, listed)

        item.send("status Active")
        tool("tray_read.py", "item", "--until", "Status=Active")
        first_watcher = host["watcher"]
        tool("tray_host.py", "stop-bar")
        gone = item.wait_for("watcher-gone")
        listed = tool("tray_read.py", "items")
        check(f"with {arguments.desktop}'s bar killed, the watcher name has no owner",
              gone and listed == {"watcher": None, "items": []}, listed)
        restarted = tool("tray_host.py", "start-bar")
        again = item.wait_for("registered")
        check("the item registers again with the restarted watcher",
              restarted and again and again["watcher"] == restarted["watcher"] != first_watcher, (restarted, again))
        listed = tool("tray_read.py", "items", "--count", "1")
        check("the restarted watcher lists the item", listed and listed["items"][0]["service"] == ready["name"], listed)
        shot = tool("tray_host.py", "screenshot", os.path.join(out, "restarted.png"), "--icons", "1")
        check("the restarted bar shows the item", shot, shot)

        menu = tool("tray_read.py", "menu")
        labels = [child["label"] for child in menu["layout"]["children"]] if menu else []
        check("the menu's layout reads", labels[:3] == ["Washer: 42 min left", "Start dryer", "+10 min"], menu)
        clicked = tool("tray_read.py", "click", "--label", "Start dryer")
        delivered = item.wait_for("clicked")
        check("a click on Start dryer reaches the item through Event",
              clicked and delivered and delivered["id"] == clicked["id"] and delivered["label"] == "Start dryer",
              (clicked, delivered))
        clicked = tool("tray_read.py", "click", "--label", "Got it")
        shown = item.wait_for("about-to-show")
        delivered = item.wait_for("clicked")
        check("a click in a submenu is preceded by AboutToShow on the submenu",
              clicked and shown and delivered and delivered["label"] == "Got it"
              and [s["id"] for s in clicked["about_to_show"]] == [0, shown["id"]], (clicked, shown, delivered))
        refused = tool("tray_read.py", "click", "--label", "Washer: 42 min left", expect_failure=True)
        check("the reader sends no click for a disabled entry", refused is None, refused)
    finally:
        item.stop()
        info = tool("tray_host.py", "info")
        tool("tray_host.py", "stop")
    pids = {key: pid for key, pid in (info or {}).items() if key.endswith("_pid") and key != "host_pid"}
    check(f"stop ends every child ({', '.join(pids)})", pids and not any(alive(p) for p in pids.values() if p), pids)
    check("stop leaves no tray host on the bus", tool("tray_host.py", "info", expect_failure=True) is None)

    print(f"{checks.passed} passed, {checks.failed} failed")
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
