#!/usr/bin/env python3
"""`make ha-test`: laundry's real daemon against a real Home Assistant core and a real Mosquitto.

scripts/ha-test.py VERSION runs it against Home Assistant VERSION (2024.3.3 or 2025.4.4), which
scripts/ha-install.sh VERSION installed. Home Assistant starts with a fresh config folder, is onboarded
and gets the MQTT integration through its REST API, as a person's first visit to the web page
would do. README's automation ("In Home Assistant") is loaded with its trigger and condition as
written, counting into a counter instead of speaking. Then one pet goes through adoption, every
stage, a pause, a snooze, a press that the daemon refuses, a daemon kill and restart, a Home
Assistant restart, a broker restart and a release, and at every step the entities are read back
from /api/states; then two pets show a washed load waiting for a busy dryer. At the end Home
Assistant's log is scanned: any warning or error that names laundry's topics, entities or templates
fails the run; every other one is printed with the reason it is not laundry's. Before the pet, each
washer and dryer shape of scripts/ha_machines.py is set through the REST API and read back, and a
long-lived token is made for laundryd's tokenFile.

Runs inside scripts/notification-session.sh (the daemon posts its popups to dunst there).
"""
import datetime
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import ha_follow
import ha_machines

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSIONS = ["2024.3.3", "2025.4.4"]
VERSION = sys.argv[1] if len(sys.argv) > 1 else VERSIONS[0]
VENV = os.path.join(ROOT, ".build", f"ha-venv-{VERSION}")
WORK = os.path.join(ROOT, ".build", f"ha-test-{VERSION}")
# Home Assistant 2024.10 renamed automation keys (trigger: -> triggers:, platform: -> trigger:,
# action: -> actions:, and service: -> action: in 2024.8); releases from then on read both.
NEW_SYNTAX = tuple(map(int, VERSION.split("."))) >= (2024, 10)
LAUNDRY = os.environ.get("LAUNDRY_BIN", os.path.join(ROOT, ".build", "debug", "laundry"))
PET = "Socks"
OBJECT = PET.lower()
# The entity ids README's table promises for a pet called Socks.
ENTITIES = {
    "stage": f"sensor.{OBJECT}_stage",
    "finishes_at": f"sensor.{OBJECT}_finishes_at",
    "snoozed_until": f"sensor.{OBJECT}_snoozed_until",
    "running": f"binary_sensor.{OBJECT}_running",
    "health": f"sensor.{OBJECT}_health",
    "event": f"event.{OBJECT}_laundry_event",
    "dry": f"button.{OBJECT}_start_dryer",
    "air_dry": f"button.{OBJECT}_air_dry",
    "fold": f"button.{OBJECT}_fold",
    "more_dry": f"button.{OBJECT}_dry_10_more_min",
    "snooze": f"button.{OBJECT}_snooze_10_min",
    "got_it": f"button.{OBJECT}_got_it",
    "extend": f"button.{OBJECT}_10_min",
    "finish": f"button.{OBJECT}_finished_early",
    "energy": f"sensor.{OBJECT}_energy",
    "best_start": f"sensor.{OBJECT}_best_start",
}
BUTTONS = ["dry", "air_dry", "fold", "more_dry", "snooze", "got_it", "extend", "finish"]
COUNTER = "counter.laundry_finishes"
started = time.monotonic()
# Lines Home Assistant logs in this run that are about the run itself, and why.
NOT_LAUNDRYS = [
    (r"Skipping pip installation", "this run starts Home Assistant with --skip-pip; ha-install.sh installed what it needs"),
    (r"running Python version 3\.11", "HA 2024.3 warns about this machine's Python 3.11"),
    (r"Disconnected from MQTT server", "Home Assistant's MQTT client, when this run restarts the broker"),
    (r"Error returned from MQTT server: The connection was lost",
     "Home Assistant 2025.4's MQTT client, when this run restarts the broker"),
    (r"_async_resubscribe_and_publish_birth_message(.|\n)*The client is not currently connected",
     "Home Assistant 2025.4's MQTT client publishing its own birth message while this run's broker restarts"),
    (r"Error loading libturbojpeg",
     "Home Assistant 2025.4's camera loads the libturbojpeg library (Debian's libturbojpeg0) at start; "
     "this run takes no snapshot"),
]


def step(text):
    print(f"ha-test {VERSION} [{time.monotonic() - started:6.1f}s] {text}", flush=True)


class Failure(Exception):
    pass


def wait_until(what, check, timeout=20.0, every=0.1):
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            last = check()
            if last:
                return last
        except (urllib.error.URLError, ConnectionError, OSError) as error:
            last = error
        time.sleep(every)
    raise Failure(f"timed out after {timeout:.0f} s waiting for {what} (last seen: {last!r})")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Broker:
    """Debian's Mosquitto on loopback, without persistence: a restart forgets every retained message,
    as a broker whose disk was lost would, and laundry must send everything again."""

    def __init__(self, folder):
        self.port = free_port()
        self.config = os.path.join(folder, "mosquitto.conf")
        self.log = open(os.path.join(folder, "mosquitto.log"), "a")
        with open(self.config, "w") as file:
            file.write(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            ["/usr/sbin/mosquitto", "-c", self.config], stdout=self.log, stderr=subprocess.STDOUT)
        wait_until("Mosquitto to listen", lambda: socket.create_connection(("127.0.0.1", self.port), 1).close() or True)

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


