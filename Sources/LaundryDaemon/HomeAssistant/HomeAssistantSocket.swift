import CGLib
import CSoup
import FoundationEssentials
import LaundryCore
import Logging

/// laundryd's one connection to Home Assistant's WebSocket API (`/api/websocket`), on the GLib loop: logs in with the
/// token, subscribes to the followed entities (`subscribe_entities`: every state at once, then each change; no
/// polling) and hands on each followed entity's whole new state. libsoup 3 does the WebSocket and glib-networking the
/// TLS (`https` checked against the system's CA store). Lost, it tries again after 1, 2, 4, 8, 16, then every 30 s,
/// reading the token again each time; back, every state is delivered again.
final class HomeAssistantSocket {
    enum Status: Equatable {
        case connecting(attempt: Int)
        case connected(version: String)
        case down(HomeAssistantProblem, retryAt: Date)
    }

    /// The new whole states of followed entities, a message's at once (so nothing reads half of one): every one
    /// after connecting, then each change.
    var onEntities: (([EntityState]) -> Void)?
    var onStatusChanged: ((Status) -> Void)?
    private(set) var status: Status = .connecting(attempt: 1)

    /// Silence for this long (no frame but pongs) sends a ping; the check runs every `checkSeconds`, loosely.
    static let pingAfterSeconds: TimeInterval = 240
    static let checkSeconds: Double = 60
    /// A ping or the login unanswered this long: the connection is dead.
    static let answerSeconds: UInt32 = 10
    /// libsoup closes the connection on a frame larger than this; frames up to it that are larger than
    /// `HomeAssistantMessage.maximumBytes` are read, refused and logged, and the connection kept.
    static let largestFrame: UInt64 = 2 * UInt64(HomeAssistantMessage.maximumBytes)
    /// A connection that lived this long starts the back-off again from 1 s when it goes.
    static let steadySeconds: TimeInterval = 60

    private let url: String
    private let token: () throws -> String
    private let entityIDs: [String]
    private let logger: Logger
    private let clock: any WallClock
    private let session: UnsafeMutablePointer<SoupSession>

    private enum Phase: Equatable {
        case idle
        case connecting
        case loggingIn
        case subscribing(id: Int)
        case following(id: Int, firstEventSeen: Bool)
    }
    private var phase = Phase.idle
    private var stopped = true
    private var generation = 0
    private var cancellable: UnsafeMutablePointer<GCancellable>?
    private var connection: OpaquePointer?
    /// Read just before connecting, sent at `auth_required`, then forgotten.
    private var pendingToken: String?
    /// The token Home Assistant refused: not sent again (each try is a failed login in its log, and may get this
    /// machine's address banned) until the token file holds another.
    private var refusedToken: (token: String, problem: HomeAssistantProblem)?
    private var sentToken: String?
    private var version = ""
    private var requests = HomeAssistantRequests()
    private var table: EntityTable
    private var failures = 0
    private var connectedAt: Date?
    private var lastError: String?
    private var retrySource: guint = 0
    private var watchSource: guint = 0
    private var answerSource: guint = 0
    /// When a frame last came: `pingAfterSeconds` of silence since sends a ping.
    private var lastHeard = Date.distantPast
    private var pingID: Int?
    /// The kinds of bad frame said already on this connection: one log line each.
    private var reported: Set<String> = []
    private var lastLoggedProblem: HomeAssistantProblem?

    init(
        url: String, token: @escaping () throws -> String, entityIDs: [String], logger: Logger, clock: any WallClock
    ) {
        self.url = url
        self.token = token
        self.entityIDs = entityIDs
        self.logger = logger
        self.clock = clock
        table = EntityTable(following: entityIDs)
        session = soup_session_new()!
        // The connect and the WebSocket handshake (not the open connection, which libsoup hands over without it).
        soup_session_set_timeout(session, 15)
    }

