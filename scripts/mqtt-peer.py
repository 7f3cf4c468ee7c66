#!/usr/bin/python3
"""Plays Home Assistant and a smart plug against a broker, for the end-to-end tests (paho-mqtt 1.6).

  mqtt-peer.py PORT collect PATTERN...        print every message as a JSON line until killed:
                                              {"t": unix time, "topic", "payload", "retain"}
  mqtt-peer.py PORT publish TOPIC PAYLOAD [--retain]   (PAYLOAD "-": read from stdin)
  mqtt-peer.py PORT replay TOPIC FILE         a power curve: lines "SECONDS WATTS" (time from the
                                              start), each sent at its time as a plain number
"""
import json
import sys
import time

import paho.mqtt.client as mqtt


def connect(port):
    client = mqtt.Client(protocol=mqtt.MQTTv311)
    client.connect("127.0.0.1", int(port), keepalive=30)
    return client


def collect(port, patterns):
    client = connect(port)

    def on_message(_client, _data, message):
        line = {
            "t": time.time(),
            "topic": message.topic,
            "payload": message.payload.decode("utf-8", "replace"),
            "retain": bool(message.retain),
        }
        sys.stdout.write(json.dumps(line) + "\n")
        sys.stdout.flush()

    def on_connect(_client, _data, _flags, _rc):
        for pattern in patterns:
            client.subscribe(pattern, qos=1)
        sys.stdout.write(json.dumps({"t": time.time(), "topic": "", "payload": "subscribed", "retain": False}) + "\n")
        sys.stdout.flush()

    client.on_message = on_message
    client.on_connect = on_connect
    client.loop_forever()


def publish(port, topic, payload, retain):
    client = connect(port)
    client.loop_start()
    info = client.publish(topic, payload.encode("utf-8"), qos=1, retain=retain)
    info.wait_for_publish(5)
    client.disconnect()
    client.loop_stop()


def replay(port, topic, path):
    client = connect(port)
    client.loop_start()
    start = time.time()
    with open(path, encoding="utf-8") as series:
        for line in series:
            if not line.strip() or line.startswith("#"):
                continue
            seconds, watts = line.split()
            delay = start + float(seconds) - time.time()
            if delay > 0:
                time.sleep(delay)
            client.publish(topic, watts, qos=1).wait_for_publish(5)
            sys.stdout.write(json.dumps({"t": time.time(), "watts": float(watts)}) + "\n")
            sys.stdout.flush()
    client.disconnect()
    client.loop_stop()


def main():
    port, command, *rest = sys.argv[1:]
    if command == "collect":
        collect(port, rest)
    elif command == "publish":
        payload = sys.stdin.read() if rest[1] == "-" else rest[1]
        publish(port, rest[0], payload, "--retain" in rest[2:])
    elif command == "replay":
        replay(port, rest[0], rest[1])
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main()