# The phone, for the blueprint: what it is sent, with the tag and the countdown, one line each, in
# phone.log. 2024.3 has the File notify platform in YAML; 2025.4 a notify entity set up by
# add_phone_file below, called through notify.send_message.
PHONE_MESSAGE = """          message: >-
            {{ message }} | tag {{ data.tag if data is defined and data.tag is defined else '' }}{{
            ' | chronometer' if data is defined and data.chronometer is defined else '' }}"""
PHONE = f"""script:
  phone:
    sequence:
      - action: notify.send_message
        target:
          entity_id: notify.file
        data:
{PHONE_MESSAGE}""" if NEW_SYNTAX else f"""notify:
  - platform: file
    name: phone_file
    filename: phone.log
script:
  phone:
    sequence:
      - service: notify.phone_file
        data:
{PHONE_MESSAGE}"""
# The machines of scripts/ha_machines.py's `custom` shape, whose template entities
# configuration.yaml defines.
CUSTOM_MACHINES = ["custom_washer", "custom_dryer"]


class HomeAssistant:
    """Home Assistant core in its own process, with a fresh config folder made here."""

    def __init__(self, folder):
        self.port = free_port()
        self.config = os.path.join(folder, "config")
        self.base = f"http://127.0.0.1:{self.port}"
        self.token = None
        self.process = None
        # What each run of Home Assistant logged: it moves the log aside when it starts again.
        self.logged = []
        self.output = open(os.path.join(folder, "hass.out"), "a")
        os.makedirs(self.config)
        with open(os.path.join(self.config, "configuration.yaml"), "w") as file:
            file.write(f"""homeassistant:
  name: laundry ha-test
  latitude: 52.52
  longitude: 13.40
  elevation: 34
  unit_system: metric
  time_zone: Europe/Berlin
  currency: EUR
  country: DE
  # Where the File integration may write the phone's lines (2025.4's config flow checks it).
  allowlist_external_dirs:
    - {self.config}
http:
  server_host: 127.0.0.1
  server_port: {self.port}
api:
config:
onboarding:
counter:
  laundry_finishes:
    name: Laundry finishes
automation: !include automations.yaml
{PHONE}
{ha_machines.custom_templates(*CUSTOM_MACHINES)}""")

    @property
    def log_path(self):
        return os.path.join(self.config, "home-assistant.log")

    def start(self):
        # The venv's python, not bin/hass: a venv copied from elsewhere keeps its scripts' old #! lines.
        self.process = subprocess.Popen(
            [os.path.join(VENV, "bin", "python"), "-m", "homeassistant", "--config", self.config, "--skip-pip",
             "--log-no-color"],
            stdout=self.output, stderr=subprocess.STDOUT)
        wait_until("Home Assistant's HTTP API", lambda: self.request("GET", "/api/onboarding", auth=False) is not None,
                   timeout=120, every=0.5)

    def stop(self):
        if self.process:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(60)
            self.process = None
            with open(self.log_path, errors="replace") as file:
                self.logged += file.read().splitlines()

    def request(self, method, path, body=None, auth=True, form=None):
        headers = {}
        data = None
        if form is not None:
            data = "&".join(f"{key}={urllib.request.quote(value)}" for key, value in form.items()).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if auth:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read().decode()
                return json.loads(text) if text else {}
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise Failure(f"{method} {path}: HTTP {error.code}: {error.read().decode()[:300]}")

    def onboard(self):
        """The first page a person sees: make the owner, then log in as that owner."""
        client = self.base + "/"
        made = self.request("POST", "/api/onboarding/users", auth=False, body={
            "client_id": client, "name": "Ha Test", "username": "hatest", "password": "laundry-ha-test",
            "language": "en"})
        tokens = self.request("POST", "/auth/token", auth=False, form={
            "grant_type": "authorization_code", "code": made["auth_code"], "client_id": client})
        self.token = tokens["access_token"]

    def add_mqtt(self, port):
        """Settings → Devices & services → Add integration → MQTT, as the config flow asks."""
        flow = self.request("POST", "/api/config/config_entries/flow", {"handler": "mqtt"})
        if flow.get("step_id") != "broker":
            raise Failure(f"the MQTT config flow asked for {flow.get('step_id')!r}, not the broker: {flow}")
        done = self.request("POST", f"/api/config/config_entries/flow/{flow['flow_id']}",
                            {"broker": "127.0.0.1", "port": port})
        if done.get("type") != "create_entry":
            raise Failure(f"the MQTT config flow did not finish: {done}")

    def add_phone_file(self):
        """Settings → Devices & services → Add integration → File → notification service, writing
        phone.log: from 2024.6 on the File integration is set up this way only (2024.3 reads the
        `notify: - platform: file` in configuration.yaml)."""
        if not NEW_SYNTAX:
            return
        flow = self.request("POST", "/api/config/config_entries/flow", {"handler": "file"})
        form = self.request("POST", f"/api/config/config_entries/flow/{flow['flow_id']}", {"next_step_id": "notify"})
        done = self.request("POST", f"/api/config/config_entries/flow/{form['flow_id']}",
                            {"file_path": os.path.join(self.config, "phone.log"), "timestamp": False})
        if done.get("type") != "create_entry":
            raise Failure(f"the File config flow did not finish: {done}")
        wait_until("notify.file", lambda: self.state("notify.file"))

    def state(self, entity):
        return self.request("GET", f"/api/states/{entity}")

    def press(self, button):
        self.request("POST", "/api/services/button/press", {"entity_id": ENTITIES[button]})