    deinit {
        stop()
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    func start() {
        guard stopped else { return }
        stopped = false
        failures = 0
        connect()
    }

    /// Closes the connection and tries no more; `start` begins again.
    func stop() {
        guard !stopped else { return }
        stopped = true
        tearDown()
        if retrySource != 0 { g_source_remove(retrySource) }
        retrySource = 0
        phase = .idle
    }

    // MARK: - Connecting

    private var socketURL: String {
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/api/websocket"
    }

    private func connect() {
        retrySource = 0
        guard !stopped else { return }
        generation += 1
        setStatus(.connecting(attempt: failures + 1))
        logger.debug(
            "home assistant: connecting to \(url) (attempt \(failures + 1))",
            metadata: ["surface": "homeAssistant", "event": "connecting", "attempt": "\(failures + 1)"])
        do { pendingToken = try token() } catch {
            return fail(error as? HomeAssistantProblem ?? .tokenUnreadable(reason: "\(error)"))
        }
        if let refused = refusedToken, pendingToken == refused.token {
            pendingToken = nil
            return fail(refused.problem)
        }
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), let message = soup_message_new("GET", socketURL)
        else { return fail(.badURL(url: url)) }
        phase = .connecting
        lastError = nil
        cancellable = g_cancellable_new()
        let attempt = Attempt(socket: self, generation: generation, message: message)
        soup_session_websocket_connect_async(
            session, message, nil, nil, G_PRIORITY_DEFAULT, cancellable, Self.connected,
            Unmanaged.passRetained(attempt).toOpaque())
    }

    /// One connect in flight, holding the socket until libsoup answers (even after `stop`, which cancels it).
    private final class Attempt {
        let socket: HomeAssistantSocket
        let generation: Int
        let message: OpaquePointer
        init(socket: HomeAssistantSocket, generation: Int, message: OpaquePointer) {
            self.socket = socket
            self.generation = generation
            self.message = message
        }
        deinit { g_object_unref(UnsafeMutableRawPointer(message)) }
    }

