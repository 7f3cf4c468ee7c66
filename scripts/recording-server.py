#!/usr/bin/python3
"""A notification server that only records: it owns org.freedesktop.Notifications on the session
bus, answers every call at once and shows nothing. For measuring lateness under bursts a real
server cannot keep up with (dunst draws each popup; 2,000 at once can bring it down).

recording-server.py READY_FILE   (writes READY_FILE once it owns the name)"""
import sys
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
</interface></node>"""

next_id = 0

def on_call(connection, sender, path, interface, method, parameters, invocation):
    global next_id
    if method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body", "body-markup"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("recording-server", "laundry tests", "1", "1.2")))
    elif method == "Notify":
        next_id += 1
        invocation.return_value(GLib.Variant("(u)", (next_id,)))
    else:
        invocation.return_value(None)

def on_bus(connection, name):
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    connection.register_object("/org/freedesktop/Notifications", info, on_call, None, None)

def on_name(connection, name):
    open(sys.argv[1], "w").write("ready\n")

Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.REPLACE,
                 on_bus, on_name, lambda *a: sys.exit("lost the name org.freedesktop.Notifications"))
GLib.MainLoop().run()
