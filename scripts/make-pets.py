#!/usr/bin/env python3
"""Creates pets directly as files, for benchmarks.

make-pets.py LAUNDRY_HOME N [--timer-every K] [--ends-at EPOCH] [--spread SECONDS]
  every K-th pet (default 3) is washing; its timer ends at EPOCH (default: in an hour),
  spread evenly over SECONDS after it (default 0: all in the same instant)."""
import argparse, datetime, json, os, uuid

parser = argparse.ArgumentParser()
parser.add_argument("home")
parser.add_argument("count", type=int)
parser.add_argument("--timer-every", type=int, default=3)
parser.add_argument("--ends-at", type=float)
parser.add_argument("--spread", type=float, default=0)
args = parser.parse_args()

utc = datetime.timezone.utc
now = datetime.datetime.now(utc)
ends = datetime.datetime.fromtimestamp(args.ends_at, utc) if args.ends_at else now + datetime.timedelta(hours=1)
def stamp(t): return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"
# Each part of every pet was last changed now, on one machine.
made = {"at": stamp(now), "device": "0123456789abcdef"}
for folder in ("pets", "timers", "history", "locks"):
    os.makedirs(os.path.join(args.home, folder), mode=0o700, exist_ok=True)
timers = [i for i in range(args.count) if i % args.timer_every == 0]
for index in range(args.count):
    pet_id = str(uuid.uuid4())
    washing = index % args.timer_every == 0
    load_id = str(uuid.uuid4()).upper()
    pet = {"schemaVersion": 1, "id": pet_id.upper(), "name": f"Pet {index:05d}", "kind": "clothes",
           "washDuration": 2700, "dryDuration": 3600, "cycleDays": 7, "createdAt": stamp(now),
           "stage": "washing" if washing else "idle", "totalCycles": 0, "currentStreak": 0,
           "longestStreak": 0, "parts": {part: [made] for part in ("identity", "settings", "cycle", "reminders")}}
    if washing:
        pet["loadID"] = load_id
    with open(os.path.join(args.home, "pets", pet_id + ".json"), "w") as f:
        json.dump(pet, f, indent=2)
    if washing:
        offset = args.spread * timers.index(index) / max(1, len(timers) - 1) if args.spread else 0
        end = ends + datetime.timedelta(seconds=offset)
        timer = {"schemaVersion": 1, "id": load_id, "petID": pet_id.upper(), "kind": "wash",
                 "startedAt": stamp(now), "endsAt": stamp(end), "stamp": made,
                 "plannedSeconds": max(1.0, (end - now).total_seconds())}
        with open(os.path.join(args.home, "timers", pet_id + ".json"), "w") as f:
            json.dump(timer, f, indent=2)