    private static let connected: GAsyncReadyCallback = { _, result, data in
        let attempt = Unmanaged<Attempt>.fromOpaque(data!).takeRetainedValue()
        let socket = attempt.socket
        var error: UnsafeMutablePointer<GError>?
        let connection = soup_session_websocket_connect_finish(socket.session, result, &error)
        defer { if let error { g_error_free(error) } }
        guard attempt.generation == socket.generation, !socket.stopped else {
            if let connection { g_object_unref(UnsafeMutableRawPointer(connection)) }
            return
        }
        if let cancellable = socket.cancellable { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        socket.cancellable = nil
        guard let connection else {
            return socket.fail(
                HomeAssistantSocket.problem(of: error, status: Int(soup_message_get_status(attempt.message).rawValue)))
        }
        socket.opened(connection)
    }

    /// Why the connect failed, from libsoup's (or GIO's, or glib-networking's) error.
    private static func problem(of error: UnsafeMutablePointer<GError>?, status: Int) -> HomeAssistantProblem {
        guard let error else { return .unreachable(reason: "no reason given") }
        let reason = String(cString: error.pointee.message)
        let domain = error.pointee.domain
        let code = error.pointee.code
        if domain == g_tls_error_quark() {
            return code == Int32(G_TLS_ERROR_BAD_CERTIFICATE.rawValue)
                ? .certificateNotTrusted(reason: reason) : .tls(reason: reason)
        }
        if domain == soup_websocket_error_quark(),
            code == Int32(SOUP_WEBSOCKET_ERROR_NOT_WEBSOCKET.rawValue)
                || code == Int32(SOUP_WEBSOCKET_ERROR_BAD_HANDSHAKE.rawValue)
        {
            return .notWebSocket(status: status)
        }
        return .unreachable(reason: reason)
    }

    private func opened(_ connection: OpaquePointer) {
        self.connection = connection
        phase = .loggingIn
        requests = HomeAssistantRequests()
        reported = []
        soup_websocket_connection_set_max_incoming_payload_size(connection, guint64(Self.largestFrame))
        let context = Unmanaged.passUnretained(self).toOpaque()
        let instance = UnsafeMutableRawPointer(connection)
        g_signal_connect_data(
            instance, "message", unsafeBitCast(Self.received, to: GCallback.self), context, nil, GConnectFlags(0))
        g_signal_connect_data(
            instance, "error", unsafeBitCast(Self.failed, to: GCallback.self), context, nil, GConnectFlags(0))
        g_signal_connect_data(
            instance, "closed", unsafeBitCast(Self.closed, to: GCallback.self), context, nil, GConnectFlags(0))
        awaitAnswer()
    }

    // MARK: - libsoup's signals, on the loop's thread

    private static func from(_ context: gpointer?) -> HomeAssistantSocket {
        Unmanaged<HomeAssistantSocket>.fromOpaque(context!).takeUnretainedValue()
    }

    private static let received: @convention(c) (OpaquePointer?, Int32, OpaquePointer?, gpointer?) -> Void = {
        _, _, message, context in
        var size = 0
        guard let message, let data = g_bytes_get_data(message, &size) else {
            return from(context).read([])
        }
        from(context).read(Array(UnsafeRawBufferPointer(start: data, count: size)))
    }

    private static let failed: @convention(c) (OpaquePointer?, UnsafeMutablePointer<GError>?, gpointer?) -> Void = {
        _, error, context in
        guard let error else { return }
        from(context).lastError = String(cString: error.pointee.message)
    }

    private static let closed: @convention(c) (OpaquePointer?, gpointer?) -> Void = { connection, context in
        let socket = from(context)
        let code = connection.map { Int(soup_websocket_connection_get_close_code($0)) } ?? 0
        var reason = connection.flatMap { soup_websocket_connection_get_close_data($0) }.map { String(cString: $0) }
        if reason?.isEmpty ?? true { reason = socket.lastError }
        socket.fail(.closed(code: code, reason: reason ?? ""))
    }

    // MARK: - Home Assistant's messages

    private func read(_ frame: [UInt8]) {
        let message: HomeAssistantMessage
        do { message = try HomeAssistantMessage.parse(frame) } catch { return refused(error) }
        switch (phase, message) {
        case (.loggingIn, .authRequired):
            guard let token = pendingToken else { return }
            pendingToken = nil
            sentToken = token
            send(HomeAssistantRequests.auth(token: token))
        case (.loggingIn, .authOK(let version)):
            self.version = version
            let subscription = requests.subscribeEntities(entityIDs)
            phase = .subscribing(id: subscription.id)
            send(subscription.text)
        case (.loggingIn, .authInvalid(let words)):
            refusedToken = sentToken.map { ($0, .tokenRefused(message: words)) }
            fail(.tokenRefused(message: words))
        case (.subscribing(let id), .result(let answered, let success, let code, let words)) where answered == id:
            guard success else { return fail(.subscriptionRefused(code: code ?? "", message: words ?? "")) }
            subscribed(id)
        case (.subscribing(let id), .entities(let subscription, let event)) where subscription == id:
            // Home Assistant answers first, then sends the states; taken in either order.
            subscribed(id)
            deliver(event)
        case (.following(let id, _), .entities(let subscription, let event)) where subscription == id:
            lastHeard = clock.now()
            deliver(event)
        case (.following, .pong(let id)) where id == pingID:
            pingID = nil
            lastHeard = clock.now()
            stopAwaitingAnswer()
        default:
            lastHeard = clock.now()
        }
    }

    private func subscribed(_ id: Int) {
        guard case .subscribing = phase else { return }
        phase = .following(id: id, firstEventSeen: false)
        stopAwaitingAnswer()
        failures = 0
        connectedAt = clock.now()
        lastLoggedProblem = nil
        logger.info(
            "home assistant: connected to \(url) (Home Assistant \(version)), following \(entityIDs.count) entities",
            metadata: [
                "surface": "homeAssistant", "event": "connected", "version": "\(version)",
                "entities": "\(entityIDs.count)",
            ])
        setStatus(.connected(version: version))
        lastHeard = clock.now()
        watchForSilence()
    }

    private func deliver(_ event: EntityEvent) {
        guard case .following(let id, let firstEventSeen) = phase else { return }
        phase = .following(id: id, firstEventSeen: true)
        let states = table.apply(event, first: !firstEventSeen)
        if !states.isEmpty { onEntities?(states) }
    }

    /// A frame that is not Home Assistant's: said once per kind and connection, and ignored; while logging in, it
    /// ends the connection (this is not Home Assistant).
    private func refused(_ problem: HomeAssistantFrameProblem) {
        switch phase {
        case .loggingIn, .subscribing: return fail(.malformed(problem))
        default: break
        }
        lastHeard = clock.now()
        guard reported.insert(problem.kind).inserted else { return }
        logger.warning(
            "home assistant: ignored a message that is not Home Assistant's (\(problem.kind)); more like it: silently",
            metadata: ["surface": "homeAssistant", "event": "badMessage", "problem": "\(problem.kind)"])
    }

    private func send(_ text: String) {
        guard let connection else { return }
        soup_websocket_connection_send_text(connection, text)
    }

    // MARK: - A dead connection

    /// A ping once nothing came for `pingAfterSeconds`, its pong awaited 10 s. Home Assistant's own heartbeat (a
    /// WebSocket ping every 55 s, which libsoup answers by itself) keeps the connection open; this check finds one
    /// that died silently (the network gone). It runs loose, on a wake-up the loop has anyway, so an idle connection
    /// costs Home Assistant's heartbeat and one pong every few minutes.
    private func watchForSilence() {
        watchSource = LooseTimeout.add(every: Self.checkSeconds, slack: Self.checkSeconds / 2) { [weak self] in
            guard let self else { return false }
            let silence = clock.now().timeIntervalSince(lastHeard)
            if silence >= Self.pingAfterSeconds, pingID == nil {
                let ping = requests.ping()
                pingID = ping.id
                send(ping.text)
                awaitAnswer()
            }
            return true
        }
    }

    private func awaitAnswer() {
        stopAwaitingAnswer()
        let expired: GSourceFunc = { context in
            let socket = HomeAssistantSocket.from(context)
            socket.answerSource = 0
            socket.fail(socket.pingID == nil ? .loginUnanswered : .noPong)
            return 0
        }
        answerSource = g_timeout_add_seconds_full(
            G_PRIORITY_DEFAULT, Self.answerSeconds, expired, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func stopAwaitingAnswer() {
        if answerSource != 0 { g_source_remove(answerSource) }
        answerSource = 0
    }

    // MARK: - Going and coming back

    /// This attempt or connection is over: closed, then tried again after the back-off.
    private func fail(_ problem: HomeAssistantProblem) {
        guard !stopped else { return }
        let wasSteady = connectedAt.map { clock.now().timeIntervalSince($0) >= Self.steadySeconds } ?? false
        tearDown()
        if wasSteady { failures = 0 }
        failures += 1
        let delay = HomeAssistantBackOff.seconds(afterFailures: failures)
        let retryAt = clock.now().addingTimeInterval(TimeInterval(delay))
        let facts: Logger.Metadata = [
            "surface": "homeAssistant", "event": "down", "problem": "\(Self.kind(problem))", "retryIn": "\(delay)",
        ]
        let line = "home assistant: \(Self.describe(problem)); trying again in \(delay) s"
        // One line for each new reason; a Home Assistant that stays down fills no log.
        if problem == lastLoggedProblem {
            logger.debug("\(line)", metadata: facts)
        } else {
            logger.warning("\(line)", metadata: facts)
            lastLoggedProblem = problem
        }
        phase = .idle
        setStatus(.down(problem, retryAt: retryAt))
        let retry: GSourceFunc = { context in
            HomeAssistantSocket.from(context).connect()
            return 0
        }
        // To the millisecond (not rounded to GLib's shared second): `retryAt` is what `daemon status` says.
        retrySource = g_timeout_add_full(
            G_PRIORITY_DEFAULT, UInt32(delay * 1000), retry, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Lets go of the connection (or the connect in flight) and of everything known through it.
    private func tearDown() {
        pendingToken = nil
        if let cancellable {
            g_cancellable_cancel(cancellable)
            g_object_unref(UnsafeMutableRawPointer(cancellable))
        }
        cancellable = nil
        for source in [watchSource, answerSource] where source != 0 { g_source_remove(source) }
        (watchSource, answerSource) = (0, 0)
        pingID = nil
        connectedAt = nil
        table.forget()
        guard let connection else { return }
        self.connection = nil
        let instance = UnsafeMutableRawPointer(connection)
        g_signal_handlers_disconnect_matched(
            instance, G_SIGNAL_MATCH_DATA, 0, 0, nil, nil, Unmanaged.passUnretained(self).toOpaque())
        if soup_websocket_connection_get_state(connection) == SOUP_WEBSOCKET_STATE_OPEN {
            soup_websocket_connection_close(connection, UInt16(SOUP_WEBSOCKET_CLOSE_NORMAL.rawValue), nil)
        }
        // Let go once the loop is back: this may run inside the connection's own "message" or "closed" signal.
        let release: GSourceFunc = { instance in
            g_object_unref(instance)
            return 0
        }
        g_idle_add_full(G_PRIORITY_DEFAULT, release, instance, nil)
    }

    private func setStatus(_ new: Status) {
        guard new != status else { return }
        status = new
        onStatusChanged?(new)
    }

    // MARK: - The log's words (English; doctor and `daemon status` word the problem themselves)

    private static func kind(_ problem: HomeAssistantProblem) -> String {
        switch problem {
        case .badURL: "badURL"
        case .tokenUnreadable: "tokenUnreadable"
        case .tokenOpenToOthers: "tokenOpenToOthers"
        case .tokenEmpty: "tokenEmpty"
        case .unreachable: "unreachable"
        case .certificateNotTrusted: "certificateNotTrusted"
        case .tls: "tls"
        case .notWebSocket: "notWebSocket"
        case .tokenRefused: "tokenRefused"
        case .subscriptionRefused: "subscriptionRefused"
        case .closed: "closed"
        case .noPong: "noPong"
        case .loginUnanswered: "loginUnanswered"
        case .malformed: "malformed"
        }
    }

    private static func describe(_ problem: HomeAssistantProblem) -> String {
        switch problem {
        case .badURL(let url): "\(url) is not an http:// or https:// address"
        case .tokenUnreadable(let reason): "the access token cannot be read (\(reason))"
        case .tokenOpenToOthers(let path, let mode):
            "others can read the access token in \(path) (mode \(String(mode, radix: 8))); run chmod 600 \(path)"
        case .tokenEmpty(let path): "\(path) holds no access token"
        case .unreachable(let reason): "not reachable (\(reason))"
        case .certificateNotTrusted(let reason): "its TLS certificate is not trusted (\(reason))"
        case .tls(let reason): "TLS failed (\(reason))"
        case .notWebSocket(let status): "the address answered HTTP \(status), not Home Assistant's WebSocket API"
        case .tokenRefused(let message): "the access token was refused (\(message))"
        case .subscriptionRefused(let code, let message): "the subscription was refused (\(code): \(message))"
        case .closed(0, let reason):
            "the connection ended without a goodbye (\(reason.isEmpty ? "a restart, or the network" : reason))"
        case .closed(let code, let reason): "the connection was closed (\(code)\(reason.isEmpty ? "" : ": \(reason)"))"
        case .noPong: "a ping went unanswered for \(answerSeconds) s"
        case .loginUnanswered: "the login went unanswered for \(answerSeconds) s"
        case .malformed(let problem): "a message while logging in was not Home Assistant's (\(problem.kind))"
        }
    }
}
