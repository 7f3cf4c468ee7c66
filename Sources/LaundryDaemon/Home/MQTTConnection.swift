import CGLib
import CMosquitto
import FoundationEssentials
@preconcurrency import Glibc
import LaundryControl
import LaundryCore

/// What the broker connection reports, in the order it happened.
public enum BrokerEvent: Equatable, Sendable {
    case connected
    /// Connecting did not work (the broker refused the login, or was not there); tried again.
    case failed(BrokerProblem)
    case disconnected(BrokerProblem)
    case message(topic: String, payload: [UInt8], retained: Bool)
}

/// The Home Assistant bridge's one door to a broker, so tests can stand in a recorder.
public protocol BrokerLink: AnyObject {
    func publish(_ topic: String, _ payload: [UInt8], retained: Bool)
    /// `retainAsPublished`: a message left retained shows as retained even arriving live (presses must never be one).
    func subscribe(_ pattern: String, retainAsPublished: Bool)
}

/// A libmosquitto client on the GLib loop, its socket used only when ready; only the name lookup holds the loop
/// (`mosquitto_connect_async` resolves on it: instant for numbers or /etc/hosts, slow DNS once per attempt; first
/// address only). Not `mosquitto_loop_start`'s thread, which gives up for good on a name not yet resolving (a laptop at
/// boot) or a failed TLS handshake; this retries (1 s doubling to 60 s). Events: watch `fd` (eventfd), then `drain`.
public final class MQTTConnection: BrokerLink {
    public let fd: Int32
    private let client: OpaquePointer
    private let host: String
    private let port: Int32
    private var events: [BrokerEvent] = []
    private var socketSource: guint = 0
    private var watchingWrites = false
    private var connected = false
    /// A failure of this attempt has been reported already (a refused login, then the lost socket).
    private var attemptReported = false
    private var retryDelay: UInt32 = 1
    private var retrySource: guint = 0
    private var keepAliveSource: guint = 0
    private var stopped = false
    private static let keepAliveSeconds: Int32 = 30

    public struct Login {
        public var username: String?
        public var password: String?
    }