class Laundry:
    """The real `laundry` command and its daemon, in a home of their own."""

    def __init__(self, folder, broker_port):
        self.environment = dict(os.environ)
        for key in ["LAUNDRY_FAKE_NOW", "LC_ALL", "LC_MESSAGES", "LC_TIME", "LANGUAGE"]:
            self.environment.pop(key, None)
        runtime = os.path.join(folder, "runtime")
        os.makedirs(runtime, mode=0o700)
        self.environment.update({
            "LAUNDRY_HOME": os.path.join(folder, "data"), "XDG_CONFIG_HOME": os.path.join(folder, "xdg-config"),
            "XDG_STATE_HOME": os.path.join(folder, "state"), "XDG_RUNTIME_DIR": runtime, "TZ": "UTC",
            "LANG": "C.UTF-8", "NO_COLOR": "1"})
        self.state_folder = os.path.join(folder, "state")
        config = os.path.join(folder, "xdg-config", "laundry")
        os.makedirs(config)
        with open(os.path.join(config, "config.json"), "w") as file:
            # A plug that never speaks (its energy sensor reads 0) and a night tariff (a best start).
            json.dump({"sound": False, "headsUpMinutes": 0, "mqtt": {"url": f"mqtt://127.0.0.1:{broker_port}"},
                       "appliances": {"washer": {"powerTopic": "test/washer/power"}},
                       "price": {"perKWh": 0.35, "currency": "EUR"},
                       "tariff": [{"from": "23:00", "to": "06:00", "perKWh": 0.15},
                                  {"from": "06:00", "to": "23:00", "perKWh": 0.35}]}, file)

    def run(self, *arguments):
        result = subprocess.run([LAUNDRY, *arguments], env=self.environment, capture_output=True, text=True)
        if result.returncode != 0:
            raise Failure(f"laundry {' '.join(arguments)} failed ({result.returncode}): {result.stderr.strip()}")
        return result.stdout

    def daemon_pid(self):
        """From daemon.json, which the running daemon rewrites after each event."""
        with open(os.path.join(self.environment["XDG_RUNTIME_DIR"], "laundry", "daemon.json")) as file:
            return json.load(file)["pid"]

    def daemon_log(self):
        for root, _, files in os.walk(self.state_folder):
            for name in files:
                if name.startswith("daemon") and name.endswith(".log"):
                    with open(os.path.join(root, name), errors="replace") as file:
                        return file.read()
        return ""


# The blueprint as README says to use it, for Socks, sending to the script above.
PHONE_AUTOMATION = f"""- id: laundry_phone
  alias: Laundry on the phone
  use_blueprint:
    path: laundry/laundry-phone.yaml
    input:
      stage: {ENTITIES['stage']}
      finishes_at: {ENTITIES['finishes_at']}
      laundry_event: {ENTITIES['event']}
      notify_service: script.phone
"""


def extract_readme_automation():
    """README's automation in the syntax this release takes, as written, its actions replaced by
    one that counts. README gives two: the first with 2024.10's words (triggers:, actions:), the
    second with the older ones (trigger:, action:)."""
    with open(os.path.join(ROOT, "README.md")) as file:
        readme = file.read()
    blocks = re.findall(r"```yaml\n(alias: Laundry done\n.*?)```", readme, re.S)
    if len(blocks) != 2:
        raise Failure(f"README.md has {len(blocks)} ```yaml blocks starting with 'alias: Laundry done', not 2")
    # The keys each syntax must use, and the counting action written in it.
    if NEW_SYNTAX:
        text, keys, actions_key = blocks[0], ["triggers", "conditions", "actions"], "actions"
        counting = f"actions:\n  - action: counter.increment\n    target:\n      entity_id: {COUNTER}\n"
    else:
        text, keys, actions_key = blocks[1], ["trigger", "condition", "action"], "action"
        counting = f"action:\n  - service: counter.increment\n    target:\n      entity_id: {COUNTER}\n"
    found = set(re.findall(r"^(\w+):", text, re.M)) - {"alias"}
    if found != set(keys):
        raise Failure(f"README's automation for Home Assistant {VERSION} has the keys {sorted(found)}, "
                      f"not {keys}")
    # 2024.10 and later read the older words too: the first block must not use them.
    if NEW_SYNTAX and re.search(r"^\s+- (platform|service):", text, re.M):
        raise Failure("README's automation for Home Assistant 2024.10 and later says platform: or service:")
    actions = re.search(rf"^{actions_key}:\n", text, re.M)
    return "- id: laundry_done\n" + "".join(
        "  " + line + "\n" for line in (text[:actions.start()] + counting).splitlines())


