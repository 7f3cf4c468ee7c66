import CLibNotify
import FoundationEssentials

/// The questions asked of the session bus about `org.freedesktop.Notifications`, each with a
/// short timeout: the daemon must never sit blocked for D-Bus's default 25 seconds.
enum NotificationBus {
    static let serverName = "org.freedesktop.Notifications"
    private static let serverPath = "/org/freedesktop/Notifications"
    /// Long enough for a server the bus starts on demand (dunst's activation took 0.1–0.3 s here).
    private static let timeoutMilliseconds: Int32 = 3000

    /// True when the name has an owner, or the bus can start one for it: asked before the server
    /// itself, so that with nobody there no call waits for an answer that cannot come.
    static func serverReachable(on connection: OpaquePointer) -> Bool {
        if case .success(let owned) = call(connection, daemon: "NameHasOwner", argument: serverName, reply: "(b)") {
            defer { g_variant_unref(owned) }
            if let value = g_variant_get_child_value(owned, 0) {
                defer { g_variant_unref(value) }
                if g_variant_get_boolean(value) != 0 { return true }
            }
        }
        guard case .success(let reply) = call(connection, daemon: "ListActivatableNames", argument: nil, reply: "(as)")
        else {
            return false
        }
        defer { g_variant_unref(reply) }
        guard let names = g_variant_get_child_value(reply, 0) else { return false }
        defer { g_variant_unref(names) }
        for index in 0..<g_variant_n_children(names) {
            guard let name = g_variant_get_child_value(names, index) else { continue }
            defer { g_variant_unref(name) }
            if String(cString: g_variant_get_string(name, nil)) == serverName { return true }
        }
        return false
    }

    /// The unique name (`:1.42`) that owns `org.freedesktop.Notifications` now, if any: the server
    /// whose notification ids mean something.
    static func owner(on connection: OpaquePointer) -> String? {
        guard case .success(let reply) = call(connection, daemon: "GetNameOwner", argument: serverName, reply: "(s)")
        else {
            return nil
        }
        defer { g_variant_unref(reply) }
        return string(reply, 0)
    }

    /// Who the server at `destination` is and what it can do, or why that could not be asked.
    static func serverInfo(on connection: OpaquePointer, at destination: String) -> Result<ServerInfo, Problem> {
        let information: OpaquePointer
        switch call(connection, destination, serverPath, serverName, "GetServerInformation", nil, reply: "(ssss)") {
        case .failure(let problem): return .failure(problem)
        case .success(let reply): information = reply
        }
        defer { g_variant_unref(information) }
        var capabilities: [String] = []
        if case .success(let reply) = call(
            connection, destination, serverPath, serverName, "GetCapabilities", nil, reply: "(as)")
        {
            defer { g_variant_unref(reply) }
            if let list = g_variant_get_child_value(reply, 0) {
                defer { g_variant_unref(list) }
                for index in 0..<g_variant_n_children(list) {
                    guard let item = g_variant_get_child_value(list, index) else { continue }
                    capabilities.append(String(cString: g_variant_get_string(item, nil)))
                    g_variant_unref(item)
                }
            }
        }
        return .success(
            ServerInfo(
                name: string(information, 0), vendor: string(information, 1), version: string(information, 2),
                specVersion: string(information, 3), capabilities: capabilities))
    }

    /// Why the server could not take a call, in words for the log.
    struct Problem: Error, Equatable {
        let reason: String

        init(_ reason: String) { self.reason = reason }

        init(_ error: UnsafeMutablePointer<GError>) {
            let remote = g_dbus_error_get_remote_error(error).map { name in
                defer { g_free(name) }
                return String(cString: name)
            }
            _ = g_dbus_error_strip_remote_error(error)
            let message = String(cString: error.pointee.message)
            let prefix = "org.freedesktop.DBus.Error."
            switch remote {
            case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
                reason = "no notification server on the session bus"
            case let name? where name.hasPrefix(prefix + "Spawn."):
                let error = name.dropFirst(prefix.count)
                reason = "the session bus could not start a notification server (\(error): \(message))"
            case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout",
                "org.freedesktop.DBus.Error.TimedOut":
                reason = "the notification server did not answer"
            case let name?:
                reason = "the notification server refused it (\(name): \(message))"
            case nil:
                reason = "the session bus failed (\(message))"
            }
        }
    }

    private static func call(
        _ connection: OpaquePointer, daemon method: String, argument: String?, reply: String
    ) -> Result<OpaquePointer, Problem> {
        var parameters: OpaquePointer?
        if let argument {
            var children: [OpaquePointer?] = [g_variant_new_string(argument)]
            parameters = g_variant_new_tuple(&children, 1)
        }
        return call(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method, parameters,
            reply: reply)
    }

    private static func call(
        _ connection: OpaquePointer, _ destination: String, _ path: String, _ interface: String, _ method: String,
        _ parameters: OpaquePointer?, reply replyType: String
    ) -> Result<OpaquePointer, Problem> {
        // A reply of another shape is an error here, never a crash when it is read.
        let type = g_variant_type_new(replyType)
        defer { g_variant_type_free(type) }
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, destination, path, interface, method, parameters, type, G_DBUS_CALL_FLAGS_NONE,
            timeoutMilliseconds, nil, &error)
        if let reply {
            if let error { g_error_free(error) }
            return .success(reply)
        }
        defer { if let error { g_error_free(error) } }
        return .failure(error.map(Problem.init) ?? Problem("the session bus gave no answer"))
    }

    private static func string(_ tuple: OpaquePointer, _ index: Int) -> String {
        guard index < g_variant_n_children(tuple), let child = g_variant_get_child_value(tuple, gsize(index)) else {
            return ""
        }
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }
}
