#!/usr/bin/env python3
"""Creates pets directly as files, in each machine's folder, for benchmarks.

make-pets.py LAUNDRY_HOME N [--timer-every K] [--ends-at EPOCH] [--spread SECONDS] [--machines M]
            [--history-weeks W]
  every K-th pet (default 3) is washing; its load ends at EPOCH (default: in an hour), spread
  evenly over SECONDS after it (default 0: all in the same instant). With M machines (default 1),
  the first made each pet and started its wash; every other one renamed it a little later, so
  each pet is M records to merge, as in a household of M machines. With W, each pet has a history
  of W weekly loads (wash, dryer, fold: five events each, with the facts laundry writes), the newest a
  week ago."""
import argparse, datetime, json, os, uuid

parser = argparse.ArgumentParser()
parser.add_argument("home")
parser.add_argument("count", type=int)
parser.add_argument("--timer-every", type=int, default=3)
parser.add_argument("--ends-at", type=float)
parser.add_argument("--spread", type=float, default=0)
parser.add_argument("--machines", type=int, default=1)
parser.add_argument("--history-weeks", type=int, default=0)
args = parser.parse_args()

utc = datetime.timezone.utc
now = datetime.datetime.now(utc)
ends = datetime.datetime.fromtimestamp(args.ends_at, utc) if args.ends_at else now + datetime.timedelta(hours=1)
def stamp(t): return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"
devices = [f"{index:x}123456789abcde"[:16].rjust(16, "0") for index in range(args.machines)]
for device in devices:
    for folder in ("pets", "history"):
        os.makedirs(os.path.join(args.home, "machines", device, folder), mode=0o700, exist_ok=True)
    with open(os.path.join(args.home, "machines", device, "machine.json"), "w") as f:
        json.dump({"device": device, "host": "bench-" + device, "machineID": device, "layout": 2}, f)
timers = [i for i in range(args.count) if i % args.timer_every == 0]
for index in range(args.count):
    pet_id = str(uuid.uuid4())
    washing = index % args.timer_every == 0
    made = {"at": stamp(now), "device": devices[0]}
    cycle = {"stage": "washing" if washing else "idle", "totalCycles": 0, "currentStreak": 0, "longestStreak": 0}
    if washing:
        offset = args.spread * timers.index(index) / max(1, len(timers) - 1) if args.spread else 0
        end = ends + datetime.timedelta(seconds=offset)
        cycle["load"] = {"schemaVersion": 1, "id": str(uuid.uuid4()).upper(), "petID": pet_id.upper(), "kind": "wash",
                         "startedAt": stamp(now), "endsAt": stamp(end),
                         "plannedSeconds": max(1.0, (end - now).total_seconds())}
    record = {"schemaVersion": 2, "id": pet_id.upper(), "createdAt": stamp(now),
              "identity": {"stamp": made, "value": {"name": f"Pet {index:05d}", "kind": "clothes"}},
              "settings": {"stamp": made, "value": {"washDuration": 2700, "dryDuration": 3600, "cycleDays": 7}},
              "cycle": {"stamp": made, "value": cycle},
              "reminders": {"stamp": made, "value": {}}}
    with open(os.path.join(args.home, "machines", devices[0], "pets", pet_id + ".json"), "w") as f:
        json.dump(record, f, indent=2)
    for number, device in enumerate(devices[1:], start=1):
        later = {"at": stamp(now + datetime.timedelta(milliseconds=number)), "device": device}
        renamed = {"schemaVersion": 2, "id": pet_id.upper(), "createdAt": stamp(now),
                   "identity": {"stamp": later, "value": {"name": f"Pet {index:05d}", "kind": "clothes"}}}
        with open(os.path.join(args.home, "machines", device, "pets", pet_id + ".json"), "w") as f:
            json.dump(renamed, f, indent=2)
    if args.history_weeks:
        lines = []
        for week in range(args.history_weeks, 0, -1):
            start = now - datetime.timedelta(weeks=week, minutes=index % 600)
            load, dryer = str(uuid.uuid4()).upper(), str(uuid.uuid4()).upper()
            steps = [(0, "washStarted", load, {"seconds": 2700}), (2700, "washDone", load, {}),
                     (2700 + 60 * (week % 90), "dryStarted", dryer, {"seconds": 3600})]
            steps += [(steps[-1][0] + 3600, "dryDone", dryer, {}),
                      (steps[-1][0] + 3600 + 60 * (week % 120), "folded", None, {"cycle": args.history_weeks - week + 1})]
            for offset, event, timer, facts in steps:
                line = {"id": uuid.uuid4().hex[:16], "device": devices[0], "at": stamp(start + datetime.timedelta(seconds=offset)),
                        "event": event, "petID": pet_id.upper(), **facts}
                if timer: line["timerID"] = timer
                lines.append(json.dumps(line, separators=(",", ":")))
        with open(os.path.join(args.home, "machines", devices[0], "history", pet_id + ".jsonl"), "w") as f:
            f.write("\n".join(lines) + "\n")
