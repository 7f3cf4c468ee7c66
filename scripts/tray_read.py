#!/usr/bin/python3
"""Reads tray items on the session bus as a tray host does, and prints JSON for tests.

  scripts/tray_read.py items [--count N] [--timeout S]
      the watcher's RegisteredStatusNotifierItems: {"watcher": OWNER, "items": [{"id": ID,
      "service", "path"}]}; with --count, waits (on the watcher's signals) until exactly N are registered
  scripts/tray_read.py item [--item ID] [--until NAME=VALUE] [--timeout S]
      the item's org.kde.StatusNotifierItem properties (Status, IconName, AttentionIconName, ToolTip,
      Title, XAyatanaLabel, ItemIsMenu, Menu, ...; pixmaps as their sizes); with --until, waits (on the
      item's signals) until that property has that value (strings as they are, others as JSON: true)
  scripts/tray_read.py menu [--item ID]
      the item's menu, com.canonical.dbusmenu GetLayout(0, -1, []): {"revision", "layout": {"id",
      "label", "enabled", "visible", "type", "children-display", "properties", "children": [...]}}
  scripts/tray_read.py click (--id N | --label TEXT) [--item ID] [--even-if-disabled]
      a click as a host sends one: AboutToShow on the root and on each submenu down to the entry, then
      Event(id, "clicked", int32 0, timestamp); prints {"id", "label", "about_to_show": [...]}. A
      disabled entry is refused (hosts send nothing for it); an id not in the menu is sent all the same

ID is an item as the watcher lists it: ":1.42/StatusNotifierItem" (waybar), ":1.42@/StatusNotifierItem"
(GNOME's AppIndicator extension), "org.x.Name" alone for /StatusNotifierItem; without --item, the one
registered item. Errors: one line on stderr, exit 1.
"""

import argparse
import json
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

WATCHER = "org.kde.StatusNotifierWatcher"
WATCHER_PATH = "/StatusNotifierWatcher"
ITEM_INTERFACE = "org.kde.StatusNotifierItem"
MENU_INTERFACE = "com.canonical.dbusmenu"
# What a host reads, listed even when the item leaves one out (then null).
ITEM_PROPERTIES = ("Id", "Category", "Status", "Title", "IconName", "AttentionIconName", "IconThemePath",
                   "ToolTip", "XAyatanaLabel", "XAyatanaLabelGuide", "ItemIsMenu", "Menu")
CALL_TIMEOUT_MS = 5000


def fail(message):
    print(f"tray_read: {message}", file=sys.stderr)
    sys.exit(1)


def call(bus, service, path, interface, method, parameters=None, reply_type=None):
    try:
        return bus.call_sync(
            service, path, interface, method, parameters,
            GLib.VariantType(reply_type) if reply_type else None, Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS, None,
        )
    except GLib.Error as error:
        fail(f"{interface}.{method} on {service}{path}: {error.message}")


def split_id(item_id):
    """(service, path) of an id as a watcher lists it: "SERVICE/PATH" (waybar, KDE), "SERVICE@/PATH"
    (GNOME's AppIndicator extension), or "SERVICE" alone (the path /StatusNotifierItem)."""
    if "@/" in item_id:
        service, _, path = item_id.partition("@")
        return service, path
    service, slash, path = item_id.partition("/")
    return service, (slash + path) if slash else "/StatusNotifierItem"


def registered(bus):
    """(watcher owner or None, [item ids])."""
    owner = call(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                 GLib.Variant("(s)", (WATCHER,)), "(b)").unpack()[0]
    if not owner:
        return None, []
    unique = call(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
                  GLib.Variant("(s)", (WATCHER,)), "(s)").unpack()[0]
    try:
        reply = bus.call_sync(
            WATCHER, WATCHER_PATH, "org.freedesktop.DBus.Properties", "Get",
            GLib.Variant("(ss)", (WATCHER, "RegisteredStatusNotifierItems")), GLib.VariantType("(v)"),
            Gio.DBusCallFlags.NONE, CALL_TIMEOUT_MS, None,
        )
    except GLib.Error:
        return unique, []  # the watcher went away between the two calls
    return unique, list(reply.unpack()[0])


def items_json(owner, ids):
    return {"watcher": owner, "items": [dict(zip(("service", "path"), split_id(i)), id=i) for i in ids]}


