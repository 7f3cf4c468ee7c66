#!/usr/bin/env python3
"""Lateness of each Notify call: its time on the bus (dbus-monitor's `time=`) minus its pet's
deadline (the timer file's endsAt). Prints p50, p99 and max in milliseconds, and the count.

measure-lateness.py NOTIFY_LOG LAUNDRY_HOME"""
import datetime, json, os, re, sys

log, home = sys.argv[1], sys.argv[2]
deadlines = {}
for name in os.listdir(os.path.join(home, "pets")):
    if not name.endswith(".json"):
        continue
    pet = json.load(open(os.path.join(home, "pets", name)))
    timer_path = os.path.join(home, "timers", name)
    if os.path.exists(timer_path):
        end = json.load(open(timer_path))["endsAt"]
        deadlines[pet["name"]] = datetime.datetime.strptime(end, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=datetime.timezone.utc).timestamp()

lateness = []
text = open(log).read()
for block in text.split("\nmethod call ")[1:]:
    if "member=Notify" not in block:
        continue
    sent = float(re.search(r"time=([0-9.]+)", block).group(1))
    body = re.findall(r'string "(.*)"', block)[3]
    match = re.match(r"(Pet \d+) is ready", body)
    if match and match.group(1) in deadlines:
        lateness.append((sent - deadlines[match.group(1)]) * 1000)
lateness.sort()
if not lateness:
    print("no notifications matched"); sys.exit(1)
def pct(p): return lateness[min(len(lateness) - 1, int(p / 100 * len(lateness)))]
print(f"count={len(lateness)} of {len(deadlines)} p50={pct(50):.1f}ms p99={pct(99):.1f}ms max={lateness[-1]:.1f}ms min={lateness[0]:.1f}ms")
