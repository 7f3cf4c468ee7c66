import CGLib
import FoundationEssentials
import Logging

/// What KDE Plasma's progress list shows of a running load.
public struct JobFace: Equatable, Sendable {
    public var title: String
    public var info: String
    public var percent: Int
    public var suspended: Bool
}

/// Running loads as jobs in a desktop's progress list; pausing or resuming one there comes back.
public protocol JobTracker: AnyObject {
    /// Shows the pet's load as a job, or brings its job up to date.
    func show(_ face: JobFace, for pet: UUID)
    /// The pet's load ended or stopped: its job is finished.
    func finish(_ pet: UUID)
    var onPause: ((UUID) -> Void)? { get set }
    var onResume: ((UUID) -> Void)? { get set }
}

/// Plasma's job view server (`org.kde.JobViewServerV2`, like kjobwidgets): `requestView` per load, `update` (title,
/// line, percent), `terminate`. Plasma fails a job whose requesting connection closes, so all calls share the daemon's
/// session connection. A job server leaving (Plasma restarting) takes its views; loads ask anew at next update.
public final class PlasmaJobTracker: JobTracker {
    public var onPause: ((UUID) -> Void)?
    public var onResume: ((UUID) -> Void)?
    private let logger: Logger
    private var connection: OpaquePointer?
    private struct View {
        let path: String
        let subscription: UInt32
        var face: JobFace
    }
    private var views: [UUID: View] = [:]
    /// Whether a job server is there (running or bus-startable): asked once, then told by `NameOwnerChanged`, so a
    /// desktop without one costs no question per update. nil: unknown, or its owner left (an activatable may restart).
    private var serverThere: Bool?
    /// When the job server last refused a view: asked again a minute later, not at every card's update.
    private var refusedSince: ContinuousClock.Instant?
    private var ownerWatch: UInt32 = 0
    private var petByPath: [String: UUID] = [:]
    static let server = "org.kde.JobViewServer"
    /// Suspendable (0x0002): Plasma offers pause/resume. Not killable: a stray click in the applet would drop a load.
    private static let capabilities: Int32 = 0x0002

    public init(logger: Logger) { self.logger = logger }