def wait_on_signals(bus, subscriptions, done, timeout):
    """Runs a main loop until done() is true, re-checking on each signal that the subscriptions match;
    the clock only bounds the wait. Returns done()'s last value."""
    loop = GLib.MainLoop()
    result = [done()]
    if result[0]:
        return result[0]

    def check(*_):
        result[0] = done()
        if result[0]:
            loop.quit()

    ids = [bus.signal_subscribe(sender, interface, member, path, None, Gio.DBusSignalFlags.NONE, check)
           for sender, interface, member, path in subscriptions]
    check()  # what changed between the first look and the subscriptions
    if not result[0]:
        GLib.timeout_add(int(timeout * 1000), loop.quit)
        loop.run()
    for i in ids:
        bus.signal_unsubscribe(i)
    return result[0]


def command_items(bus, arguments):
    state = {}

    def done():
        state["owner"], state["ids"] = registered(bus)
        return arguments.count is None or len(state["ids"]) == arguments.count

    subscriptions = [
        (None, WATCHER, "StatusNotifierItemRegistered", WATCHER_PATH),
        (None, WATCHER, "StatusNotifierItemUnregistered", WATCHER_PATH),
        ("org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus"),
    ]
    ok = wait_on_signals(bus, subscriptions, done, arguments.timeout)
    print(json.dumps(items_json(state["owner"], state["ids"])))
    if not ok:
        fail(f"{len(state['ids'])} items registered, not {arguments.count}, after {arguments.timeout} s")


def pick_item(bus, item_id):
    if item_id:
        return split_id(item_id)
    owner, ids = registered(bus)
    if owner is None:
        fail(f"no {WATCHER} on the bus: start one with scripts/tray_host.py start")
    if len(ids) != 1:
        fail(f"{len(ids)} items registered ({', '.join(ids) or 'none'}): name one with --item")
    return split_id(ids[0])


def plain(value):
    """A GLib variant's value in JSON's terms; pixmaps (a(iiay)) as their sizes."""
    if isinstance(value, GLib.Variant):
        if value.get_type_string() == "a(iiay)":
            return [{"width": w, "height": h, "bytes": len(data)} for w, h, data in value.unpack()]
        if value.get_type_string() == "ay":
            return {"bytes": len(value.unpack())}
        return plain(value.unpack())
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, bytes):
        return {"bytes": len(value)}
    return value


def item_properties(bus, service, path):
    reply = call(bus, service, path, "org.freedesktop.DBus.Properties", "GetAll",
                 GLib.Variant("(s)", (ITEM_INTERFACE,)), "(a{sv})")
    # GetAll's a{sv} unpacked would lose the pixmaps' types: walk the dictionary's variants.
    found = {}
    dictionary = reply.get_child_value(0)
    for i in range(dictionary.n_children()):
        entry = dictionary.get_child_value(i)
        found[entry.get_child_value(0).get_string()] = entry.get_child_value(1).get_variant()
    properties = {name: None for name in ITEM_PROPERTIES}
    for name, variant in found.items():
        properties[name] = plain(variant)
    if isinstance(properties.get("ToolTip"), list) and len(properties["ToolTip"]) == 4:
        icon, pixmaps, title, text = properties["ToolTip"]
        properties["ToolTip"] = {"icon": icon, "pixmaps": pixmaps, "title": title, "text": text}
    return properties


def command_item(bus, arguments):
    service, path = pick_item(bus, arguments.item)
    state = {}
    name, _, wanted = (arguments.until or "").partition("=")

    def done():
        state["properties"] = item_properties(bus, service, path)
        value = state["properties"].get(name)
        return not arguments.until or (value if isinstance(value, str) else json.dumps(value)) == wanted

    subscriptions = [(service, ITEM_INTERFACE, None, path),
                     (None, "org.freedesktop.DBus.Properties", "PropertiesChanged", path)]
    ok = wait_on_signals(bus, subscriptions, done, arguments.timeout)
    print(json.dumps({"id": f"{service}{path}", "service": service, "path": path, "properties": state["properties"]}))
    if not ok:
        fail(f"{name} is {state['properties'].get(name)!r}, not {wanted!r}, after {arguments.timeout} s")


