import CDbusmenu
import CGLib
import FoundationEssentials
import LaundryCore
import LaundryRendering

/// The tray icon's menu over `com.canonical.dbusmenu` (libdbusmenu-glib, no GTK): a section per load, its heading
/// (pet, stage, time left) then its buttons. A minute passing relabels the headings in place; anything else builds the
/// items anew, and libdbusmenu never gives an id twice, so a click on an item from before does nothing.
final class TrayMenu {
    let path: String
    var onPress: ((UUID, ButtonKey) -> Void)?

    private typealias Item = UnsafeMutablePointer<DbusmenuMenuitem>
    private var server: UnsafeMutablePointer<DbusmenuServer>?
    private let root: Item
    private var shown: [TrayView.Section]?
    /// The heading item of each section shown, in order.
    private var headings: [Item] = []
    /// What each button item does, by its id.
    private var buttons: [Int32: (pet: UUID, key: ButtonKey)] = [:]

    init(path: String) {
        self.path = path
        root = dbusmenu_menuitem_new_with_id(0)!
    }

    deinit {
        unexport()
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    /// On the session bus at `path` (libdbusmenu takes the process's shared connection, the item's).
    func export() {
        guard server == nil else { return }
        server = dbusmenu_server_new(path)
        dbusmenu_server_set_root(server, root)
    }

    func unexport() {
        guard let server else { return }
        g_object_unref(UnsafeMutableRawPointer(server))
        self.server = nil
    }

    func show(_ sections: [TrayView.Section]) {
        if let shown, Self.sameItems(shown, sections) {
            for (item, (old, new)) in zip(headings, zip(shown, sections)) where old.heading != new.heading {
                dbusmenu_menuitem_property_set(item, "label", new.heading)
            }
        } else {
            rebuild(sections)
        }
        shown = sections
    }

    private static func sameItems(_ one: [TrayView.Section], _ other: [TrayView.Section]) -> Bool {
        one.count == other.count
            && zip(one, other).allSatisfy { $0.loadID == $1.loadID && $0.buttons == $1.buttons }
    }

    private func rebuild(_ sections: [TrayView.Section]) {
        let children = dbusmenu_menuitem_take_children(root)
        g_list_free_full(children) { g_object_unref($0) }
        headings = []
        buttons = [:]
        if sections.isEmpty {
            let nothing = item(label: TrayView.menuText(Words.text("Nothing in the machines.")), enabled: false)
            dbusmenu_menuitem_child_append(root, nothing)
            g_object_unref(UnsafeMutableRawPointer(nothing))
        }
        for (index, section) in sections.enumerated() {
            if index > 0 {
                let separator = dbusmenu_menuitem_new()!
                dbusmenu_menuitem_property_set(separator, "type", "separator")
                dbusmenu_menuitem_child_append(root, separator)
                g_object_unref(UnsafeMutableRawPointer(separator))
            }
            let heading = item(label: section.heading, enabled: false)
            dbusmenu_menuitem_child_append(root, heading)
            headings.append(heading)
            g_object_unref(UnsafeMutableRawPointer(heading))
            for button in section.buttons {
                let entry = item(label: button.label, enabled: true)
                // Hosts show the label; scripts and tests read what the button does (a vendor property, which
                // hosts ignore).
                dbusmenu_menuitem_property_set(entry, "x-laundry-action", button.key.rawValue)
                buttons[dbusmenu_menuitem_get_id(entry)] = (section.petID, button.key)
                g_signal_connect_data(
                    UnsafeMutableRawPointer(entry), "item-activated",
                    unsafeBitCast(Self.activated, to: GCallback.self), Unmanaged.passUnretained(self).toOpaque(),
                    nil, GConnectFlags(0))
                dbusmenu_menuitem_child_append(root, entry)
                g_object_unref(UnsafeMutableRawPointer(entry))
            }
        }
    }

    private func item(label: String, enabled: Bool) -> Item {
        let item = dbusmenu_menuitem_new()!
        dbusmenu_menuitem_property_set(item, "label", label)
        if !enabled { dbusmenu_menuitem_property_set_bool(item, "enabled", 0) }
        return item
    }

    private static let activated: @convention(c) (Item?, guint, gpointer?) -> Void = { item, _, context in
        guard let item, let context else { return }
        let menu = Unmanaged<TrayMenu>.fromOpaque(context).takeUnretainedValue()
        guard let button = menu.buttons[dbusmenu_menuitem_get_id(item)] else { return }
        menu.onPress?(button.pet, button.key)
    }
}
