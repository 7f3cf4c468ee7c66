import CGLib
import FoundationEssentials
import LaundryControl

/// What the daemon asks `org.freedesktop.Notifications`, and how a failed call to it reads in the log.
enum NotificationBus {
    static let serverName = "org.freedesktop.Notifications"
    static let serverPath = "/org/freedesktop/Notifications"

    /// Who the server at `destination` is and what it can do, or why that could not be asked.
    static func serverInfo(on connection: OpaquePointer, at destination: String) -> Result<ServerInfo, DBusCall.Failure>
    {
        let information: OpaquePointer
        switch DBusCall.sync(
            connection, destination, serverPath, serverName, "GetServerInformation", reply: "(ssss)")
        {
        case .failure(let failure): return .failure(failure)
        case .success(let reply): information = reply
        }
        defer { g_variant_unref(information) }
        var capabilities: [String] = []
        if case .success(let reply) = DBusCall.sync(
            connection, destination, serverPath, serverName, "GetCapabilities", reply: "(as)")
        {
            capabilities = DBusCall.strings(reply, 0)
            g_variant_unref(reply)
        }
        return .success(
            ServerInfo(
                name: DBusCall.string(information, 0), vendor: DBusCall.string(information, 1),
                version: DBusCall.string(information, 2), specVersion: DBusCall.string(information, 3),
                capabilities: capabilities))
    }

    static func reason(_ failure: DBusCall.Failure) -> String {
        if failure.isNobodyThere { return "no notification server on the session bus" }
        if failure.isNoAnswer { return "the notification server did not answer" }
        if let name = failure.shortName, name.hasPrefix("Spawn.") {
            return "the session bus could not start a notification server (\(name): \(failure.message))"
        }
        if let name = failure.name { return "the notification server refused it (\(name): \(failure.message))" }
        return "the session bus failed (\(failure.message))"
    }
}