class Run:
    def __init__(self):
        shutil.rmtree(WORK, ignore_errors=True)
        os.makedirs(WORK)
        self.broker = Broker(WORK)
        self.ha = HomeAssistant(WORK)
        blueprints = os.path.join(self.ha.config, "blueprints", "automation", "laundry")
        os.makedirs(blueprints)
        shutil.copy(os.path.join(ROOT, "data", "home-assistant", "laundry-phone.yaml"), blueprints)
        with open(os.path.join(self.ha.config, "automations.yaml"), "w") as file:
            file.write(extract_readme_automation() + PHONE_AUTOMATION)
        self.laundry = Laundry(WORK, self.broker.port)
        self.finishes = 0
        self.phone_lines = []
        self.machines = []

    # Reading Home Assistant

    def value(self, name):
        state = self.ha.state(ENTITIES[name])
        return state["state"] if state else None

    def expect(self, what, **wanted):
        """Waits until every named entity shows its wanted state."""
        observed = []

        def matches():
            seen = {name: self.value(name) for name in wanted}
            if not observed or observed[-1][1] != seen:
                observed.append((round(time.monotonic() - started, 1), seen))
            return seen if all(wanted[name](seen[name]) if callable(wanted[name]) else seen[name] == wanted[name]
                               for name in wanted) else None
        try:
            wait_until(what, matches, timeout=15)
        except Failure:
            raise Failure(f"{what}: Home Assistant showed, in turn, {observed}")
        step(f"ok: {what}")

    def buttons_offered(self, *offered):
        # A button's state is the time it was last pressed (unknown before): anything but unavailable.
        wanted = {name: ((lambda v: v not in (None, "unavailable")) if name in offered else "unavailable")
                  for name in BUTTONS}
        self.expect(f"only {', '.join(offered) or 'no button'} offered", **wanted)

    def last_event(self):
        state = self.ha.state(ENTITIES["event"])
        return state["attributes"].get("event_type") if state else None

    def phone(self):
        """What the phone was sent, one line each."""
        path = os.path.join(self.ha.config, "phone.log")
        if not os.path.exists(path):
            return []
        with open(path) as file:
            return [line.strip() for line in file if " | tag " in line]

    def phone_says(self, what, text):
        """Waits for the phone's next line, which must contain `text` and the load's id as tag."""
        seen = len(self.phone_lines)
        line = wait_until(f"the phone to be told {what}", lambda: (self.phone()[seen:] or [None])[0])
        history = json.loads(self.laundry.run("history", PET, "--json"))
        load = next(event["timerId"] for event in history if event.get("timerId"))
        if text not in line or f"tag {load}" not in line:
            raise Failure(f"the phone was told {line!r}, not {text!r} with the tag {load}")
        self.phone_lines = self.phone()
        step(f"ok: the phone was told {what}: {line}")

    def phone_told_at_last(self, what, text):
        """Waits until a line not seen yet contains `text` with the current load's id as tag (earlier
        lines, of loads before, may come first)."""
        seen = len(self.phone_lines)
        history = json.loads(self.laundry.run("history", PET, "--json"))
        load = next(event["timerId"] for event in history if event.get("timerId"))
        line = wait_until(f"the phone to be told {what}", lambda: next(
            (line for line in self.phone()[seen:] if text in line and f"tag {load}" in line), None))
        self.phone_lines = self.phone()
        step(f"ok: the phone was told {what}: {line}")

    def phone_quiet(self, why):
        """Nothing sent to the phone since the last `phone_says` or `phone_snapshot`."""
        extra = self.phone()[len(self.phone_lines):]
        if extra:
            raise Failure(f"the phone was told {extra} when {why}")

    def counted(self):
        state = self.ha.state(COUNTER)
        return int(float(state["state"])) if state and state["state"] not in ("unknown", "unavailable") else None

    def expect_count(self, why):
        wait_until(f"the automation to count {self.finishes} ({why})", lambda: self.counted() == self.finishes)
        # A late trigger would come within a moment: hold on and count again.
        time.sleep(1.5)
        if self.counted() != self.finishes:
            raise Failure(f"README's automation counted {self.counted()} finishes, not {self.finishes}, {why}")
        step(f"ok: README's automation counted {self.finishes} finishes ({why})")

    def finish_seen(self):
        self.finishes += 1
        self.expect_count("a real finish")

    # The run

    def main(self):
        self.broker.start()
        step(f"Mosquitto on port {self.broker.port}; starting Home Assistant")
        self.ha.start()
        self.ha.onboard()
        self.ha.add_mqtt(self.broker.port)
        self.ha.add_phone_file()
        step("onboarded; MQTT integration added through its config flow")
        self.machines_check()
        token = self.token_check()
        ha_follow.follow_examples(self.ha, token, VERSION, WORK, LAUNDRY, wait_until, step, Failure)
        for automation_id in ["automation.laundry_done", "automation.laundry_on_the_phone"]:
            automation = wait_until(f"{automation_id} loaded", lambda: self.ha.state(automation_id))
            if automation["state"] != "on":
                raise Failure(f"{automation_id} is {automation['state']} in Home Assistant")
        self.laundry.run("adopt", PET, "--wash", "8s", "--dry", "4s")
        self.laundry.run("daemon", "start")
        self.expect("the pet's entities, with README's ids", stage="idle", running="off", health="100",
                    finishes_at="unavailable", snoozed_until="unavailable", event="unknown")
        self.buttons_offered()
        self.energy_and_best_start()
        self.cycle()
        self.refusal_shows()
        # The restarts below come while a finish waits unacknowledged: the event entity's last
        # event is `finished`, which it shows again when it comes back from unavailable.
        self.laundry.run("wash", PET)
        self.expect("washed, and left waiting", stage="washed")
        self.finish_seen()
        self.expect("the last event is the finish", event=lambda v: self.last_event() == "finished")
        self.daemon_killed()
        self.ha_restarted()
        self.broker_restarted()
        self.released()
        self.dryer_busy_shown()
        self.stop()
        return self.scan_log()

    def cycle(self):
        self.laundry.run("wash", PET)
        self.expect("washing", stage="washing", running="on", finishes_at=lambda v: v and v[:4].isdigit())
        self.finishes_at_not_early()
        self.phone_says("the load's end", " done at ")
        self.buttons_offered("extend", "finish")
        self.laundry.run("pause", PET)
        self.expect("paused", stage="paused", running="off", finishes_at="unavailable")
        self.phone_says("the pause", ": paused")
        self.laundry.run("resume", PET)
        self.expect("resumed", stage="washing", running="on", finishes_at=lambda v: v and v[:4].isdigit())
        self.phone_says("the new end", " done at ")
        self.expect("washed", stage="washed", running="off", finishes_at="unavailable")
        self.buttons_offered("dry", "air_dry", "snooze", "got_it")
        self.finish_seen()
        self.phone_says("the finish", ": done |")
        self.ha.press("snooze")
        self.expect("snoozed", snoozed_until=lambda v: v and v[:4].isdigit())
        self.phone_says("to clear the load, acknowledged", "clear_notification")
        self.ha.press("dry")
        self.expect("drying, started from Home Assistant", stage="drying", running="on")
        self.buttons_offered("extend", "finish")
        self.expect("dried", stage="dried")
        self.buttons_offered("fold", "more_dry", "snooze", "got_it")
        self.finish_seen()
        # A finish nobody acknowledged, then another: the second must count too.
        self.ha.press("more_dry")
        self.expect("drying 10 more minutes", stage="drying")
        self.phone_told_at_last("the extra dryer's end", " done at ")
        self.laundry.run("cancel", PET)
        self.expect("dried again after a cancel", stage="dried")
        # A load stopped before its end: its countdown leaves the phone.
        self.phone_told_at_last("to clear the cancelled load", "clear_notification")
        self.ha.press("fold")
        self.expect("folded from Home Assistant", stage="idle")

    def machines_check(self):
        """Every shape of scripts/ha_machines.py, set through the REST API, read back with its state,
        device class and options; the custom shape's template entities computed by Home Assistant."""
        soon = ha_machines.now().replace(microsecond=0) + datetime.timedelta(minutes=90)
        custom = ha_machines.custom(self.ha, CUSTOM_MACHINES[0])
        self.machines = [
            ha_machines.home_connect_2024(self.ha, "HC 2024 washer").running(finish_at=soon, progress=10),
            ha_machines.home_connect_2024(self.ha, "HC 2024 dryer").finished().door("open"),
            ha_machines.home_connect_2025(self.ha, "HC 2025 washer").running(finish_at=soon, progress=10),
            ha_machines.home_connect_2025(self.ha, "HC 2025 dryer").ready().door("locked"),
            ha_machines.matter(self.ha, "Laundrywasher").running(phase="rinse"),
            ha_machines.matter(self.ha, "Matter dryer", phases=["drying", "cooling"], estimated_end_time=True)
            .running(finish_at=soon),
            ha_machines.smartthings_2024(self.ha, "ST 2024 washer").running(finish_at=soon),
            ha_machines.smartthings_2025(self.ha, "ST 2025 dryer", kind="dryer").running(finish_at=soon),
            ha_machines.smartthings_2025(self.ha, "ST 2025 washer").running(finish_at=soon).finished(),
            custom.running(finish_at=soon).door("open"),
        ]
        for machine in self.machines:
            for role, state in machine.states.items():
                self.shown_as(machine.entity(role), state, machine.entities[role][1])
        end, door = custom.templates["end"][0], custom.templates["door"][0]
        shown = wait_until(f"{end} computed by its template", lambda: (lambda state: state if state and state[
            "state"] not in ("unknown", "unavailable") else None)(self.ha.state(end)))
        ends = datetime.datetime.fromisoformat(shown["state"])
        if not soon <= ends < soon + datetime.timedelta(minutes=1) or shown["attributes"].get("device_class") != \
                "timestamp":
            raise Failure(f"{end} is {shown}, not a timestamp within a minute after {soon.isoformat()}")
        self.shown_as(door, "on", {"device_class": "door"}, exact=False)
        for machine in self.machines:
            machine.gone()
            for entity_id, attributes in machine.shape().items():
                self.shown_as(entity_id, "unavailable", attributes, exact=entity_id not in
                              [entity for entity, _ in custom.templates.values()])
        step(f"ok: {len(self.machines)} machines in the shapes of Home Connect, Matter, SmartThings and templates")

    def shown_as(self, entity_id, state, attributes, exact=True):
        """Waits until Home Assistant shows `entity_id` in `state` with exactly (or at least) these
        attributes."""
        def shown():
            found = self.ha.state(entity_id)
            if not found or found["state"] != state:
                return None
            held = found["attributes"]
            return found if (held == attributes if exact else all(held.get(k) == v for k, v in attributes.items()))\
                else None
        try:
            wait_until(f"{entity_id} = {state}", shown, timeout=10)
        except Failure:
            raise Failure(f"Home Assistant shows {entity_id} as {self.ha.state(entity_id)}, "
                          f"not {state} with {attributes}")

    def token_check(self):
        """A long-lived token for laundryd's tokenFile: written with mode 0600, taken by the REST API."""
        path = os.path.join(WORK, "ha-token")
        token = ha_machines.long_lived_token(self.ha.base, self.ha.token, path, client_name="laundry ha-test")
        mode = os.stat(path).st_mode & 0o777
        if mode != 0o600:
            raise Failure(f"the token file has mode {mode:o}, not 600")
        answer = ha_machines.Rest(self.ha.base, token).request("GET", "/api/")
        if answer != {"message": "API running."}:
            raise Failure(f"the long-lived token was answered {answer}")
        step("ok: a long-lived token, in a file of mode 600, works on the REST API")
        return path

    def energy_and_best_start(self):
        """The energy sensor joins the Energy dashboard's kind; the best start is a time ahead."""
        self.expect("the energy sensor, nothing drawn yet", energy=lambda v: v is not None and float(v) == 0)
        attributes = self.ha.state(ENTITIES["energy"])["attributes"]
        wanted = {"device_class": "energy", "state_class": "total_increasing", "unit_of_measurement": "Wh"}
        if any(attributes.get(key) != value for key, value in wanted.items()):
            raise Failure(f"the energy sensor's attributes are {attributes}, not {wanted}")
        now = datetime.datetime.now(datetime.timezone.utc)

        def ahead(value):
            try:
                start = datetime.datetime.fromisoformat(value)
            except (TypeError, ValueError):
                return False
            return now - datetime.timedelta(minutes=2) <= start <= now + datetime.timedelta(days=1)
        self.expect("the best start, a time within a day", best_start=ahead)
        attributes = self.ha.state(ENTITIES["best_start"])["attributes"]
        if attributes.get("device_class") != "timestamp" or attributes.get("finish_by") != "07:00" \
                or not attributes.get("dry_starts_at"):
            raise Failure(f"the best start's attributes are {attributes}")
        step(f"ok: best start {self.value('best_start')}, dryer at {attributes['dry_starts_at']}")

    def finishes_at_not_early(self):
        """The end Home Assistant shows is laundry's, rounded up to the second: never before it."""
        ends = json.loads(self.laundry.run("status", PET, "--json"))["timer"]["endsAt"]
        shown = self.value("finishes_at")
        laundry_end = datetime.datetime.fromisoformat(ends.replace("Z", "+00:00"))
        ha_end = datetime.datetime.fromisoformat(shown)
        if not laundry_end <= ha_end < laundry_end + datetime.timedelta(seconds=1):
            raise Failure(f"Home Assistant says the load ends at {shown}; laundry says {ends}")
        step(f"ok: finishes_at {shown} for laundry's {ends}")

    def refusal_shows(self):
        self.laundry.run("wash", PET, "--for", "1h")
        self.expect("washing an hour", stage="washing")
        before = datetime.datetime.fromisoformat(self.value("finishes_at"))
        self.ha.press("extend")
        self.expect("ten minutes later, pressed in Home Assistant", finishes_at=lambda v: v and v[:4].isdigit() and
                    datetime.datetime.fromisoformat(v) - before == datetime.timedelta(minutes=10))
        self.finishes_at_not_early()
        pet_id = json.loads(self.laundry.run("status", PET, "--json"))["id"]
        # The race a button's availability cannot close: a press sent while Home Assistant still
        # showed the pet washed, published as the button would (Home Assistant itself does not press
        # an unavailable button).
        self.ha.request("POST", "/api/services/mqtt/publish", {"topic": f"laundry/{pet_id}/press", "payload": "fold"})
        refused = wait_until("the refused event", lambda: (lambda s: s if s and s["attributes"].get("event_type")
                                                            == "refused" else None)(self.ha.state(ENTITIES["event"])))
        reason = refused["attributes"].get("reason", "")
        if PET not in reason or "fold" not in reason:
            raise Failure(f"the refused event's reason does not say what was refused: {reason!r}")
        step(f"ok: a refused press is an event in Home Assistant: {reason}")
        self.ha.press("finish")
        self.expect("finished early from Home Assistant", stage="washed", finishes_at="unavailable")
        self.finish_seen()
        self.ha.press("air_dry")
        self.expect("air-dried from Home Assistant", stage="idle")

    def phone_snapshot(self):
        self.phone_lines = self.phone()

    def daemon_killed(self):
        self.phone_snapshot()
        self.expect("the last event still the finish", event=lambda v: self.last_event() == "finished")
        pid = self.laundry.daemon_pid()
        os.kill(pid, signal.SIGKILL)
        self.expect("unavailable after kill -9 (the Last Will)", stage="unavailable", running="unavailable")
        self.laundry.run("daemon", "start")
        self.expect("back after the daemon's restart", stage="washed", running="off")
        self.expect_count("the daemon came back")
        self.phone_quiet("the daemon came back")

    def daemon_status_says(self, when, words):
        said = wait_until(f"`laundry daemon status` to say '{words}'",
                          lambda: (lambda text: text if words in text else None)(self.laundry.run("daemon", "status")))
        line = next(line.strip() for line in said.splitlines() if words in line)
        step(f"ok: with {when}, `laundry daemon status` says: {line}")

    def ha_restarted(self):
        self.phone_snapshot()
        self.expect("the last event still the finish", event=lambda v: self.last_event() == "finished")
        step("restarting Home Assistant")
        self.ha.stop()
        self.ha.start()
        self.expect("the pet after Home Assistant's restart", stage="washed", health="100")
        self.expect_count("Home Assistant restarted")
        self.phone_quiet("Home Assistant restarted")

    def broker_restarted(self):
        self.phone_snapshot()
        self.expect("the last event still the finish", event=lambda v: self.last_event() == "finished")
        step("restarting Mosquitto (it forgets every retained message)")
        self.broker.stop()
        self.expect("unavailable while the broker is down", stage="unavailable")
        self.daemon_status_says("the broker down", "is not in use")
        self.broker.start()
        self.expect("back after the broker's restart", stage="washed", running="off")
        self.daemon_status_says("the broker back", "for Home Assistant")
        self.buttons_offered("dry", "air_dry", "snooze", "got_it")
        self.expect_count("the broker restarted")
        self.phone_quiet("the broker restarted")
        # The dryer started by a command: nothing acknowledged the wash's finish in this daemon's
        # life (it was announced before the kill), so the dryer's finish follows a `finished` event
        # with another one, and `event_type` does not change.
        self.laundry.run("dry", PET)
        self.expect("drying, started by a command", stage="drying")
        if self.last_event() != "finished":
            raise Failure(f"the dryer started with the last event {self.last_event()!r}, not an unacknowledged finish")
        self.expect("dried", stage="dried")
        self.finish_seen()
        self.ha.press("fold")
        self.expect("folded from Home Assistant", stage="idle")

    def released(self):
        self.laundry.run("release", PET, "--yes")
        wait_until("the device to leave Home Assistant",
                   lambda: all(self.ha.state(entity) is None for entity in ENTITIES.values()))
        step("ok: a release removes every entity")
        # The retained state is cleared a moment after the entities went; let that happen while
        # Home Assistant listens, so the log below covers it.
        time.sleep(4)

    def dryer_busy_shown(self):
        """A washed load while another pet's load is in the dryer: its stage sensor's `dryer_busy` and
        `dryer_free_at` attributes, read back from Home Assistant, say so and when the dryer frees
        (the other pet's finishes_at); once that load is cancelled, the dryer is free again."""
        drying, wet = "Towels", "Sheets"
        self.laundry.run("adopt", drying, "--wash", "1s", "--dry", "10m")
        self.laundry.run("adopt", wet, "--wash", "2s")
        self.laundry.run("wash", drying)
        wait_until(f"{drying} washed", lambda: (self.ha.state(f"sensor.{drying.lower()}_stage") or {}).get("state")
                   == "washed")
        self.laundry.run("dry", drying)
        ends = wait_until(f"{drying}'s dryer end", lambda: (lambda s: s["state"] if s and s["state"][:4].isdigit()
                          else None)(self.ha.state(f"sensor.{drying.lower()}_finishes_at")))
        self.laundry.run("wash", wet)

        def washed(busy):
            # Home Assistant applies a message's state and its attributes one after the other: both are awaited.
            state = self.ha.state(f"sensor.{wet.lower()}_stage")
            return state if state and state["state"] == "washed" and state["attributes"].get("dryer_busy") is busy \
                else None
        shown = wait_until(f"{wet} washed, waiting for the busy dryer", lambda: washed(True))["attributes"]
        free_at = shown.get("dryer_free_at")
        when = lambda text: datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
        if not free_at or abs((when(free_at) - when(ends)).total_seconds()) >= 1:
            raise Failure(f"{wet}'s stage shows {shown} while {drying} dries until {ends}, not dryer_free_at "
                          f"at that end")
        step(f"ok: {wet} waits for the dryer, busy until {free_at} (Home Assistant's stage attributes)")
        self.laundry.run("cancel", drying)
        free = wait_until(f"{wet}'s dryer free after {drying}'s load was cancelled", lambda: washed(False))
        if free["attributes"].get("dryer_free_at") is not None:
            raise Failure(f"{wet}'s stage shows {free['attributes']} with the dryer free")
        step(f"ok: the dryer free again for {wet}")
        for pet in (drying, wet):
            self.laundry.run("release", pet, "--yes")
        wait_until("both pets to leave Home Assistant",
                   lambda: self.ha.state(f"sensor.{drying.lower()}_stage") is None
                   and self.ha.state(f"sensor.{wet.lower()}_stage") is None)

    def stop(self):
        self.laundry.run("daemon", "stop")
        self.ha.stop()
        self.broker.stop()

    def scan_log(self):
        """Every warning and error Home Assistant logged; laundry's fail the run."""
        # Each entry: its first line, and the whole of it with the traceback lines that follow.
        entries, whole, entry = [], {}, None
        for line in self.ha.logged:
            if re.match(r"^\S+ \S+ [A-Z]+ ", line):
                entry = line if re.match(r"^\S+ \S+ (WARNING|ERROR|CRITICAL) ", line) else None
                if entry:
                    entries.append(entry)
                    whole[entry] = entry
            elif entry:
                whole[entry] += "\n" + line
        # laundry's, and the test's machines': a warning about their entities or templates is a fault
        # in ha_machines.py's shapes.
        machines = "|".join(re.escape(entity.split(".")[1]) for machine in self.machines
                            for entity in machine.shape())
        ours = re.compile(r"laundry|socks|value_json|homeassistant/(sensor|button|event|binary_sensor)/|" + machines,
                          re.I)
        laundry_lines = [line for line in entries if ours.search(line)]
        step(f"Home Assistant logged {len(entries)} warnings and errors in the run:")
        for line in entries:
            why = next((reason for pattern, reason in NOT_LAUNDRYS if re.search(pattern, whole[line])), None)
            if line in laundry_lines:
                print("  LAUNDRY'S: " + line)
            else:
                print(f"  {line}\n    (not laundry's: {why or 'unexplained: read it'})")
        if laundry_lines:
            raise Failure(f"{len(laundry_lines)} of them are about laundry's topics, entities or templates")
        return 0


