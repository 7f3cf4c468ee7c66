#!/usr/bin/python3
"""A notification server that only records: it owns org.freedesktop.Notifications on the session
bus, answers every call at once and shows nothing. For measuring lateness under bursts a real
server cannot keep up with (dunst draws each popup; 2,000 at once can bring it down), and for what
a real server here cannot show: a server that broadcasts its signals to every client, as mako and
swaync do, and that starts its ids again from 1 when it restarts.

recording-server.py READY_FILE [--broadcast] [--log FILE] [--no-reply-to TEXT] [--mako-modes FILE]
  READY_FILE   written once it owns the name
  --broadcast  ActionInvoked and NotificationClosed go to every client, not only the sender
  --no-reply-to TEXT  a Notify whose body holds TEXT is recorded, then answered with the error a
               bus gives when a server does not answer in time (org.freedesktop.DBus.Error.NoReply)
  --log FILE   one JSON line per call, with its "time": {"call": "Notify", "id", "replaces", "sender",
               "summary", "body", "category", "timer"}, {"call": "CloseNotification", "id", "sender"} or
               {"call": "Dismiss", "id"}
  --mako-modes FILE  also answers as mako 1.7+ does: fr.emersion.Mako.ListModes at /fr/emersion/Mako
               lists the modes FILE holds now (one per line), as `makoctl mode` shows them

Tests press a button or dismiss a popup through org.laundry.TestServer on the same object:
  Invoke(u id, s action)   emits ActionInvoked(id, action)
  Dismiss(u id)            closes it and emits NotificationClosed(id, 2), as a user's click does"""
import json
import sys
import time
from gi.repository import Gio, GLib

INTERFACE = """<node><interface name="org.freedesktop.Notifications">
 <method name="GetCapabilities"><arg type="as" direction="out"/></method>
 <method name="GetServerInformation"><arg type="s" direction="out"/><arg type="s" direction="out"/>
  <arg type="s" direction="out"/><arg type="s" direction="out"/></method>
 <method name="Notify"><arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
  <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
  <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/></method>
 <method name="CloseNotification"><arg type="u" direction="in"/></method>
 <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
 <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
</interface>
<interface name="org.laundry.TestServer">
 <method name="Invoke"><arg type="u" direction="in"/><arg type="s" direction="in"/></method>
 <method name="Dismiss"><arg type="u" direction="in"/></method>
</interface></node>"""
MAKO = """<node><interface name="fr.emersion.Mako">
 <method name="ListModes"><arg type="as" direction="out"/></method>
</interface></node>"""
PATH = "/org/freedesktop/Notifications"
NAME = "org.freedesktop.Notifications"

arguments = sys.argv[1:]
ready_file = arguments[0]
broadcast = "--broadcast" in arguments
log_file = arguments[arguments.index("--log") + 1] if "--log" in arguments else None
no_reply_to = arguments[arguments.index("--no-reply-to") + 1] if "--no-reply-to" in arguments else None
mako_modes = arguments[arguments.index("--mako-modes") + 1] if "--mako-modes" in arguments else None
next_id = 0
owners = {}  # notification id -> the client that posted it


def record(entry):
    entry["time"] = time.time()
    if log_file:
        with open(log_file, "a") as log:
            log.write(json.dumps(entry) + "\n")


def emit(connection, signal, parameters, notification):
    destination = None if broadcast else owners.get(notification)
    connection.emit_signal(destination, PATH, NAME, signal, parameters)


def on_call(connection, sender, path, interface, method, parameters, invocation):
    global next_id
    if method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body", "body-markup"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("recording-server", "laundry tests", "1", "1.2")))
    elif method == "Notify":
        _, replaces, _, summary, body, _, hints, _ = parameters.unpack()
        if replaces == 0 or replaces not in owners:
            next_id += 1
            replaces = next_id
        owners[replaces] = sender
        record({"call": "Notify", "id": replaces, "replaces": parameters[1], "sender": sender, "summary": summary,
                "body": body, "category": hints.get("category", ""), "timer": hints.get("x-laundry-timer", "")})
        if no_reply_to and no_reply_to in body:
            invocation.return_dbus_error("org.freedesktop.DBus.Error.NoReply", "the server did not answer in time")
        else:
            invocation.return_value(GLib.Variant("(u)", (replaces,)))
    elif method == "ListModes":
        with open(mako_modes) as modes:
            invocation.return_value(GLib.Variant("(as)", ([line.strip() for line in modes if line.strip()],)))
    elif method == "CloseNotification":
        (notification,) = parameters.unpack()
        record({"call": "CloseNotification", "id": notification, "sender": sender})
        invocation.return_value(None)
        emit(connection, "NotificationClosed", GLib.Variant("(uu)", (notification, 3)), notification)
        owners.pop(notification, None)
    elif method == "Invoke":
        notification, action = parameters.unpack()
        invocation.return_value(None)
        emit(connection, "ActionInvoked", GLib.Variant("(us)", (notification, action)), notification)
    elif method == "Dismiss":
        (notification,) = parameters.unpack()
        record({"call": "Dismiss", "id": notification})
        invocation.return_value(None)
        emit(connection, "NotificationClosed", GLib.Variant("(uu)", (notification, 2)), notification)
        owners.pop(notification, None)
    else:
        invocation.return_value(None)


def on_bus(connection, name):
    for info in Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces:
        connection.register_object(PATH, info, on_call, None, None)
    if mako_modes:
        for info in Gio.DBusNodeInfo.new_for_xml(MAKO).interfaces:
            connection.register_object("/fr/emersion/Mako", info, on_call, None, None)


def on_name(connection, name):
    open(ready_file, "w").write("ready\n")


Gio.bus_own_name(Gio.BusType.SESSION, NAME, Gio.BusNameOwnerFlags.REPLACE,
                 on_bus, on_name, lambda *a: sys.exit("lost the name org.freedesktop.Notifications"))
GLib.MainLoop().run()
