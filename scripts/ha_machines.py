"""Washers and dryers in a running Home Assistant, shaped as Home Assistant's own integrations make them.

For tests: a machine here is a handful of entities set through Home Assistant's REST API
(`POST /api/states/<entity_id>`), each with the entity id, state and attributes the integration
writes (read from the integration's code in the release named, and its test fixtures in
home-assistant/core; each class says where). Nothing here talks to a real appliance.

    washer = home_connect_2025(ha, "Washer")
    washer.running(finish_at=now + timedelta(minutes=90), progress=10)
    washer.door("open")
    washer.finished()
    washer.gone()                      # the appliance left: every entity unavailable

`ha` is anything with `request(method, path, body=None)` returning the decoded JSON (None for a
404), as scripts/ha-test.py's HomeAssistant has; `Rest(base_url, token)` is one for other callers.

The `custom` shape is template entities (see custom_templates), which Home Assistant itself
computes from raw entities set here.

`long_lived_token` makes a long-lived access token over the WebSocket API and writes it to a
file with mode 0600, for laundryd's `homeAssistant.tokenFile`.
"""
import base64
import datetime
import json
import math
import os
import re
import socket
import urllib.error
import urllib.parse
import urllib.request

UNAVAILABLE = "unavailable"
UNKNOWN = "unknown"


def timestamp(moment):
    """A time as a timestamp sensor's state: UTC, to the second (SensorEntity.state, both releases)."""
    return moment.astimezone(datetime.timezone.utc).replace(microsecond=0).isoformat()


def now():
    return datetime.datetime.now(datetime.timezone.utc)


