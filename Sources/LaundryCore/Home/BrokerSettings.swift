/// config.json's `"mqtt"`: the broker the daemon shows the pets on, for Home Assistant (only `url` is required). Read
/// from this machine's config only, never from the shared folder, since it names a password file.
public struct BrokerSettings: Equatable, Sendable {
    public var host: String
    public var port: Int
    /// `mqtts://`: TLS, the broker's certificate and name checked.
    public var usesTLS: Bool
    public var username: String?
    public var passwordFile: String?
    public var caFile: String?
    public var certFile: String?
    public var keyFile: String?
    public var discoveryPrefix = "homeassistant"
    public var topicPrefix = "laundry"

    public init(host: String, port: Int, usesTLS: Bool) {
        self.host = host
        self.port = port
        self.usesTLS = usesTLS
    }

    /// `mqtt://host[:port]` or `mqtts://host[:port]`; nil otherwise, a login in the URL too (use `passwordFile`).
    public init?(url: String) {
        let tls: Bool
        let rest: Substring
        if url.hasPrefix("mqtt://") {
            (tls, rest) = (false, url.dropFirst("mqtt://".count))
        } else if url.hasPrefix("mqtts://") {
            (tls, rest) = (true, url.dropFirst("mqtts://".count))
        } else {
            return nil
        }
        var hostPort = rest.hasSuffix("/") ? rest.dropLast() : rest
        guard !hostPort.isEmpty, !hostPort.contains("/"), !hostPort.contains("@") else { return nil }
        var port = tls ? 8883 : 1883
        var host: Substring
        if hostPort.hasPrefix("[") {
            // An IPv6 address: [::1]:1883
            guard let close = hostPort.firstIndex(of: "]") else { return nil }
            host = hostPort[hostPort.index(after: hostPort.startIndex)..<close]
            hostPort = hostPort[hostPort.index(after: close)...]
            if !hostPort.isEmpty {
                guard hostPort.hasPrefix(":"), let number = Int(hostPort.dropFirst()) else { return nil }
                port = number
            }
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = hostPort[..<colon]
            guard let number = Int(hostPort[hostPort.index(after: colon)...]) else { return nil }
            port = number
        } else {
            host = hostPort
        }
        guard !host.isEmpty, (1...65535).contains(port) else { return nil }
        self.init(host: String(host), port: port, usesTLS: tls)
    }

    public var url: String { "\(usesTLS ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    public var sendsPasswordInClear: Bool { passwordFile != nil && !usesTLS }
}

/// The machines a smart plug can watch.
public enum Appliance: String, CaseIterable, Codable, Sendable {
    case washer, dryer

    public func runs(_ kind: LoadKind) -> Bool {
        switch self {
        case .washer: return kind == .wash
        case .dryer: return kind == .dry || kind == .extraDry
        }
    }
}

/// config.json's `"appliances"` entry for one machine: where its plug reports power; "running" and "done" in watts.
public struct ApplianceSettings: Equatable, Sendable {
    public var powerTopic: String
    /// A dotted path into a JSON payload (`ENERGY.Power`, `apower`); nil for a plain number.
    public var powerField: [String]?
    public var runningAboveWatts: Double = 10
    public var doneBelowWatts: Double = 5
    public var doneAfterSeconds: Double = 120
    /// Running with no reading for longer, the plug is not believed: its last reading counts no further, reported once.
    public var staleAfterSeconds: Double = 600
    /// After a plug-ended load, power above `runningAboveWatts` this long is a new load (anti-crease tumbles: < 1 min).
    public var newLoadAfterSeconds: Double = 300

    public init(powerTopic: String) { self.powerTopic = powerTopic }
}
