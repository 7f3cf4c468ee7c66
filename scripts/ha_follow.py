"""laundryd following real Home Assistant entities, for `make ha-test`: each example of README's "The machine's own
word" is a config.json of its own, and the machine it names (scripts/ha_machines.py, in the shape this Home Assistant
release's integration gives it) goes through a load while `laundry status --json` and `history --json` are read back.

For each example: the daemon connects (daemon.json says so), a pet's load is started as a person types it (`laundry wash
Socks`, no length), the machine runs with its own end (which replaces laundry's 45 minutes), a rinse is added (its new
end must reach `status --json` within 5 s), the machine finishes (the stage ends, history names the machine), and
where the shape has a door, the door opens (history says the load was taken out). Both machines' ends in the past while
they run, and `unavailable` entities, are the daemon's end-to-end tests' (make test); here the point is that what the
real Home Assistant sends is read."""
import datetime
import json
import os
import re
import subprocess

import ha_machines

CHANGE_SECONDS = 5.0


def readme_examples(root):
    """The JSON blocks of README's "The machine's own word", in order: Home Connect, Matter, SmartThings, custom."""
    text = open(os.path.join(root, "README.md")).read()
    section = text[text.index("### The machine's own word"):text.index("## With a smart plug")]
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S)]


class Home:
    """A laundry home of its own with one README example as its config.json."""

    def __init__(self, folder, laundry, config):
        self.laundry = laundry
        runtime = os.path.join(folder, "runtime")
        os.makedirs(runtime, mode=0o700)
        os.makedirs(os.path.join(folder, "xdg-config", "laundry"))
        self.environment = dict(os.environ, LAUNDRY_HOME=os.path.join(folder, "data"),
                                XDG_CONFIG_HOME=os.path.join(folder, "xdg-config"),
                                XDG_STATE_HOME=os.path.join(folder, "state"), XDG_RUNTIME_DIR=runtime, TZ="UTC",
                                LANG="C.UTF-8", NO_COLOR="1")
        for key in ["LAUNDRY_FAKE_NOW", "LC_ALL", "LC_MESSAGES", "LANGUAGE"]:
            self.environment.pop(key, None)
        with open(os.path.join(folder, "xdg-config", "laundry", "config.json"), "w") as file:
            json.dump(dict(config, sound=False, headsUpMinutes=0), file)
        self.status_file = os.path.join(runtime, "laundry", "daemon.json")

    def run(self, *arguments, failure):
        result = subprocess.run([self.laundry, *arguments], env=self.environment, capture_output=True, text=True)
        if result.returncode != 0:
            raise failure(f"laundry {' '.join(arguments)} failed ({result.returncode}): {result.stderr.strip()}")
        return result.stdout

    def json(self, *arguments, failure):
        return json.loads(self.run(*arguments, "--json", failure=failure))

    def daemon_status(self):
        try:
            with open(self.status_file) as file:
                return json.load(file)
        except (OSError, ValueError):
            return None


def timer_end(pet):
    timer = pet.get("timer")
    return datetime.datetime.fromisoformat(timer["endsAt"].replace("Z", "+00:00")) if timer else None


