import CGLib
import FoundationEssentials

/// Synchronous D-Bus calls with a short timeout: the daemon must never block for D-Bus's default 25 seconds.
enum DBusCall {
    /// Long enough for a service the bus starts on demand (dunst's activation took 0.1–0.3 s here).
    static let timeoutMilliseconds: Int32 = 3000

    /// The session bus (a reference the caller gives back with `g_object_unref`); nil without one.
    static func sessionBus() -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
        if let error { g_error_free(error) }
        return bus
    }

    /// `body`'s answer on the session bus; nil without one.
    static func onSessionBus<T>(_ body: (OpaquePointer) -> T) -> T? {
        guard let bus = sessionBus() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        return body(bus)
    }

    /// Why a call failed: the D-Bus error's name (nil for a local failure) and its message.
    struct Failure: Error, Equatable {
        let name: String?
        let message: String
        /// GIO gave up waiting for the reply (a local error, with no D-Bus name).
        var timedOut = false

        init(name: String?, message: String) {
            self.name = name
            self.message = message
        }

        init(_ error: UnsafeMutablePointer<GError>) {
            timedOut =
                error.pointee.domain == g_io_error_quark() && error.pointee.code == G_IO_ERROR_TIMED_OUT.rawValue
            name = g_dbus_error_get_remote_error(error).map { remote in
                defer { g_free(remote) }
                return String(cString: remote)
            }
            _ = g_dbus_error_strip_remote_error(error)
            message = String(cString: error.pointee.message)
        }

        /// `ServiceUnknown`, `Spawn.ChildSignaled`: the name without `org.freedesktop.DBus.Error.`.
        var shortName: String? {
            let prefix = "org.freedesktop.DBus.Error."
            return name.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
        }

        /// Nobody owns the name and the bus has nothing to start for it.
        var isNobodyThere: Bool { ["ServiceUnknown", "NameHasNoOwner"].contains(shortName ?? "") }

        var isNoAnswer: Bool { timedOut || ["NoReply", "Timeout", "TimedOut"].contains(shortName ?? "") }

        /// The bus refused to pass the call on (too many of ours in flight): it never reached the server, still there.
        var isRefusedByTheBus: Bool { shortName == "LimitsExceeded" }
    }

    /// Calls `method`; a reply (to be unreffed) not of `reply`'s type fails here rather than crashing when read.
    static func sync(
        _ connection: OpaquePointer, _ destination: String, _ path: String, _ interface: String, _ method: String,
        _ parameters: OpaquePointer? = nil, reply replyType: String, timeout: Int32 = timeoutMilliseconds
    ) -> Result<OpaquePointer, Failure> {
        let type = g_variant_type_new(replyType)
        defer { g_variant_type_free(type) }
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, destination, path, interface, method, parameters, type, G_DBUS_CALL_FLAGS_NONE,
            timeout, nil, &error)
        if let reply {
            if let error { g_error_free(error) }
            return .success(reply)
        }
        defer { if let error { g_error_free(error) } }
        return .failure(error.map(Failure.init) ?? Failure(name: nil, message: "no answer"))
    }

    static func bus(_ connection: OpaquePointer, _ method: String, _ argument: String?, reply: String) -> Result<
        OpaquePointer, Failure
    > {
        var parameters: OpaquePointer?
        if let argument {
            var children: [OpaquePointer?] = [g_variant_new_string(argument)]
            parameters = g_variant_new_tuple(&children, 1)
        }
        return sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method, parameters,
            reply: reply)
    }

    /// `name` has an owner, or the bus can start one: asked first, so with nobody there no call waits in vain.
    static func reachable(_ name: String, on connection: OpaquePointer) -> Bool {
        if case .success(let owned) = bus(connection, "NameHasOwner", name, reply: "(b)") {
            defer { g_variant_unref(owned) }
            if boolean(owned, 0) { return true }
        }
        guard case .success(let reply) = bus(connection, "ListActivatableNames", nil, reply: "(as)") else {
            return false
        }
        defer { g_variant_unref(reply) }
        return strings(reply, 0).contains(name)
    }

    /// The unique name (`:1.42`) that owns `name` now, if any.
    static func owner(of name: String, on connection: OpaquePointer) -> String? {
        guard case .success(let reply) = bus(connection, "GetNameOwner", name, reply: "(s)") else { return nil }
        defer { g_variant_unref(reply) }
        return string(reply, 0)
    }

    /// One `{sv}` entry of a dictionary argument (a notification's hints, a portal's options).
    static func entry(_ key: String, _ value: OpaquePointer?) -> OpaquePointer? {
        g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value))
    }

    // Readers of a reply already checked to be of the expected type.

    static func string(_ tuple: OpaquePointer, _ index: Int) -> String {
        guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return "" }
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }

    static func strings(_ tuple: OpaquePointer, _ index: Int) -> [String] {
        guard let list = g_variant_get_child_value(tuple, gsize(index)) else { return [] }
        defer { g_variant_unref(list) }
        return (0..<g_variant_n_children(list)).compactMap { position in
            guard let item = g_variant_get_child_value(list, position) else { return nil }
            defer { g_variant_unref(item) }
            return String(cString: g_variant_get_string(item, nil))
        }
    }

    static func boolean(_ tuple: OpaquePointer, _ index: Int) -> Bool {
        guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return false }
        defer { g_variant_unref(child) }
        return g_variant_get_boolean(child) != 0
    }

    static func uint32(_ tuple: OpaquePointer, _ index: Int) -> UInt32 {
        guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return 0 }
        defer { g_variant_unref(child) }
        return g_variant_get_uint32(child)
    }

    /// The `type` value under any nesting of variants in the reply's first child (to be unreffed); nil if another.
    static func innermost(_ reply: OpaquePointer, of type: String) -> OpaquePointer? {
        var current = g_variant_get_child_value(reply, 0)
        for _ in 0..<4 {
            guard let inner = current else { return nil }
            let found = self.type(of: inner)
            if found == type { return inner }
            guard found == "v" else {
                g_variant_unref(inner)
                return nil
            }
            current = g_variant_get_child_value(inner, 0)
            g_variant_unref(inner)
        }
        if let current { g_variant_unref(current) }
        return nil
    }

    /// The type of a value, `(us)` for a signal's parameters, say.
    static func type(of value: OpaquePointer) -> String { String(cString: g_variant_get_type_string(value)) }
}
