import CGLib
import FoundationEssentials
@preconcurrency import Glibc
import Logging

/// logind (system bus): a sleep `delay` lock while a load runs, so the daemon can tell the phone before a chosen sleep;
/// `PrepareForSleep` around it. Never `block`: systemd 257+ would refuse the user's suspend (and KDE's lid close).
final class SleepWatch {
    private static let name = "org.freedesktop.login1"
    private static let path = "/org/freedesktop/login1"
    private static let interface = "org.freedesktop.login1.Manager"

    private let logger: Logger
    private var connection: OpaquePointer?
    private var subscription: UInt32 = 0
    /// The delay lock: logind keeps it while this descriptor is open.
    private var lock: Int32 = -1
    private var reason = ""
    /// A reason logind did not take a lock for: asked again only once the reason changes.
    private var refused: String?
    /// Told `true` just before the machine sleeps, `false` just after it wakes.
    var onPrepareForSleep: ((Bool) -> Void)?

    init(logger: Logger) {
        self.logger = logger
        var error: UnsafeMutablePointer<GError>?
        connection = g_bus_get_sync(G_BUS_TYPE_SYSTEM, nil, &error)
        if let error {
            logger.warning("no system bus, so no warning before a sleep: \(String(cString: error.pointee.message))")
            g_error_free(error)
        }
        guard let connection else { return }
        subscription = g_dbus_connection_signal_subscribe(
            connection, Self.name, Self.interface, "PrepareForSleep", Self.path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            Self.prepareForSleep, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    deinit {
        hold(nil)
        guard let connection else { return }
        g_dbus_connection_signal_unsubscribe(connection, subscription)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    var isHeld: Bool { lock >= 0 }

    /// Holds the delay lock with this reason (taken again when the reason changes); nil gives it back at once.
    func hold(_ why: String?) {
        guard let why else {
            if lock >= 0 { close(lock) }
            lock = -1
            refused = nil
            return
        }
        guard why != reason || lock < 0, why != refused, let connection else { return }
        guard DBusCall.reachable(Self.name, on: connection) else {
            refused = why
            return
        }
        var children: [OpaquePointer?] = [
            g_variant_new_string("sleep"), g_variant_new_string("laundry"), g_variant_new_string(why),
            g_variant_new_string("delay"),
        ]
        let type = g_variant_type_new("(h)")
        defer { g_variant_type_free(type) }
        var descriptors: UnsafeMutablePointer<GUnixFDList>?
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_with_unix_fd_list_sync(
            connection, Self.name, Self.path, Self.interface, "Inhibit", g_variant_new_tuple(&children, 4), type,
            G_DBUS_CALL_FLAGS_NONE, DBusCall.timeoutMilliseconds, nil, &descriptors, nil, &error)
        defer {
            if let reply { g_variant_unref(reply) }
            if let descriptors { g_object_unref(UnsafeMutableRawPointer(descriptors)) }
        }
        guard let reply, let descriptors, let handle = g_variant_get_child_value(reply, 0) else {
            refused = why
            if let error {
                logger.warning("logind gave no delay lock: \(DBusCall.Failure(error).message)")
                g_error_free(error)
            }
            return
        }
        let index = g_variant_get_handle(handle)
        g_variant_unref(handle)
        // A duplicate of the descriptor: the list closes its own when it goes.
        let fresh = g_unix_fd_list_get(descriptors, index, nil)
        guard fresh >= 0 else { return }
        _ = fcntl(fresh, F_SETFD, FD_CLOEXEC)
        // The new lock first, then the old one closed: never a moment without.
        if lock >= 0 { close(lock) }
        lock = fresh
        reason = why
    }

    private static let prepareForSleep: GDBusSignalCallback = { _, _, _, _, _, parameters, context in
        guard let context, let parameters, DBusCall.type(of: parameters) == "(b)" else { return }
        let watch = Unmanaged<SleepWatch>.fromOpaque(context).takeUnretainedValue()
        watch.onPrepareForSleep?(DBusCall.boolean(parameters, 0))
    }
}