def follow_examples(ha, token_file, version, work, laundry, wait_until, step, failure):
    """Every README example against this Home Assistant, each with the machine shape of this release."""
    new = tuple(map(int, version.split("."))) >= (2025, 1)
    shapes = [
        ("Home Connect", lambda: (ha_machines.home_connect_2025 if new else ha_machines.home_connect_2024)(ha, "Washer"),
         "Socks", "washer"),
        ("Matter", lambda: ha_machines.matter(ha, "Laundrywasher"), "Socks", "washer"),
        ("SmartThings", lambda: (ha_machines.smartthings_2025 if new else ha_machines.smartthings_2024)(
            ha, "Dryer", kind="dryer"), "Towels", "dryer"),
        ("custom", lambda: ha_machines.custom(ha, "custom_washer"), "Socks", "washer"),
    ]
    examples = readme_examples(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if len(examples) != len(shapes):
        raise failure(f"README's 'The machine's own word' has {len(examples)} examples, not {len(shapes)}")
    for index, ((name, make, pet, appliance), example) in enumerate(zip(shapes, examples)):
        example["homeAssistant"] = {"url": ha.base, "tokenFile": token_file}
        home = Home(os.path.join(work, f"follow-{index}"), laundry, example)
        try:
            follow_one(home, make(), name, pet, appliance, wait_until, step, failure)
        finally:
            subprocess.run([laundry, "daemon", "stop"], env=home.environment, capture_output=True)


def follow_one(home, machine, name, pet, appliance, wait_until, step, failure):
    def run(*arguments):
        return home.run(*arguments, failure=failure)

    def pet_now():
        return home.json("status", pet, failure=failure)

    def history():
        return home.json("history", pet, failure=failure)

    idle(machine)
    run("adopt", pet)
    run("daemon", "start")
    def heard():
        status = (home.daemon_status() or {}).get("homeAssistant") or {}
        machines = status.get("machines") or [{}]
        return status if status.get("state") == "connected" and machines[0].get("heard") else None

    followed = wait_until(f"{name}: the daemon connected to Home Assistant and heard the machine", heard)["machines"][0]
    if followed["appliance"] != appliance or followed["activity"] != "idle":
        raise failure(f"{name}: daemon.json follows {followed}, not the idle {appliance}")
    if appliance == "dryer":
        run("wash", pet, "--for", "1s")
        wait_until(f"{name}: {pet} washed", lambda: pet_now()["stage"] == "washed")
        run("dry", pet)
    else:
        run("wash", pet)
    guess = timer_end(pet_now())
    end = ha_machines.now().replace(microsecond=0) + datetime.timedelta(minutes=97)
    # A custom template's end is when its minutes last changed plus those minutes, rounded up: within a minute.
    slack = 60 if isinstance(machine, ha_machines.Custom) else 0

    def ends_at(moment):
        found = timer_end(pet_now())
        return found is not None and 0 <= (found - moment).total_seconds() <= slack

    start(machine, end)
    if has_end(machine):
        wait_until(f"{name}: the load ends when the machine says ({end.isoformat()})", lambda: ends_at(end))
        later = end + datetime.timedelta(minutes=12)
        changed_at = datetime.datetime.now(datetime.timezone.utc)
        start(machine, later)
        wait_until(f"{name}: the rinse added reaches status --json", lambda: ends_at(later), timeout=CHANGE_SECONDS)
        took = f"a changed end in {(datetime.datetime.now(datetime.timezone.utc) - changed_at).total_seconds():.1f} s"
    else:
        wait_until(f"{name}: the machine is heard running", lambda: (home.daemon_status() or {}).get(
            "homeAssistant", {}).get("machines", [{}])[0].get("activity") == "running")
        if timer_end(pet_now()) != guess:
            raise failure(f"{name}: with no end from the machine the load's end moved from {guess}")
        took = "no end given: laundry's own kept"
    finish(machine)
    done = "washDone" if appliance == "washer" else "dryDone"
    ended = wait_until(f"{name}: the machine's finish ends the stage",
                       lambda: next((entry for entry in history() if entry["event"] == done), None))
    if ended.get("stoppedBy") != appliance:
        raise failure(f"{name}: {done} is {ended}, not stopped by the {appliance}")
    door = ""
    if "door" in machine.entities or "door_contact" in machine.entities:
        open_door(machine)
        wait_until(f"{name}: the door opening takes the load out",
                   lambda: any(entry["event"] == "unloaded" for entry in history()))
        door = ", door opened: taken out"
    step(f"ok: {name} ({appliance}): {took}; its finish ended the stage{door}")


def has_end(machine):
    return not isinstance(machine, ha_machines.Matter) or "estimated_end_time" in machine.entities


def idle(machine):
    for method in ("ready", "stopped", "idle"):
        if hasattr(machine, method):
            getattr(machine, method)()
            break
    # Every shape's door() takes the appliance's word: open, closed or locked.
    if "door" in machine.entities or "door_contact" in machine.entities:
        machine.door("closed")


def start(machine, end):
    if isinstance(machine, ha_machines.Matter):
        machine.running(phase="rinse", finish_at=end)
    else:
        machine.running(finish_at=end)


def finish(machine):
    if isinstance(machine, ha_machines.Matter):
        machine.stopped()
    elif hasattr(machine, "finished"):
        machine.finished()
    else:
        machine.stopped()


def open_door(machine):
    machine.door("open")
