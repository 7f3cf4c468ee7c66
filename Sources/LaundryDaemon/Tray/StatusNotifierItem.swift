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
/// Its properties and methods on the bus: `StatusNotifierItem+Bus.swift`.
final class StatusNotifierItem: TrayItem {
    static let watcherName = "org.kde.StatusNotifierWatcher"
    static let watcherPath = "/StatusNotifierWatcher"
    static let itemPath = "/StatusNotifierItem"
    static let interface = "org.kde.StatusNotifierItem"
    /// A watcher that does not answer the registration in this long is asked again this long later (a shell busy at
    /// login): the item is up within seconds of it answering.
    static let answerMilliseconds: Int32 = 5000

    var onPress: ((UUID, ButtonKey) -> Void)? {
        get { menu.onPress }
        set { menu.onPress = newValue }
    }
    private(set) var status = DaemonStatus.Tray(state: .noWatcher)
    var isShown: Bool { registration != 0 && registered }
    /// What the watcher coming, going or answering changes runs through this, as an event of the daemon's loop (its
    /// deadlines re-armed and `daemon.json` written after); directly until the loop runs.
    var handle: (@escaping () -> Void) -> Void = { $0() }
    /// The item went up in a panel: the view shown should be the present's, not the last event's.
    var onShown: (() -> Void)?

    let connection: OpaquePointer
    let menu: TrayMenu
    var view: TrayView?
    private let logger: Logger
    /// The item's bus name, as the specification names one: `org.kde.StatusNotifierItem-<pid>-<n>`.
    private let busName = "org.kde.StatusNotifierItem-\(getpid())-1"
    private var watch: guint = 0
    private var registration: guint = 0
    private var registered = false
    private var ownership: guint = 0
    /// The one timeout waiting: the registration asked again, or what changed while a host set up said again.
    private var pending: guint = 0
    /// Each putting up of the item: an answer for an earlier one is not this one's.
    private var generation = 0
    private var watcherProgram: String?

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

    /// Nothing on the bus, and no watcher followed (`"tray": false`, or the daemon stopping).
    func stop() {
        if watch != 0 { g_bus_unwatch_name(watch) }
        watch = 0
        takeDown()
        status = DaemonStatus.Tray(state: .noWatcher)
    }

    func show(_ view: TrayView?) {
        let old = self.view
        self.view = view
        guard let view else { return stop() }
        start()
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

    private static func item(_ context: gpointer?) -> StatusNotifierItem {
        Unmanaged<StatusNotifierItem>.fromOpaque(context!).takeUnretainedValue()
    }

    private static let appeared: GBusNameAppearedCallback = { _, _, owner, context in
        let item = item(context)
        let owner = owner.map { String(cString: $0) }
        item.handle {
            item.watcherProgram = owner
            item.putUp()
            if let owner { item.askProgramName(of: owner) }
        }
    }

    private static let vanished: GBusNameVanishedCallback = { _, _, context in
        let item = item(context)
        item.handle {
            // Called once at the start when no watcher is there: nothing was up, nothing to say.
            guard item.registration != 0 || item.status.state != .noWatcher else { return }
            item.logger.info(
                "tray: the panel's watcher left; the icon waits for the next one",
                metadata: ["surface": "tray", "event": "watcherGone"])
            item.takeDown()
            item.status = DaemonStatus.Tray(state: .noWatcher)
        }
    }

    /// The watcher's program (`waybar`, `gnome-shell`) for `daemon status`, asked of the bus without waiting for it.
    private func askProgramName(of owner: String) {
        g_dbus_connection_call(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
            "GetConnectionUnixProcessID", g_variant_new_tuple([g_variant_new_string(owner)], 1), nil,
            G_DBUS_CALL_FLAGS_NONE, DBusCall.timeoutMilliseconds, nil, Self.programNamed,
            Unmanaged.passRetained(Answer(self, generation: generation)).toOpaque())
    }

    private static let programNamed: GAsyncReadyCallback = { source, result, context in
        let answer = Unmanaged<Answer>.fromOpaque(context!).takeRetainedValue()
        let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, nil)
        guard let reply else { return }
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        let pid = g_variant_get_uint32(value)
        guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
            let name = comm.split(separator: "\n").first
        else { return }
        let item = answer.item
        item.handle {
            guard answer.generation == item.generation else { return }
            item.watcherProgram = String(name)
            if item.status.state == .shown { item.status.watcher = String(name) }
        }
    }