def main():
    if VERSION not in VERSIONS:
        print(f"ha-test: Home Assistant {VERSION} is not one ha-test runs ({' or '.join(VERSIONS)})", file=sys.stderr)
        return 2
    if not os.path.exists(os.path.join(VENV, "bin", "python")):
        print(f"ha-test: no Home Assistant in {os.path.relpath(VENV, ROOT)}; run scripts/ha-install.sh {VERSION}",
              file=sys.stderr)
        return 2
    run = Run()
    try:
        return run.main()
    except Failure as failure:
        print(f"ha-test: FAILED: {failure}", file=sys.stderr)
        try:
            states = run.ha.request("GET", "/api/states") or []
            for state in states:
                if state["entity_id"].split(".")[0] in ("automation", "script", "counter"):
                    print(f"ha-test: {state['entity_id']} = {state['state']} {state['attributes']}", file=sys.stderr)
        except (Failure, OSError, urllib.error.URLError):
            pass
        print("ha-test: the daemon's log:\n" + run.laundry.daemon_log()[-4000:], file=sys.stderr)
        return 1
    finally:
        for process in [run.ha.process, run.broker.process]:
            if process and process.poll() is None:
                process.kill()
        subprocess.run([LAUNDRY, "daemon", "stop"], env=run.laundry.environment, capture_output=True)
        step("done")


if __name__ == "__main__":
    sys.exit(main())
