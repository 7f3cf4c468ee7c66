import CGLib
import FoundationEssentials
@preconcurrency import Glibc
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// laundry's tray icon: a StatusNotifierItem (`org.kde.StatusNotifierItem`) with its menu (`TrayMenu`), exported only
/// while a panel's watcher (`org.kde.StatusNotifierWatcher`) is on the session bus and registered with it each time
/// one appears (a panel started later, a shell restarted). With no watcher nothing is on the bus and nothing is sent.
final class StatusNotifierItem: TrayItem {
    static let watcherName = "org.kde.StatusNotifierWatcher"
    static let watcherPath = "/StatusNotifierWatcher"
    static let itemPath = "/StatusNotifierItem"
    static let interface = "org.kde.StatusNotifierItem"

    var onPress: ((UUID, ButtonKey) -> Void)? {
        get { menu.onPress }
        set { menu.onPress = newValue }
    }
    private(set) var status = DaemonStatus.Tray(state: "noWatcher") {
        didSet { if status != oldValue { onStatusChanged?() } }
    }
    /// Told when `status` changes, which happens outside the loop's events (the watcher comes, goes or answers).
    var onStatusChanged: (() -> Void)?
    var isShown: Bool { registration != 0 }

    private let connection: OpaquePointer
    private let logger: Logger
    private let menu: TrayMenu
    /// The item's bus name, as the specification names one: `org.kde.StatusNotifierItem-<pid>-<n>`.
    private let busName = "org.kde.StatusNotifierItem-\(getpid())-1"
    private var watch: guint = 0
    private var registration: guint = 0
    private var ownership: guint = 0
    private var view: TrayView?
    private var watcherOwner: String?

    init?(logger: Logger) {
        guard let connection = DBusCall.sessionBus() else { return nil }
        self.connection = connection
        self.logger = logger
        menu = TrayMenu(path: "/MenuBar")
    }

    deinit {
        stop()
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Follows the watcher: the item goes up each time one appears, and down when it goes.
    func start() {
        guard watch == 0 else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        watch = g_bus_watch_name_on_connection(
            connection, Self.watcherName, G_BUS_NAME_WATCHER_FLAGS_NONE, Self.appeared, Self.vanished, context, nil)
    }

    func stop() {
        if watch != 0 { g_bus_unwatch_name(watch) }
        watch = 0
        takeDown()
        status = DaemonStatus.Tray(state: "noWatcher")
    }

    func show(_ view: TrayView?) {
        let old = self.view
        self.view = view
        // `"tray": false`: nothing on the bus, and no watcher followed.
        guard let view else { return stop() }
        if watch == 0 { start() }
        guard isShown else { return }
        menu.show(view.sections)
        guard let old else { return }
        // Only what changed: the minute moving changes the tooltip and the label, not the status.
        if old.status != view.status { emit("NewStatus", [g_variant_new_string(view.status.rawValue)]) }
        if old.tooltipTitle != view.tooltipTitle || old.tooltipBody != view.tooltipBody { emit("NewToolTip", []) }
        if old.label != view.label || old.labelGuide != view.labelGuide {
            emit("XAyatanaNewLabel", [g_variant_new_string(view.label), g_variant_new_string(view.labelGuide)])
        }
    }

    // MARK: - The watcher coming and going

    private static let appeared: GBusNameAppearedCallback = { _, _, owner, context in
        let item = Unmanaged<StatusNotifierItem>.fromOpaque(context!).takeUnretainedValue()
        item.watcherOwner = owner.map { item.programName(of: String(cString: $0)) }
        item.putUp()
    }

    private static let vanished: GBusNameVanishedCallback = { _, _, context in
        let item = Unmanaged<StatusNotifierItem>.fromOpaque(context!).takeUnretainedValue()
        guard item.registration != 0 else { return }
        item.logger.info(
            "tray: the panel's watcher left; the icon waits for the next one",
            metadata: ["surface": "tray", "event": "watcherGone"])
        item.takeDown()
        item.status = DaemonStatus.Tray(state: "noWatcher")
    }

    /// The watcher's program (`waybar`, `gnome-shell`), as `daemon status` names it; its bus name if the bus won't say.
    private func programName(of owner: String) -> String {
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
            "GetConnectionUnixProcessID", g_variant_new_tuple([g_variant_new_string(owner)], 1), nil,
            G_DBUS_CALL_FLAGS_NONE, DBusCall.timeoutMilliseconds, nil, &error)
        if let error { g_error_free(error) }
        guard let reply else { return owner }
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        let pid = g_variant_get_uint32(value)
        guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
            let name = comm.split(separator: "\n").first
        else { return owner }
        return String(name)
    }

    /// Exports the item and its menu, takes the item's name, and registers it with the watcher.
    private func putUp() {
        takeDown()
        var error: UnsafeMutablePointer<GError>?
        registration = g_dbus_connection_register_object(
            connection, Self.itemPath, Self.interfaceInfo, Self.vtable, Unmanaged.passUnretained(self).toOpaque(), nil,
            &error)
        if let error {
            let reason = String(cString: error.pointee.message)
            g_error_free(error)
            registration = 0
            return refused(reason)
        }
        menu.export(on: connection)
        if let view { menu.show(view.sections) }
        ownership = g_bus_own_name_on_connection(
            connection, busName, G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE, nil, nil, nil, nil)
        let call = g_variant_new_tuple([g_variant_new_string(busName)], 1)
        g_dbus_connection_call(
            connection, Self.watcherName, Self.watcherPath, Self.watcherName, "RegisterStatusNotifierItem", call, nil,
            G_DBUS_CALL_FLAGS_NONE, DBusCall.timeoutMilliseconds, nil, Self.registered,
            Unmanaged.passRetained(self).toOpaque())
    }