    public init(
        settings: BrokerSettings, clientID: String, login: Login, will: (topic: String, payload: String)
    ) throws(BrokerProblem) {
        mosquitto_lib_init()
        fd = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else { throw .setup(reason: "eventfd: \(SystemErrorText.describe(errno))") }
        host = settings.host
        port = Int32(settings.port)
        // The context is this object, unretained: `stop` destroys the client before it goes.
        guard let client = mosquitto_new(clientID, true, nil) else {
            close(fd)
            throw .setup(reason: "mosquitto_new: \(SystemErrorText.describe(errno))")
        }
        self.client = client
        mosquitto_user_data_set(client, Unmanaged.passUnretained(self).toOpaque())
        // MQTT 5, for "retain as published": a press left retained shows so even arriving live, and is never acted on.
        mosquitto_int_option(client, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5)
        mosquitto_connect_callback_set(client, Self.onConnect)
        mosquitto_disconnect_callback_set(client, Self.onDisconnect)
        mosquitto_message_callback_set(client, Self.onMessage)
        if login.username != nil || login.password != nil {
            mosquitto_username_pw_set(client, login.username, login.password)
        }
        if settings.usesTLS {
            // libmosquitto verifies the server's name unless told otherwise (mosquitto_tls_insecure_set).
            let caPath = settings.caFile == nil ? "/etc/ssl/certs" : nil
            let rc = mosquitto_tls_set(client, settings.caFile, caPath, settings.certFile, settings.keyFile, nil)
            guard rc == MOSQ_ERR_SUCCESS.rawValue else {
                stop()
                throw .tlsFiles(reason: Self.words(rc))
            }
        }
        mosquitto_will_set(client, will.topic, Int32(will.payload.utf8.count), will.payload, 1, true)
        let tick: GSourceFunc = { context in
            Unmanaged<MQTTConnection>.fromOpaque(context!).takeUnretainedValue().keepAlive()
            return 1
        }
        keepAliveSource = g_timeout_add_seconds_full(
            G_PRIORITY_DEFAULT, 1, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
        connect()
    }

    public func publish(_ topic: String, _ payload: [UInt8], retained: Bool) {
        guard !stopped else { return }
        payload.withUnsafeBytes { bytes in
            _ = mosquitto_publish(client, nil, topic, Int32(bytes.count), bytes.baseAddress, 1, retained)
        }
        watchSocket()
    }

    public func subscribe(_ pattern: String, retainAsPublished: Bool) {
        guard !stopped else { return }
        let options = retainAsPublished ? Int32(MQTT_SUB_OPT_RETAIN_AS_PUBLISHED.rawValue) : 0
        mosquitto_subscribe_v5(client, nil, pattern, 1, options, nil)
        watchSocket()
    }

    public func drain() -> [BrokerEvent] {
        var count: UInt64 = 0
        _ = read(fd, &count, MemoryLayout<UInt64>.size)
        defer { events = [] }
        return events
    }

    /// Says goodbye cleanly (no Last Will, the bridge's "offline" first), waiting at most 2 s, then frees the client.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        for source in [socketSource, retrySource, keepAliveSource] where source != 0 { g_source_remove(source) }
        (socketSource, retrySource, keepAliveSource) = (0, 0, 0)
        if connected {
            mosquitto_disconnect(client)
            let socket = mosquitto_socket(client)
            var waits = 0
            while socket >= 0, mosquitto_want_write(client), waits < 20 {
                var ready = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, 100) > 0, mosquitto_loop_write(client, 1) != MOSQ_ERR_SUCCESS.rawValue { break }
                waits += 1
            }
        }
        mosquitto_destroy(client)
        close(fd)
    }

    private func connect() {
        retrySource = 0
        attemptReported = false
        let rc = mosquitto_connect_async(client, host, port, Self.keepAliveSeconds)
        guard rc == MOSQ_ERR_SUCCESS.rawValue else { return lost(rc) }
        watchSocket()
    }

    /// The socket failed or closed: say so once, then try again after a pause.
    private func lost(_ rc: Int32) {
        if socketSource != 0 { g_source_remove(socketSource) }
        socketSource = 0
        if connected {
            connected = false
            push(.disconnected(.unreachable(reason: Self.words(rc))))
        } else if !attemptReported {
            push(.failed(.unreachable(reason: Self.words(rc))))
        }
        guard !stopped, retrySource == 0 else { return }
        let retry: GSourceFunc = { context in
            Unmanaged<MQTTConnection>.fromOpaque(context!).takeUnretainedValue().connect()
            return 0
        }
        retrySource = g_timeout_add_seconds_full(
            G_PRIORITY_DEFAULT, retryDelay, retry, Unmanaged.passUnretained(self).toOpaque(), nil)
        retryDelay = retryDelay >= 32 ? 60 : retryDelay * 2
    }

    /// Watches the socket for reading, and for writing while something waits to be sent.
    private func watchSocket() {
        let socket = mosquitto_socket(client)
        guard !stopped, socket >= 0 else { return }
        let wantsWrite = mosquitto_want_write(client)
        if socketSource != 0, wantsWrite == watchingWrites { return }
        if socketSource != 0 { g_source_remove(socketSource) }
        let ready: GUnixFDSourceFunc = { _, condition, context in
            Unmanaged<MQTTConnection>.fromOpaque(context!).takeUnretainedValue().socketReady(condition)
            return 1
        }
        var condition = G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue
        if wantsWrite { condition |= G_IO_OUT.rawValue }
        watchingWrites = wantsWrite
        socketSource = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, socket, GIOCondition(condition), ready, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func socketReady(_ condition: GIOCondition) {
        var rc = MOSQ_ERR_SUCCESS.rawValue
        if condition.rawValue & G_IO_OUT.rawValue != 0 { rc = mosquitto_loop_write(client, 1) }
        // Read each wake: libmosquitto 2.0.11 (Debian 12) advances a TLS handshake only in reads (cheap when idle).
        if rc == MOSQ_ERR_SUCCESS.rawValue { rc = mosquitto_loop_read(client, 1) }
        guard rc == MOSQ_ERR_SUCCESS.rawValue else { return lost(rc) }
        // The broker said goodbye (an MQTT 5 DISCONNECT): libmosquitto closed the socket itself.
        guard mosquitto_socket(client) >= 0 else { return lost(MOSQ_ERR_CONN_LOST.rawValue) }
        // The source may be replaced here; GLib keeps the running one until this returns.
        watchSocket()
    }

    /// Once a second: libmosquitto's keep-alive (a PINGREQ when due; the connection dropped once the broker is silent).
    private func keepAlive() {
        guard socketSource != 0 else { return }
        let rc = mosquitto_loop_misc(client)
        guard rc == MOSQ_ERR_SUCCESS.rawValue else { return lost(rc) }
        watchSocket()
    }

    private func push(_ event: BrokerEvent) {
        events.append(event)
        var one: UInt64 = 1
        _ = write(fd, &one, MemoryLayout<UInt64>.size)
    }

    /// libmosquitto's error in words; errno is read at once, before anything else can change it.
    private static func words(_ rc: Int32) -> String {
        rc == MOSQ_ERR_ERRNO.rawValue ? SystemErrorText.describe(errno) : String(cString: mosquitto_strerror(rc))
    }

    /// An MQTT 5 reason code (128 and up: the broker's own reason) or a libmosquitto error.
    private static func reason(_ code: Int32) -> String {
        code >= 128 ? String(cString: mosquitto_reason_string(code)) : words(code)
    }

    // libmosquitto's callbacks run inside loop_read, on the loop's thread.

    private static func connection(_ context: UnsafeMutableRawPointer?) -> MQTTConnection? {
        context.map { Unmanaged<MQTTConnection>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let onConnect: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = {
        _, context, code in
        guard let connection = connection(context) else { return }
        if code == 0 {
            connection.connected = true
            connection.retryDelay = 1
            connection.push(.connected)
        } else {
            connection.attemptReported = true
            connection.push(
                .failed(.refused(reason: String(cString: mosquitto_reason_string(code)))))
        }
    }

    private static let onDisconnect: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32) -> Void = {
        _, context, code in
        guard let connection = connection(context), connection.connected else { return }
        connection.connected = false
        connection.attemptReported = true
        connection.push(.disconnected(code == 0 ? .closed : .unreachable(reason: reason(code))))
    }

    private static let onMessage:
        @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafePointer<mosquitto_message>?) -> Void = {
            _, context, message in
            guard let connection = connection(context), let message = message?.pointee else { return }
            let payload =
                message.payload.map {
                    Array(UnsafeRawBufferPointer(start: $0, count: Int(message.payloadlen)))
                } ?? []
            connection.push(
                .message(
                    topic: message.topic.map { String(cString: $0) } ?? "", payload: payload, retained: message.retain))
        }
}
