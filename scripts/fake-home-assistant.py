#!/usr/bin/python3
"""A scripted Home Assistant WebSocket API (`/api/websocket`), for laundryd's client in the tests.

It plays what Home Assistant's websocket_api does (auth.py, commands.py, messages.py): `auth_required`, the token
checked (`auth_ok` or `auth_invalid`, then closed), `subscribe_entities` answered with a result and the first event
(`{"a": {entity_id: {"s", "a", "c", "lc"}}}`, only the entities asked for), `ping` answered with `pong`. What happens
next is read from stdin, one JSON object a line, and applied to every open connection:

  {"set": "sensor.x", "s": "run", "a": {...}}   a new state: sent as Home Assistant's diff ("+" with s/lc/lu, the
                                               attributes that changed, "-" those that went), or an add if new
  {"remove": "sensor.x"}                       the entity removed ({"r": [...]})
  {"text": "..."}                              this text as one frame, as is (hostile frames)
  {"hex": "ff00..."}                           these bytes as one binary frame
  {"close": 1001, "reason": "restart"}         the connection closed
  {"pongs": false}                             pings unanswered from now on (true: answered again)
  {"quit": true}                               the server stops

Options change how each new connection goes: --token (the one accepted), --version, --states FILE (a JSON object of
entity id to {"s", "a"}), --silent-login (no auth_required), --refuse-subscription, --no-pongs.
It writes what it sees to stdout, one JSON object a line, for a test to wait on: {"event": "listening", "port"},
"connected", "auth" (with "accepted"; never the token), "subscribe" (with "entity_ids"), "ping", "closed".

Usage: scripts/fake-home-assistant.py PORT [options]   (PORT 0: any free port, said in "listening")
"""
import argparse
import asyncio
import json
import sys
import threading
import time
import uuid

import websockets

parser = argparse.ArgumentParser()
parser.add_argument("port", type=int)
parser.add_argument("--token", default="test-token")
parser.add_argument("--version", default="2024.3.3")
parser.add_argument("--states")
parser.add_argument("--silent-login", action="store_true")
parser.add_argument("--refuse-subscription", action="store_true")
parser.add_argument("--no-pongs", action="store_true")
options = parser.parse_args()

states = {}  # entity id -> {"s", "a", "lc", "lu"}
if options.states:
    for entity_id, state in json.load(open(options.states)).items():
        states[entity_id] = {"s": state["s"], "a": state.get("a", {}), "lc": time.time(), "lu": time.time()}
clients = {}  # websocket -> (subscription id, entity ids followed)
answer_pings = not options.no_pongs


def say(event, **facts):
    print(json.dumps({"event": event, **facts}), flush=True)


def compressed(state):
    """as_compressed_state: lu only where it differs from lc, c an id."""
    out = {"s": state["s"], "a": state["a"], "c": uuid.uuid4().hex, "lc": state["lc"]}
    if state["lu"] != state["lc"]:
        out["lu"] = state["lu"]
    return out


def diff(old, new):
    """_state_diff: + holds the state and lc when it changed (else lu), changed attributes; - the attributes gone."""
    plus = {"c": uuid.uuid4().hex}
    if old["s"] != new["s"]:
        plus["s"] = new["s"]
        plus["lc"] = new["lc"]
    else:
        plus["lu"] = new["lu"]
    changed = {key: value for key, value in new["a"].items() if old["a"].get(key) != value}
    if changed:
        plus["a"] = changed
    out = {"+": plus}
    gone = [key for key in old["a"] if key not in new["a"]]
    if gone:
        out["-"] = {"a": gone}
    return out


async def send_event(entity_id, event):
    for websocket, (subscription, followed) in list(clients.items()):
        if entity_id in followed:
            await websocket.send(json.dumps({"id": subscription, "type": "event", "event": event}))


async def command(line):
    global answer_pings
    order = json.loads(line)
    if "set" in order:
        entity_id, now = order["set"], time.time()
        old = states.get(entity_id)
        new = {"s": order.get("s", old["s"] if old else "unknown"), "a": order.get("a", old["a"] if old else {}),
               "lc": now, "lu": now}
        if old and old["s"] == new["s"]:
            new["lc"] = old["lc"]
        states[entity_id] = new
        event = {"c": {entity_id: diff(old, new)}} if old else {"a": {entity_id: compressed(new)}}
        await send_event(entity_id, event)
    elif "remove" in order:
        states.pop(order["remove"], None)
        await send_event(order["remove"], {"r": [order["remove"]]})
    elif "text" in order:
        for websocket in list(clients) or list(connections):
            await websocket.send(order["text"])
    elif "hex" in order:
        for websocket in list(clients) or list(connections):
            await websocket.send(bytes.fromhex(order["hex"]))
    elif "close" in order:
        for websocket in list(connections):
            await websocket.close(order["close"], order.get("reason", ""))
    elif "pongs" in order:
        answer_pings = order["pongs"]
    elif "quit" in order:
        stop.set_result(None)


connections = set()


async def serve(websocket, path=None):
    path = path or websocket.path
    connections.add(websocket)
    say("connected", path=path)
    try:
        if not options.silent_login:
            await websocket.send(json.dumps({"type": "auth_required", "ha_version": options.version}))
        async for text in websocket:
            message = json.loads(text)
            kind = message.get("type")
            if kind == "auth":
                accepted = message.get("access_token") == options.token
                say("auth", accepted=accepted)
                if not accepted:
                    await websocket.send(json.dumps({"type": "auth_invalid", "message": "Invalid access token or password"}))
                    await websocket.close()
                    return
                await websocket.send(json.dumps({"type": "auth_ok", "ha_version": options.version}))
            elif kind == "subscribe_entities":
                followed = set(message.get("entity_ids", []))
                say("subscribe", id=message["id"], entity_ids=sorted(followed))
                if options.refuse_subscription:
                    await websocket.send(json.dumps({"id": message["id"], "type": "result", "success": False,
                                                     "error": {"code": "invalid_format", "message": "refused"}}))
                    continue
                await websocket.send(json.dumps({"id": message["id"], "type": "result", "success": True,
                                                 "result": None}))
                clients[websocket] = (message["id"], followed)
                first = {entity_id: compressed(state) for entity_id, state in states.items() if entity_id in followed}
                await websocket.send(json.dumps({"id": message["id"], "type": "event", "event": {"a": first}}))
            elif kind == "ping":
                say("ping", id=message["id"])
                if answer_pings:
                    await websocket.send(json.dumps({"id": message["id"], "type": "pong"}))
    except websockets.ConnectionClosed:
        pass
    finally:
        clients.pop(websocket, None)
        connections.discard(websocket)
        say("closed", code=websocket.close_code)


async def not_found(path, headers):
    if path != "/api/websocket":
        return (404, [("Content-Length", "14"), ("Connection", "close")], b"404: Not Found")
    return None


def read_stdin(loop):
    for line in sys.stdin:
        if line.strip():
            asyncio.run_coroutine_threadsafe(command(line), loop)


async def main():
    global stop
    stop = asyncio.get_running_loop().create_future()
    async with websockets.serve(serve, "127.0.0.1", options.port, process_request=not_found,
                                max_size=16 * 1024 * 1024, ping_interval=None) as server:
        say("listening", port=server.sockets[0].getsockname()[1])
        threading.Thread(target=read_stdin, args=(asyncio.get_running_loop(),), daemon=True).start()
        await stop


asyncio.run(main())