    deinit {
        guard let connection else { return }
        for view in views.values { g_dbus_connection_signal_unsubscribe(connection, view.subscription) }
        if ownerWatch != 0 { g_dbus_connection_signal_unsubscribe(connection, ownerWatch) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    public func show(_ face: JobFace, for pet: UUID) {
        if var view = views[pet] {
            guard view.face != face else { return }
            view.face = face
            views[pet] = view
            update(view.path, face)
            return
        }
        if let refusedSince, ContinuousClock.now - refusedSince < .seconds(60) { return }
        guard let bus = connect() else { return }
        if serverThere == nil { serverThere = DBusCall.reachable(Self.server, on: bus) }
        guard serverThere == true else { return }
        guard let path = requestView(on: bus) else {
            refusedSince = ContinuousClock.now
            return
        }
        refusedSince = nil
        let subscription = g_dbus_connection_signal_subscribe(
            bus, Self.server, "org.kde.JobViewV3", nil, path, nil, G_DBUS_SIGNAL_FLAGS_NONE, Self.signalHandler,
            Unmanaged.passUnretained(self).toOpaque(), nil)
        views[pet] = View(path: path, subscription: subscription, face: face)
        petByPath[path] = pet
        update(path, face)
    }

    public func finish(_ pet: UUID) {
        guard let view = views.removeValue(forKey: pet), let connection else { return }
        petByPath[view.path] = nil
        g_dbus_connection_signal_unsubscribe(connection, view.subscription)
        let entryType = g_variant_type_new("{sv}")
        defer { g_variant_type_free(entryType) }
        let hints = g_variant_new_array(entryType, nil, 0)
        var children: [OpaquePointer?] = [g_variant_new_uint32(0), g_variant_new_string(""), hints]
        send(view.path, "terminate", g_variant_new_tuple(&children, 3))
    }

    private func connect() -> OpaquePointer? {
        if let connection { return connection }
        connection = DBusCall.sessionBus()
        if let connection {
            ownerWatch = g_dbus_connection_signal_subscribe(
                connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
                Self.server, G_DBUS_SIGNAL_FLAGS_NONE, Self.ownerChangedHandler,
                Unmanaged.passUnretained(self).toOpaque(),
                nil)
        }
        return connection
    }

    /// The job server left or another took over: its views are gone.
    private func serverChanged(owned: Bool) {
        guard let connection else { return }
        for view in views.values { g_dbus_connection_signal_unsubscribe(connection, view.subscription) }
        views = [:]
        petByPath = [:]
        refusedSince = nil
        serverThere = owned ? true : nil
    }

    private static let ownerChangedHandler: GDBusSignalCallback = { _, _, _, _, _, parameters, context in
        guard let context, let parameters, DBusCall.type(of: parameters) == "(sss)" else { return }
        let owned = !DBusCall.string(parameters, 2).isEmpty
        Unmanaged<PlasmaJobTracker>.fromOpaque(context).takeUnretainedValue().serverChanged(owned: owned)
    }

    /// `requestView(desktopEntry, capabilities, hints) → o`: asked once per load, with a short wait.
    private func requestView(on bus: OpaquePointer) -> String? {
        let entryType = g_variant_type_new("{sv}")
        defer { g_variant_type_free(entryType) }
        // `immediate`: listed at once, not after Plasma's half-second wait for short jobs.
        var hints: [OpaquePointer?] = [DBusCall.entry("immediate", g_variant_new_boolean(1))]
        var children: [OpaquePointer?] = [
            g_variant_new_string("laundry"), g_variant_new_int32(Self.capabilities),
            g_variant_new_array(entryType, &hints, 1),
        ]
        switch DBusCall.sync(
            bus, Self.server, "/JobViewServer", "org.kde.JobViewServerV2", "requestView",
            g_variant_new_tuple(&children, 3), reply: "(o)", timeout: 500)
        {
        case .success(let reply):
            defer { g_variant_unref(reply) }
            return DBusCall.string(reply, 0)
        case .failure(let failure):
            logger.warning("the progress list did not take a load (\(failure.message))")
            return nil
        }
    }

    /// `update(a{sv})`: Plasma reads `title`, `infoMessage`, `percent` and `suspended`.
    private func update(_ path: String, _ face: JobFace) {
        let entryType = g_variant_type_new("{sv}")
        defer { g_variant_type_free(entryType) }
        var properties: [OpaquePointer?] = [
            DBusCall.entry("title", g_variant_new_string(face.title)),
            DBusCall.entry("infoMessage", g_variant_new_string(face.info)),
            DBusCall.entry("percent", g_variant_new_uint32(UInt32(max(0, min(100, face.percent))))),
            DBusCall.entry("suspended", g_variant_new_boolean(face.suspended ? 1 : 0)),
        ]
        var children: [OpaquePointer?] = [g_variant_new_array(entryType, &properties, gsize(properties.count))]
        send(path, "update", g_variant_new_tuple(&children, 1))
    }

    /// Both methods are declared without a reply: nothing waits for one.
    private func send(_ path: String, _ method: String, _ parameters: OpaquePointer?) {
        guard let connection else { return }
        g_dbus_connection_call(
            connection, Self.server, path, "org.kde.JobViewV3", method, parameters, nil,
            G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, nil, nil, nil)
    }

    private static let signalHandler: GDBusSignalCallback = { _, _, path, _, signal, _, context in
        guard let context, let path, let signal else { return }
        let tracker = Unmanaged<PlasmaJobTracker>.fromOpaque(context).takeUnretainedValue()
        guard let pet = tracker.petByPath[String(cString: path)] else { return }
        switch String(cString: signal) {
        case "suspendRequested": tracker.onPause?(pet)
        case "resumeRequested": tracker.onResume?(pet)
        default: break
        }
    }
}
