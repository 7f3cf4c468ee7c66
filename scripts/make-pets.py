#!/usr/bin/env python3
"""Creates N pets directly as files (for benchmarks), some with running timers.
Usage: make-pets.py LAUNDRY_HOME N"""
import json, os, sys, uuid, datetime

home, count = sys.argv[1], int(sys.argv[2])
now = datetime.datetime.now(datetime.timezone.utc)
def stamp(t): return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"
for folder in ("pets", "timers", "history", "locks"):
    os.makedirs(os.path.join(home, folder), mode=0o700, exist_ok=True)
for index in range(count):
    pet_id = str(uuid.uuid4())
    washing = index % 3 == 0
    pet = {"schemaVersion": 1, "id": pet_id.upper(), "name": f"Pet {index:05d}", "kind": "clothes",
           "washDuration": 2700, "dryDuration": 3600, "cycleDays": 7, "createdAt": stamp(now),
           "stage": "washing" if washing else "idle", "totalCycles": 0, "currentStreak": 0,
           "longestStreak": 0, "sentHealthWarnings": []}
    with open(os.path.join(home, "pets", pet_id + ".json"), "w") as f:
        json.dump(pet, f, indent=2)
    if washing:
        timer = {"schemaVersion": 1, "id": str(uuid.uuid4()).upper(), "petID": pet_id.upper(), "kind": "wash",
                 "startedAt": stamp(now), "endsAt": stamp(now + datetime.timedelta(hours=1)),
                 "notified": False, "plannedSeconds": 3600}
        with open(os.path.join(home, "timers", pet_id + ".json"), "w") as f:
            json.dump(timer, f, indent=2)