    private static let registered: GAsyncReadyCallback = { source, result, context in
        let item = Unmanaged<StatusNotifierItem>.fromOpaque(context!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
        if let reply { g_variant_unref(reply) }
        if let error {
            let failure = DBusCall.Failure(error)
            g_error_free(error)
            return item.refused(failure.message)
        }
        guard item.registration != 0 else { return }
        item.status = DaemonStatus.Tray(state: "shown", watcher: item.watcherOwner)
        item.logger.info(
            "tray: the icon is in the panel (\(item.watcherOwner ?? "?") watches)",
            metadata: ["surface": "tray", "event": "registered", "watcher": "\(item.watcherOwner ?? "")"])
    }

    private func refused(_ reason: String) {
        takeDown()
        status = DaemonStatus.Tray(state: "refused", watcher: watcherOwner, problem: reason)
        logger.warning(
            "tray: the panel's watcher did not take the icon (\(reason)); it is tried again when a watcher appears",
            metadata: ["surface": "tray", "event": "refused", "reason": "\(reason)"])
    }

    private func takeDown() {
        if registration != 0 { g_dbus_connection_unregister_object(connection, registration) }
        registration = 0
        if ownership != 0 { g_bus_unown_name(ownership) }
        ownership = 0
        menu.unexport()
    }

    private func emit(_ signal: String, _ values: [OpaquePointer?]) {
        var error: UnsafeMutablePointer<GError>?
        let parameters = values.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        g_dbus_connection_emit_signal(connection, nil, Self.itemPath, Self.interface, signal, parameters, &error)
        if let error { g_error_free(error) }
    }

    // MARK: - The item's properties and methods

    private static let introspection = """
        <node><interface name="org.kde.StatusNotifierItem">
        <property name="Category" type="s" access="read"/><property name="Id" type="s" access="read"/>
        <property name="Title" type="s" access="read"/><property name="Status" type="s" access="read"/>
        <property name="WindowId" type="i" access="read"/><property name="IconName" type="s" access="read"/>
        <property name="IconPixmap" type="a(iiay)" access="read"/>
        <property name="OverlayIconName" type="s" access="read"/>
        <property name="AttentionIconName" type="s" access="read"/>
        <property name="AttentionMovieName" type="s" access="read"/>
        <property name="ToolTip" type="(sa(iiay)ss)" access="read"/>
        <property name="ItemIsMenu" type="b" access="read"/><property name="Menu" type="o" access="read"/>
        <property name="XAyatanaLabel" type="s" access="read"/>
        <property name="XAyatanaLabelGuide" type="s" access="read"/>
        <method name="ContextMenu"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/>
        </method>
        <method name="Activate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
        <method name="SecondaryActivate"><arg name="x" type="i" direction="in"/>
        <arg name="y" type="i" direction="in"/></method>
        <method name="Scroll"><arg name="delta" type="i" direction="in"/>
        <arg name="orientation" type="s" direction="in"/></method>
        <signal name="NewTitle"/><signal name="NewIcon"/><signal name="NewAttentionIcon"/>
        <signal name="NewOverlayIcon"/><signal name="NewToolTip"/>
        <signal name="NewStatus"><arg name="status" type="s"/></signal>
        <signal name="XAyatanaNewLabel"><arg name="label" type="s"/><arg name="guide" type="s"/></signal>
        </interface></node>
        """

    nonisolated(unsafe) private static let interfaceInfo: UnsafeMutablePointer<GDBusInterfaceInfo> = {
        let node = g_dbus_node_info_new_for_xml(introspection, nil)!
        return g_dbus_node_info_lookup_interface(node, interface)!
    }()

    nonisolated(unsafe) private static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        table.initialize(to: GDBusInterfaceVTable())
        table.pointee.method_call = { _, _, _, _, _, _, invocation, _ in
            // The item is a menu (ItemIsMenu): a click opens it, so activating it has nothing more to do.
            g_dbus_method_invocation_return_value(invocation, nil)
        }
        table.pointee.get_property = { _, _, _, _, name, _, context in
            let item = Unmanaged<StatusNotifierItem>.fromOpaque(context!).takeUnretainedValue()
            return item.property(String(cString: name!))
        }
        return table
    }()

    private func property(_ name: String) -> OpaquePointer? {
        let shown = view ?? TrayView.of(running: [], waiting: [], at: Date(), zone: .current)
        switch name {
        case "Category": return g_variant_new_string("ApplicationStatus")
        case "Id": return g_variant_new_string("laundry")
        case "Title": return g_variant_new_string(shown.tooltipTitle)
        case "Status": return g_variant_new_string(shown.status.rawValue)
        case "WindowId": return g_variant_new_int32(0)
        case "IconName": return g_variant_new_string("laundry")
        case "AttentionIconName": return g_variant_new_string("laundry-attention")
        case "OverlayIconName", "AttentionMovieName": return g_variant_new_string("")
        case "IconPixmap": return Self.noPixmaps()
        case "ToolTip":
            let parts = [
                g_variant_new_string("laundry"), Self.noPixmaps(), g_variant_new_string(shown.tooltipTitle),
                g_variant_new_string(shown.tooltipBody),
            ]
            return parts.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        case "ItemIsMenu": return g_variant_new_boolean(1)
        case "Menu": return g_variant_new_object_path(menu.path)
        case "XAyatanaLabel": return g_variant_new_string(shown.label)
        case "XAyatanaLabelGuide": return g_variant_new_string(shown.labelGuide)
        default: return nil
        }
    }

    private static func noPixmaps() -> OpaquePointer? {
        let type = g_variant_type_new("(iiay)")
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, nil, 0)
    }
}
