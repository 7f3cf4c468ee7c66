import CMosquitto
import FoundationEssentials
import LaundryCore

/// What the broker connection reports, in the order it happened.
public enum BrokerEvent: Equatable, Sendable {
    case connected
    /// Connecting did not work (the broker refused the login, or was not there); tried again.
    case failed(String)
    case disconnected(String)
    case message(topic: String, payload: [UInt8], retained: Bool)
}

/// Publishes and subscribes; the one door the Home Assistant bridge has to a broker, so tests can
/// stand in a recorder.
public protocol BrokerLink: AnyObject {
    func publish(_ topic: String, _ payload: [UInt8], retained: Bool)
    /// `retainAsPublished`: a message someone left retained shows as retained even when it arrives
    /// live (for presses, which must never come from a retained message).
    func subscribe(_ pattern: String, retainAsPublished: Bool)
}

/// A libmosquitto client on its own thread: never blocks the daemon's loop, which reads `fd` and
/// takes the events with `drain`.
public final class MQTTConnection: BrokerLink {
    private let client: OpaquePointer
    public let fd: Int32

    /// Why the connection cannot even be made (libmosquitto missing, a file unreadable).
    public struct SetupError: Error, CustomStringConvertible {
        public let description: String
    }

    public struct Login {
        public var username: String?
        public var password: String?
        public init(username: String?, password: String?) {
            self.username = username
            self.password = password
        }
    }

    public init(
        settings: BrokerSettings, clientID: String, login: Login, will: (topic: String, payload: String)
    ) throws {
        if let missing = laundry_mqtt_load() {
            throw SetupError(
                description: "libmosquitto is not installed (\(String(cString: missing))); install libmosquitto1")
        }
        guard let client = laundry_mqtt_new(clientID) else {
            throw SetupError(description: "libmosquitto could not make a client")
        }
        self.client = client
        fd = laundry_mqtt_event_fd(client)
        if login.username != nil || login.password != nil {
            laundry_mqtt_login(client, login.username, login.password)
        }
        if settings.usesTLS {
            let caPath = settings.caFile == nil ? "/etc/ssl/certs" : nil
            let rc = laundry_mqtt_tls(client, settings.caFile, caPath, settings.certFile, settings.keyFile)
            guard rc == 0 else {
                laundry_mqtt_stop(client)
                throw SetupError(
                    description: "the TLS files could not be used (caFile, certFile, keyFile): error \(rc)")
            }
        }
        laundry_mqtt_will(client, will.topic, will.payload, true)
        guard laundry_mqtt_start(client, settings.host, Int32(settings.port), 30) == 0 else {
            laundry_mqtt_stop(client)
            throw SetupError(description: "the connection thread could not start")
        }
    }

    public func publish(_ topic: String, _ payload: [UInt8], retained: Bool) {
        payload.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    _ = laundry_mqtt_publish(client, topic, $0, Int32(bytes.count), retained)
                }
            } ?? { _ = laundry_mqtt_publish(client, topic, "", 0, retained) }()
        }
    }

    public func subscribe(_ pattern: String, retainAsPublished: Bool) {
        laundry_mqtt_subscribe(client, pattern, retainAsPublished)
    }

    /// Every event that arrived since the last call.
    public func drain() -> [BrokerEvent] {
        var events: [BrokerEvent] = []
        while let event = laundry_mqtt_next(client) {
            defer { laundry_mqtt_event_free(event) }
            let item = event.pointee
            let payload: [UInt8] =
                item.payload.map { base in
                    base.withMemoryRebound(to: UInt8.self, capacity: Int(item.payload_length)) {
                        Array(UnsafeBufferPointer(start: $0, count: Int(item.payload_length)))
                    }
                } ?? []
            let words = String(decoding: payload, as: UTF8.self)
            switch item.kind {
            case LAUNDRY_MQTT_CONNECTED: events.append(.connected)
            case LAUNDRY_MQTT_REFUSED: events.append(.failed("the broker refused the connection: \(words)"))
            case LAUNDRY_MQTT_FAILED: events.append(.failed(words))
            case LAUNDRY_MQTT_DISCONNECTED: events.append(.disconnected(words))
            case LAUNDRY_MQTT_MESSAGE:
                events.append(
                    .message(
                        topic: item.topic.map { String(cString: $0) } ?? "", payload: payload, retained: item.retained))
            default: continue
            }
        }
        return events
    }

    /// Says goodbye cleanly: the broker then keeps the Last Will to itself, so the bridge publishes
    /// "offline" first.
    public func stop() { laundry_mqtt_stop(client) }
}