def object_id(name):
    """The entity id Home Assistant makes from a name (util.slugify, for plain ASCII names)."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


class Rest:
    """Home Assistant's REST API with a bearer token, for callers without a client of their own."""

    def __init__(self, base, token):
        self.base = base.rstrip("/")
        self.token = token

    def request(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        headers = {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"}
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                text = response.read().decode()
                return json.loads(text) if text else {}
        except urllib.error.HTTPError as error:
            if error.code == 404:
                return None
            raise


class Machine:
    """One appliance: its entities by role, and the attributes each entity carries in any state
    (Home Assistant keeps device_class, options, unit and name on an unavailable entity too)."""

    def __init__(self, ha, entities):
        self.ha = ha
        # role -> (entity id, attributes)
        self.entities = entities
        self.states = {}

    def entity(self, role):
        return self.entities[role][0]

    def set(self, **states):
        """Sets the named roles' states as they are, e.g. set(program_finish_time="unavailable")."""
        for role, state in states.items():
            entity_id, attributes = self.entities[role]
            self.ha.request("POST", f"/api/states/{entity_id}", {"state": str(state), "attributes": attributes})
            self.states[role] = str(state)
        return self

    def gone(self):
        """The appliance disconnected or the integration unloaded: every entity unavailable."""
        return self.set(**{role: UNAVAILABLE for role in self.entities})

    def shape(self):
        """entity id -> the attributes it must carry, for checking what Home Assistant holds."""
        return {entity_id: attributes for entity_id, attributes in self.entities.values()}


class HomeConnect2024(Machine):
    """Home Connect in Home Assistant 2024.3.3 (homeassistant/components/home_connect/api.py,
    sensor.py, binary_sensor.py in the 2024.3.3 wheel): entities named "<appliance> <desc>" without
    has_entity_name, so `sensor.washer_operation_state`. The operation state is the enum's last part
    as the API sends it (`BSH.Common.EnumType.OperationState.Run` -> `Run`; the API's values:
    Inactive, Ready, DelayedStart, Run, Pause, ActionRequired, Finished, Error, Aborting), no device
    class, icon mdi:state-machine. "Remaining Program Time" is a timestamp (now + the seconds
    left) only while the state is Run, Pause or Finished, else unavailable; once that time has
    passed, the next update makes it unavailable too. "Program Progress" is in %. The door is
    `binary_sensor.<appliance>_door`, device_class door, on for Open, off for Closed and Locked
    (tests/components/home_connect/fixtures/status.json: DoorState Closed, OperationState Ready)."""

    def __init__(self, ha, name="Washer"):
        slug = object_id(name)
        super().__init__(ha, {
            "operation_state": (f"sensor.{slug}_operation_state",
                                {"icon": "mdi:state-machine", "friendly_name": f"{name} Operation State"}),
            "remaining_program_time": (f"sensor.{slug}_remaining_program_time",
                                       {"device_class": "timestamp",
                                        "friendly_name": f"{name} Remaining Program Time"}),
            "program_progress": (f"sensor.{slug}_program_progress",
                                 {"unit_of_measurement": "%", "icon": "mdi:progress-clock",
                                  "friendly_name": f"{name} Program Progress"}),
            "door": (f"binary_sensor.{slug}_door", {"device_class": "door", "friendly_name": f"{name} Door"}),
        })

    def ready(self):
        return self.set(operation_state="Ready", remaining_program_time=UNAVAILABLE, program_progress=UNAVAILABLE)

    def delayed_start(self):
        return self.set(operation_state="DelayedStart", remaining_program_time=UNAVAILABLE)

    def running(self, finish_at, progress=0):
        return self.set(operation_state="Run", remaining_program_time=timestamp(finish_at),
                        program_progress=progress)

    def paused(self, finish_at, progress=0):
        return self.set(operation_state="Pause", remaining_program_time=timestamp(finish_at),
                        program_progress=progress)

    def finished(self, finish_at=None):
        """Finished: 0 s left, so the end shown is the moment it finished."""
        return self.set(operation_state="Finished", remaining_program_time=timestamp(finish_at or now()),
                        program_progress=100)

    def door(self, state):
        """open, closed or locked, as the appliance reports it."""
        return self.set(door="on" if state == "open" else "off")


HOME_CONNECT_OPERATION_STATES = ["inactive", "ready", "delayedstart", "run", "pause", "actionrequired",
                                 "finished", "error", "aborting"]


class HomeConnect2025(Machine):
    """Home Connect in Home Assistant 2025.4.4 (homeassistant/components/home_connect/sensor.py and
    strings.json in the 2025.4.4 wheel): has_entity_name, the device named as the appliance, so
    `sensor.washer_operation_state` ("Operation state"), device_class enum with the options below,
    the value slugified (`run`, `finished`); `sensor.washer_program_finish_time` ("Program finish
    time", timestamp, from RemainingProgramTime) and `sensor.washer_program_progress` (%) are
    available only while the state is run, pause or finished, and unavailable otherwise; the door
    is `sensor.washer_door`, enum closed/locked/open. (A binary_sensor "<appliance> Door" is still
    made, disabled by default and deprecated: binary_sensor.py's HomeConnectDoorBinarySensor.)
    Icons come from icons.json, so no icon attribute."""

    def __init__(self, ha, name="Washer"):
        slug = object_id(name)
        super().__init__(ha, {
            "operation_state": (f"sensor.{slug}_operation_state",
                                {"options": HOME_CONNECT_OPERATION_STATES, "device_class": "enum",
                                 "friendly_name": f"{name} Operation state"}),
            "program_finish_time": (f"sensor.{slug}_program_finish_time",
                                    {"device_class": "timestamp", "friendly_name": f"{name} Program finish time"}),
            "program_progress": (f"sensor.{slug}_program_progress",
                                 {"unit_of_measurement": "%", "friendly_name": f"{name} Program progress"}),
            "door": (f"sensor.{slug}_door", {"options": ["closed", "locked", "open"], "device_class": "enum",
                                             "friendly_name": f"{name} Door"}),
        })

    def ready(self):
        return self.set(operation_state="ready", program_finish_time=UNAVAILABLE, program_progress=UNAVAILABLE)

    def delayed_start(self):
        return self.set(operation_state="delayedstart", program_finish_time=UNAVAILABLE,
                        program_progress=UNAVAILABLE)

    def running(self, finish_at, progress=0):
        return self.set(operation_state="run", program_finish_time=timestamp(finish_at), program_progress=progress)

    def paused(self, finish_at, progress=0):
        return self.set(operation_state="pause", program_finish_time=timestamp(finish_at), program_progress=progress)

    def finished(self, finish_at=None):
        """Finished keeps the programme sensors: the finish time of the last update (0 s left)."""
        return self.set(operation_state="finished", program_finish_time=timestamp(finish_at or now()),
                        program_progress=100)

    def door(self, state):
        return self.set(door=state)


class Matter(Machine):
    """Matter's Laundry Washer / Dryer in Home Assistant 2025.4.4 (homeassistant/components/matter/
    sensor.py: MatterOperationalStateSensor and MatterListSensor; strings.json): has_entity_name,
    `sensor.<device>_operational_state` ("Operational state"), enum, the options from the device's
    OperationalStateList with the known ids named stopped/running/paused/error;
    `sensor.<device>_current_phase` ("Current phase"), enum, the options the device's PhaseList
    (tests/components/matter/fixtures/nodes/laundrywasher.json: "pre-soak", "rinse", "spin",
    CurrentPhase 0, CountdownTime null, states 0..3; tests/components/matter/test_sensor.py
    reads `sensor.laundrywasher_current_phase` as "pre-soak", then "rinse"). 2025.4.4 makes no entity
    of CountdownTime: no end time at all. Newer releases add `sensor.<device>_estimated_end_time`
    (timestamp, now + CountdownTime, unknown when the countdown is null or 0): pass
    estimated_end_time=True for that shape. A finish is running -> stopped."""

    def __init__(self, ha, name="Laundrywasher", phases=("pre-soak", "rinse", "spin"), estimated_end_time=False):
        slug = object_id(name)
        entities = {
            "operational_state": (f"sensor.{slug}_operational_state",
                                  {"options": ["stopped", "running", "paused", "error"], "device_class": "enum",
                                   "friendly_name": f"{name} Operational state"}),
            "current_phase": (f"sensor.{slug}_current_phase",
                              {"options": list(phases), "device_class": "enum",
                               "friendly_name": f"{name} Current phase"}),
        }
        if estimated_end_time:
            entities["estimated_end_time"] = (f"sensor.{slug}_estimated_end_time",
                                              {"device_class": "timestamp",
                                               "friendly_name": f"{name} Estimated end time"})
        super().__init__(ha, entities)
        self.phases = list(phases)

    def _end(self, finish_at):
        if "estimated_end_time" not in self.entities:
            return {}
        return {"estimated_end_time": timestamp(finish_at) if finish_at else UNKNOWN}

    def stopped(self, phase=None):
        """Stopped; the current phase stays the last one unless given."""
        return self.set(operational_state="stopped", current_phase=phase or self.states.get("current_phase",
                                                                                          self.phases[0]),
                        **self._end(None))

    finished = stopped

    def running(self, phase=None, finish_at=None):
        """Running in `phase` (the first by default); finish_at None is a null countdown."""
        return self.set(operational_state="running", current_phase=phase or self.phases[0], **self._end(finish_at))

    def paused(self, phase=None, finish_at=None):
        return self.set(operational_state="paused", current_phase=phase or self.states.get("current_phase",
                                                                                          self.phases[0]),
                        **self._end(finish_at))

    def error(self):
        return self.set(operational_state="error")


SMARTTHINGS_JOB_STATES = {
    # homeassistant/components/smartthings/sensor.py (2025.4.4), the job state's options.
    "washer": ["air_wash", "ai_rinse", "ai_spin", "ai_wash", "cooling", "delay_wash", "drying", "finish", "none",
               "pre_wash", "rinse", "spin", "wash", "weight_sensing", "wrinkle_prevent", "freeze_protection"],
    "dryer": ["cooling", "delay_wash", "drying", "finished", "none", "refreshing", "weight_sensing",
              "wrinkle_prevent", "dehumidifying", "ai_drying", "sanitizing", "internal_care", "freeze_protection",
              "continuous_dehumidifying", "thawing_frozen_inside"],
}


class SmartThings2025(Machine):
    """SmartThings in Home Assistant 2025.4.4 (homeassistant/components/smartthings/sensor.py,
    CAPABILITY_TO_SENSORS for washerOperatingState / dryerOperatingState; strings.json): has_entity_name,
    `sensor.<device>_machine_state` ("Machine state", translation keys washer_machine_state and
    dryer_machine_state), enum [pause, run, stop]; `sensor.<device>_job_state` ("Job state"), enum;
    `sensor.<device>_completion_time` ("Completion time"), timestamp parsed from completionTime. The
    completion time stays set after the machine stops (tests/components/smartthings/fixtures/
    device_status/da_wm_wm_000001.json: machineState stop, washerJobState none, completionTime
    2025-02-07T03:54:45Z). Finishing is run -> stop."""

    def __init__(self, ha, name="Washer", kind="washer"):
        slug = object_id(name)
        super().__init__(ha, {
            "machine_state": (f"sensor.{slug}_machine_state",
                              {"options": ["pause", "run", "stop"], "device_class": "enum",
                               "friendly_name": f"{name} Machine state"}),
            "job_state": (f"sensor.{slug}_job_state",
                          {"options": SMARTTHINGS_JOB_STATES[kind], "device_class": "enum",
                           "friendly_name": f"{name} Job state"}),
            "completion_time": (f"sensor.{slug}_completion_time",
                                {"device_class": "timestamp", "friendly_name": f"{name} Completion time"}),
        })
        self.kind = kind

    def stopped(self):
        """Stopped: the completion time is left as it was."""
        return self.set(machine_state="stop", job_state="none")

    finished = stopped

    def running(self, finish_at, job=None):
        return self.set(machine_state="run", job_state=job or ("wash" if self.kind == "washer" else "drying"),
                        completion_time=timestamp(finish_at))

    def paused(self, finish_at):
        return self.set(machine_state="pause", completion_time=timestamp(finish_at))


class SmartThings2024(Machine):
    """SmartThings in Home Assistant 2024.3.3 (homeassistant/components/smartthings/sensor.py in the
    2024.3.3 wheel): names "<device label> Washer Machine State" without has_entity_name, so
    `sensor.<device>_washer_machine_state` (or `_dryer_…` for a dryer), the raw SmartThings value
    (run, pause, stop) with no device class or options; `sensor.<device>_washer_job_state` the raw
    job state (wash, rinse, spin, weightSensing, …); `sensor.<device>_washer_completion_time` a
    timestamp."""

    def __init__(self, ha, name="Washer", kind="washer"):
        slug = object_id(name)
        title = kind.capitalize()
        super().__init__(ha, {
            "machine_state": (f"sensor.{slug}_{kind}_machine_state",
                              {"friendly_name": f"{name} {title} Machine State"}),
            "job_state": (f"sensor.{slug}_{kind}_job_state", {"friendly_name": f"{name} {title} Job State"}),
            "completion_time": (f"sensor.{slug}_{kind}_completion_time",
                                {"device_class": "timestamp", "friendly_name": f"{name} {title} Completion Time"}),
        })
        self.kind = kind

    def stopped(self):
        return self.set(machine_state="stop", job_state="none")

    finished = stopped

    def running(self, finish_at, job=None):
        return self.set(machine_state="run", job_state=job or ("wash" if self.kind == "washer" else "drying"),
                        completion_time=timestamp(finish_at))

    def paused(self, finish_at):
        return self.set(machine_state="pause", completion_time=timestamp(finish_at))


class Custom(Machine):
    """A machine no integration describes, the way people build one: raw entities from whatever
    reads the machine (set here: `sensor.<name>_status`, `sensor.<name>_remaining_minutes`,
    `sensor.<name>_door_contact`) and template entities in configuration.yaml (custom_templates)
    that turn them into an end time (`sensor.<name>_end`, timestamp: when the remaining minutes
    last changed plus those minutes; unavailable when they are not a number) and a door
    (`binary_sensor.<name>_door`, device_class door, on when the contact reads open)."""

    def __init__(self, ha, name="custom_washer"):
        slug = object_id(name)
        super().__init__(ha, {
            "status": (f"sensor.{slug}_status", {"friendly_name": f"{name} status"}),
            "remaining_minutes": (f"sensor.{slug}_remaining_minutes",
                                  {"unit_of_measurement": "min", "friendly_name": f"{name} remaining minutes"}),
            "door_contact": (f"sensor.{slug}_door_contact", {"friendly_name": f"{name} door contact"}),
        })
        # What Home Assistant's templates make of them: entity id -> attributes.
        self.templates = {"end": (f"sensor.{slug}_end", {"device_class": "timestamp"}),
                          "door": (f"binary_sensor.{slug}_door", {"device_class": "door"})}

    def idle(self):
        return self.set(status="idle", remaining_minutes=UNKNOWN)

    def running(self, finish_at):
        """Running, with the minutes left rounded up, as such integrations report them."""
        minutes = max(0, math.ceil((finish_at - now()).total_seconds() / 60))
        return self.set(status="running", remaining_minutes=minutes)

    def finished(self):
        return self.set(status="done", remaining_minutes=0)

    def door(self, state):
        return self.set(door_contact=state)

    def shape(self):
        return {**super().shape(), **{entity_id: attributes for entity_id, attributes in self.templates.values()}}


def custom_templates(*names):
    """The `template:` section of configuration.yaml for Custom machines of these names."""
    lines = ["template:"]
    for name in names:
        slug = object_id(name)
        minutes = f"sensor.{slug}_remaining_minutes"
        lines += [
            "  - sensor:",
            f"      - name: {slug}_end",
            f"        unique_id: {slug}_end",
            "        device_class: timestamp",
            f"        availability: \"{{{{ states('{minutes}') | is_number }}}}\"",
            "        state: >-",
            f"          {{% set left = states.{minutes} %}}",
            "          {{ (left.last_changed + timedelta(minutes=left.state | float)).isoformat()",
            "             if left is not none and left.state | is_number else none }}",
            "    binary_sensor:",
            f"      - name: {slug}_door",
            f"        unique_id: {slug}_door",
            "        device_class: door",
            f"        availability: \"{{{{ states('sensor.{slug}_door_contact') in ['open', 'closed'] }}}}\"",
            f"        state: \"{{{{ is_state('sensor.{slug}_door_contact', 'open') }}}}\"",
        ]
    return "\n".join(lines) + "\n"


# The shapes by the names a test asks for.
def home_connect_2024(ha, name="Washer"):
    return HomeConnect2024(ha, name)


def home_connect_2025(ha, name="Washer"):
    return HomeConnect2025(ha, name)


def matter(ha, name="Laundrywasher", **options):
    return Matter(ha, name, **options)


def smartthings_2025(ha, name="Washer", kind="washer"):
    return SmartThings2025(ha, name, kind)


def smartthings_2024(ha, name="Washer", kind="washer"):
    return SmartThings2024(ha, name, kind)


def custom(ha, name="custom_washer"):
    return Custom(ha, name)


class WebSocket:
    """A minimal WebSocket client (RFC 6455) over plain ws://, for a test talking to Home Assistant's
    /api/websocket: JSON text frames, unfragmented, as Home Assistant sends them."""

    def __init__(self, url, timeout=10):
        parts = urllib.parse.urlsplit(url)
        if parts.scheme != "ws":
            raise ValueError(f"only ws:// URLs are supported, not {url}")
        self.sock = socket.create_connection((parts.hostname, parts.port or 80), timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the server closed the connection during the WebSocket handshake")
            head += chunk
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(f"WebSocket handshake refused: {head.decode(errors='replace').splitlines()[0]}")

    def _exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                raise ConnectionError("the server closed the WebSocket")
            data += chunk
        return data

    def _frame(self, opcode, payload):
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = bytes([0x80 | opcode, 0x80 | length])
        elif length < 1 << 16:
            header = bytes([0x80 | opcode, 0x80 | 126]) + length.to_bytes(2, "big")
        else:
            header = bytes([0x80 | opcode, 0x80 | 127]) + length.to_bytes(8, "big")
        self.sock.sendall(header + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload)))

    def send(self, message):
        self._frame(0x1, json.dumps(message).encode())

    def receive(self):
        """The next JSON message; pings are answered on the way."""
        while True:
            first, second = self._exactly(2)
            opcode, length = first & 0x0F, second & 0x7F
            if length == 126:
                length = int.from_bytes(self._exactly(2), "big")
            elif length == 127:
                length = int.from_bytes(self._exactly(8), "big")
            mask = self._exactly(4) if second & 0x80 else None
            payload = self._exactly(length)
            if mask:
                payload = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
            if opcode == 0x9:
                self._frame(0xA, payload)
            elif opcode == 0x8:
                raise ConnectionError("the server closed the WebSocket")
            elif opcode == 0x1:
                return json.loads(payload)

    def close(self):
        try:
            self._frame(0x8, b"")
        finally:
            self.sock.close()


def authenticated(base, access_token):
    """A WebSocket to Home Assistant's API, authenticated with `access_token`."""
    ws = WebSocket(base.replace("http://", "ws://", 1).rstrip("/") + "/api/websocket")
    hello = ws.receive()
    if hello.get("type") != "auth_required":
        raise ConnectionError(f"Home Assistant's WebSocket API began with {hello}, not auth_required")
    ws.send({"type": "auth", "access_token": access_token})
    answer = ws.receive()
    if answer.get("type") != "auth_ok":
        raise ConnectionError(f"Home Assistant refused the token: {answer}")
    return ws


def long_lived_token(base, access_token, path, client_name="laundry", lifespan_days=3650):
    """Makes a long-lived access token (WebSocket `auth/long_lived_access_token`, as the profile
    page's "Create token" does; `client_name` must be new for the user) and writes it to `path`
    with mode 0600. Returns the token."""
    ws = authenticated(base, access_token)
    try:
        ws.send({"id": 1, "type": "auth/long_lived_access_token", "client_name": client_name,
                 "lifespan": lifespan_days})
        answer = ws.receive()
    finally:
        ws.close()
    if not answer.get("success"):
        raise ConnectionError(f"Home Assistant made no long-lived token: {answer}")
    token = answer["result"]
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        os.fchmod(file.fileno(), 0o600)
        file.write(token + "\n")
    return token
