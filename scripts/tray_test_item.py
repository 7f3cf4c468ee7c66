#!/usr/bin/python3
"""A throw-away tray item for checking the test tray (scripts/tray_host.py, scripts/tray_read.py) before
laundryd has one: a StatusNotifierItem at /StatusNotifierItem with a DBusMenu menu (libdbusmenu-glib) at
/MenuBar, on the session bus.

  scripts/tray_test_item.py [--status Active]

It registers with org.kde.StatusNotifierWatcher whenever that name gets an owner (at start, and again
after the watcher's owner restarts), as laundryd will. It reads commands on stdin, one a line:
  status Passive|Active|NeedsAttention     label TEXT     quit
and reports on stdout, one JSON object a line: {"event": "ready"|"registered"|"watcher-gone"|
"about-to-show"|"clicked"|"status"|"label", ...}. Its icons are two SVGs it writes into a folder of its
own, given as IconThemePath: a blue disc (IconName) and a red one (AttentionIconName); --icon and
--icon-theme-path name others (laundry's own: --icon laundry --icon-theme-path data/icons).
"""

import argparse
import json
import os
import shutil
import sys
import tempfile

import gi

gi.require_version("Gio", "2.0")
gi.require_version("Dbusmenu", "0.4")
from gi.repository import Dbusmenu, Gio, GLib  # noqa: E402

WATCHER = "org.kde.StatusNotifierWatcher"
ITEM_PATH = "/StatusNotifierItem"
MENU_PATH = "/MenuBar"
ICON, ATTENTION_ICON = "laundry-tray-check", "laundry-tray-check-attention"
ITEM_XML = """
<node>
  <interface name="org.kde.StatusNotifierItem">
    <property name="Category" type="s" access="read"/>
    <property name="Id" type="s" access="read"/>
    <property name="Title" type="s" access="read"/>
    <property name="Status" type="s" access="read"/>
    <property name="IconName" type="s" access="read"/>
    <property name="IconThemePath" type="s" access="read"/>
    <property name="AttentionIconName" type="s" access="read"/>
    <property name="ToolTip" type="(sa(iiay)ss)" access="read"/>
    <property name="ItemIsMenu" type="b" access="read"/>
    <property name="Menu" type="o" access="read"/>
    <property name="XAyatanaLabel" type="s" access="read"/>
    <property name="XAyatanaLabelGuide" type="s" access="read"/>
    <method name="ContextMenu"><arg type="i" direction="in"/><arg type="i" direction="in"/></method>
    <method name="Activate"><arg type="i" direction="in"/><arg type="i" direction="in"/></method>
    <method name="SecondaryActivate"><arg type="i" direction="in"/><arg type="i" direction="in"/></method>
    <method name="Scroll"><arg type="i" direction="in"/><arg type="s" direction="in"/></method>
    <signal name="NewTitle"/>
    <signal name="NewIcon"/>
    <signal name="NewAttentionIcon"/>
    <signal name="NewToolTip"/>
    <signal name="NewStatus"><arg type="s"/></signal>
    <signal name="XAyatanaNewLabel"><arg type="s"/><arg type="s"/></signal>
  </interface>
</node>
"""
DISC = """<svg xmlns="http://www.w3.org/2000/svg" width="22" height="22" viewBox="0 0 22 22">
<circle cx="11" cy="11" r="10" fill="{colour}"/></svg>
"""


def report(event, **facts):
    print(json.dumps({"event": event, **facts}), flush=True)