def menu_of(bus, service, path):
    menu = item_properties(bus, service, path).get("Menu")
    if not menu or menu == "/":
        fail(f"the item {service}{path} has no Menu")
    return menu


def layout_json(node):
    """(ia{sv}av) as dbusmenu sends it, with the specification's defaults filled in."""
    item_id, properties, children = node
    properties = {k: plain(v) for k, v in properties.items()}
    return {
        "id": item_id,
        "label": properties.get("label", ""),
        "enabled": properties.get("enabled", True),
        "visible": properties.get("visible", True),
        "type": properties.get("type", "standard"),
        "children-display": properties.get("children-display", ""),
        "properties": properties,
        "children": [layout_json(child) for child in children],
    }


def get_layout(bus, service, menu):
    reply = call(bus, service, menu, MENU_INTERFACE, "GetLayout", GLib.Variant("(iias)", (0, -1, [])),
                 "(u(ia{sv}av))")
    revision, root = reply.unpack()
    return {"revision": revision, "layout": layout_json(root)}


def command_menu(bus, arguments):
    service, path = pick_item(bus, arguments.item)
    print(json.dumps(get_layout(bus, service, menu_of(bus, service, path))))


def find(node, wanted, ancestors=()):
    """(entry, [ids of the menus above it, root first]) for the first entry that wanted() accepts."""
    if wanted(node):
        return node, list(ancestors)
    for child in node["children"]:
        found = find(child, wanted, ancestors + (node["id"],))
        if found:
            return found
    return None


def command_click(bus, arguments):
    service, path = pick_item(bus, arguments.item)
    menu = menu_of(bus, service, path)
    layout = get_layout(bus, service, menu)["layout"]
    if arguments.id is not None:
        found = find(layout, lambda node: node["id"] == arguments.id)
        # A host may hold an id the menu no longer has (a stale menu): it is sent all the same.
        entry, above = found if found else ({"id": arguments.id, "label": None}, [0])
    else:
        found = find(layout, lambda node: node["label"] == arguments.label and node["id"] != 0)
        if not found:
            fail(f"no menu entry is labelled {arguments.label!r}")
        entry, above = found
    if entry.get("enabled") is False and not arguments.even_if_disabled:
        fail(f"the entry {entry['id']} ({entry['label']!r}) is disabled: a host sends no click for it "
             "(--even-if-disabled sends one all the same)")
    updated = []
    for menu_id in above:
        needs_update = call(bus, service, menu, MENU_INTERFACE, "AboutToShow",
                            GLib.Variant("(i)", (menu_id,)), "(b)").unpack()[0]
        updated.append({"id": menu_id, "needs_update": needs_update})
    timestamp = int(time.monotonic() * 1000) & 0xFFFFFFFF
    call(bus, service, menu, MENU_INTERFACE, "Event",
         GLib.Variant("(isvu)", (entry["id"], "clicked", GLib.Variant("i", 0), timestamp)))
    print(json.dumps({"id": entry["id"], "label": entry["label"], "about_to_show": updated, "timestamp": timestamp}))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    items = commands.add_parser("items", help="the registered items")
    items.add_argument("--count", type=int, help="wait until exactly this many are registered")
    items.add_argument("--timeout", type=float, default=10.0, help="seconds to wait (10)")
    item = commands.add_parser("item", help="an item's properties")
    item.add_argument("--item", help="SERVICE/PATH as the watcher lists it")
    item.add_argument("--until", help="NAME=VALUE: wait until the property has this value")
    item.add_argument("--timeout", type=float, default=10.0, help="seconds to wait (10)")
    menu = commands.add_parser("menu", help="an item's menu layout")
    menu.add_argument("--item")
    click = commands.add_parser("click", help="click a menu entry as a host does")
    click.add_argument("--item")
    which = click.add_mutually_exclusive_group(required=True)
    which.add_argument("--id", type=int)
    which.add_argument("--label", help="the entry's label exactly as sent (mnemonic underscores included)")
    click.add_argument("--even-if-disabled", action="store_true", help="click a disabled entry, as no host would")
    arguments = parser.parse_args()
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    {"items": command_items, "item": command_item, "menu": command_menu, "click": command_click}[arguments.command](
        bus, arguments
    )


if __name__ == "__main__":
    main()