    /// One call's answer, for the item as it was put up then.
    private final class Answer {
        let item: StatusNotifierItem
        let generation: Int
        init(_ item: StatusNotifierItem, generation: Int) {
            self.item = item
            self.generation = generation
        }
    }

    /// Exports the item and its menu, takes the item's name, and registers it with the watcher.
    private func putUp() {
        takeDown()
        generation += 1
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
        menu.export()
        if let view { menu.show(view.sections) }
        ownership = g_bus_own_name_on_connection(
            connection, busName, G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE, nil, nil, nil, nil)
        register()
    }

    private func register() {
        pending = 0
        g_dbus_connection_call(
            connection, Self.watcherName, Self.watcherPath, Self.watcherName, "RegisterStatusNotifierItem",
            g_variant_new_tuple([g_variant_new_string(busName)], 1), nil, G_DBUS_CALL_FLAGS_NONE,
            Self.answerMilliseconds, nil, Self.answered,
            Unmanaged.passRetained(Answer(self, generation: generation))
                .toOpaque())
    }

    private static let answered: GAsyncReadyCallback = { source, result, context in
        let answer = Unmanaged<Answer>.fromOpaque(context!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
        if let reply { g_variant_unref(reply) }
        let failure = error.map { DBusCall.Failure($0) }
        if let error { g_error_free(error) }
        let item = answer.item
        item.handle {
            // An answer for an item taken down or put up again since says nothing of this one.
            guard answer.generation == item.generation, item.registration != 0 else { return }
            guard let failure else { return item.shown() }
            if failure.isNoAnswer { return item.askAgain() }
            item.refused(failure.message)
        }
    }

    private func shown() {
        registered = true
        status = DaemonStatus.Tray(state: .shown, watcher: watcherProgram)
        logger.info(
            "tray: the icon is in the panel (\(watcherProgram ?? "?") watches)",
            metadata: ["surface": "tray", "event": "registered", "watcher": "\(watcherProgram ?? "")"])
        onShown?()
        // A host reads the properties when the item registers, then listens: what changed in between (GNOME's
        // AppIndicator took a second here) is said once more a second later, or it would show the old until the next.
        let again: GSourceFunc = { context in
            let item = StatusNotifierItem.item(context)
            item.handle { item.announceAll() }
            return 0
        }
        pending = g_timeout_add_full(G_PRIORITY_DEFAULT, 1000, again, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func announceAll() {
        pending = 0
        guard isShown, let view else { return }
        emit("NewStatus", [g_variant_new_string(view.status.rawValue)])
        emit("NewToolTip", [])
        emit("XAyatanaNewLabel", [g_variant_new_string(view.label), g_variant_new_string(view.labelGuide)])
    }

    /// The watcher did not answer in time: asked again, the item staying up meanwhile.
    private func askAgain() {
        logger.debug(
            "tray: the panel's watcher did not answer within \(Self.answerMilliseconds / 1000) s; asking again",
            metadata: ["surface": "tray", "event": "noAnswer"])
        let again: GSourceFunc = { context in
            StatusNotifierItem.item(context).handle { StatusNotifierItem.item(context).register() }
            return 0
        }
        pending = g_timeout_add_full(
            G_PRIORITY_DEFAULT, UInt32(Self.answerMilliseconds), again, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func refused(_ reason: String) {
        takeDown()
        status = DaemonStatus.Tray(state: .refused, watcher: watcherProgram, problem: reason)
        logger.warning(
            "tray: the panel's watcher did not take the icon (\(reason)); it is tried again when a watcher appears",
            metadata: ["surface": "tray", "event": "refused", "reason": "\(reason)"])
    }

    private func takeDown() {
        generation += 1
        registered = false
        if pending != 0 { g_source_remove(pending) }
        pending = 0
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
}