class Item:
    def __init__(self, status, label, icon, icon_theme_path):
        self.status = status
        self.label = label
        self.icon = icon or ICON
        self.icons = tempfile.mkdtemp(prefix="laundry-tray-icons.")
        self.icon_theme_path = self.icons if icon_theme_path is None else icon_theme_path
        for name, colour in ((ICON, "#2a7fff"), (ATTENTION_ICON, "#ff2a2a")):
            with open(os.path.join(self.icons, name + ".svg"), "w") as f:
                f.write(DISC.format(colour=colour))
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        node = Gio.DBusNodeInfo.new_for_xml(ITEM_XML)
        self.bus.register_object(ITEM_PATH, node.interfaces[0], self.on_call, self.on_property, None)
        self.menu = self.build_menu()
        Gio.bus_watch_name_on_connection(
            self.bus, WATCHER, Gio.BusNameWatcherFlags.NONE, self.on_watcher, self.on_watcher_gone
        )
        self.loop = GLib.MainLoop()

    def build_menu(self):
        server = Dbusmenu.Server.new(MENU_PATH)
        root = Dbusmenu.Menuitem.new()
        entries = [("Washer: 42 min left", False), ("Start dryer", True), ("+10 min", True)]
        for label, enabled in entries:
            root.child_append(self.menu_item(label, enabled))
        separator = Dbusmenu.Menuitem.new()
        separator.property_set(Dbusmenu.MENUITEM_PROP_TYPE, Dbusmenu.CLIENT_TYPES_SEPARATOR)
        root.child_append(separator)
        more = self.menu_item("More", True)
        more.property_set(Dbusmenu.MENUITEM_PROP_CHILD_DISPLAY, Dbusmenu.MENUITEM_CHILD_DISPLAY_SUBMENU)
        more.child_append(self.menu_item("Got it", True))
        root.child_append(more)
        server.set_root(root)
        return server

    def menu_item(self, label, enabled):
        item = Dbusmenu.Menuitem.new()
        item.property_set(Dbusmenu.MENUITEM_PROP_LABEL, label)
        item.property_set_bool(Dbusmenu.MENUITEM_PROP_ENABLED, enabled)
        item.connect("item-activated", lambda menuitem, timestamp: report(
            "clicked", id=menuitem.get_id(), label=label, timestamp=timestamp))
        item.connect("about-to-show", lambda menuitem: report("about-to-show", id=menuitem.get_id()) or False)
        return item

    def properties(self):
        tooltip = ("", [], "laundry check", f"<b>{GLib.markup_escape_text(self.label)}</b> left")
        return {
            "Category": GLib.Variant("s", "ApplicationStatus"),
            "Id": GLib.Variant("s", "laundry-tray-check"),
            "Title": GLib.Variant("s", "laundry check"),
            "Status": GLib.Variant("s", self.status),
            "IconName": GLib.Variant("s", self.icon),
            "IconThemePath": GLib.Variant("s", self.icon_theme_path),
            "AttentionIconName": GLib.Variant("s", ATTENTION_ICON),
            "ToolTip": GLib.Variant("(sa(iiay)ss)", tooltip),
            "ItemIsMenu": GLib.Variant("b", True),
            "Menu": GLib.Variant("o", MENU_PATH),
            "XAyatanaLabel": GLib.Variant("s", self.label),
            "XAyatanaLabelGuide": GLib.Variant("s", "00:00"),
        }

    def on_property(self, _connection, _sender, _path, _interface, name):
        return self.properties().get(name)

    def on_call(self, _connection, _sender, _path, _interface, method, parameters, invocation):
        report("method", name=method, arguments=parameters.unpack())
        invocation.return_value(None)

    def emit(self, signal, parameters=None):
        self.bus.emit_signal(None, ITEM_PATH, "org.kde.StatusNotifierItem", signal, parameters)

    # The item's own job: register whenever the watcher name has an owner, a new owner included.
    def on_watcher(self, _connection, _name, owner):
        def registered(bus, result):
            try:
                bus.call_finish(result)
                report("registered", watcher=owner)
            except GLib.Error as error:
                report("register-failed", watcher=owner, error=error.message)

        self.bus.call(
            WATCHER, "/StatusNotifierWatcher", WATCHER, "RegisterStatusNotifierItem",
            GLib.Variant("(s)", (ITEM_PATH,)), None, Gio.DBusCallFlags.NONE, 5000, None, registered,
        )

    def on_watcher_gone(self, _connection, _name):
        report("watcher-gone")

    def on_command(self, source, _condition):
        line = source.readline()
        if not line:
            self.loop.quit()
            return GLib.SOURCE_REMOVE
        verb, _, argument = line.strip().partition(" ")
        if verb == "status" and argument in ("Passive", "Active", "NeedsAttention"):
            self.status = argument
            self.emit("NewStatus", GLib.Variant("(s)", (argument,)))
            report("status", status=argument)
        elif verb == "label":
            self.label = argument
            self.emit("XAyatanaNewLabel", GLib.Variant("(ss)", (argument, "00:00")))
            self.emit("NewToolTip")
            report("label", label=argument)
        elif verb == "quit":
            self.loop.quit()
            return GLib.SOURCE_REMOVE
        else:
            report("unknown-command", line=line.strip())
        return GLib.SOURCE_CONTINUE

    def run(self):
        GLib.io_add_watch(sys.stdin, GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, self.on_command)
        report("ready", name=self.bus.get_unique_name(), item=ITEM_PATH, menu=MENU_PATH)
        try:
            self.loop.run()
        finally:
            shutil.rmtree(self.icons, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--status", default="Active", choices=("Passive", "Active", "NeedsAttention"))
    parser.add_argument("--label", default="0:42")
    parser.add_argument("--icon", help="IconName instead of the blue disc (e.g. laundry)")
    parser.add_argument("--icon-theme-path", help="IconThemePath instead of the discs' folder ('' for none)")
    arguments = parser.parse_args()
    Item(arguments.status, arguments.label, arguments.icon, arguments.icon_theme_path).run()


if __name__ == "__main__":
    main()
