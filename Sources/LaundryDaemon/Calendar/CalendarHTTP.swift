import CGLib
import CSoup
import Dispatch
import FoundationEssentials

/// The calendar's HTTP: one blocking request at a time on the calendar's queue, through libsoup 3 (the daemon's one
/// HTTP library; glib-networking checks `https` against the system's CAs). The password goes as the server asks for it
/// (basic or digest).
final class CalendarHTTP: Sendable {
    struct Reply {
        /// The server's status; nil when no answer came (`error` says why).
        var status: Int?
        var etag: String?
        var error = ""
    }

    /// Seconds a connect, or a wait for the server's next bytes, may take.
    private static let timeout: guint = 10
    /// Seconds a whole request may take.
    private static let totalSeconds = 20.0
    /// Made and set up here, then only sent on: libsoup (3.2 and later) lets any thread send, and keeps each thread's
    /// connections apart.
    nonisolated(unsafe) private let session: UnsafeMutablePointer<SoupSession>
    private let username: String?
    private let password: String?

    init(username: String?, password: String?) {
        self.username = username
        self.password = password
        session = soup_session_new()!
        soup_session_set_timeout(session, Self.timeout)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(session)) }

    /// `headers` as "Name: value" lines; the reply's body is not read (a status and an ETag are all the calendar
    /// needs).
    func request(_ method: String, _ url: String, body: String?, headers: [String]) -> Reply {
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), let message = soup_message_new(method, url) else {
            return Reply(error: "\(url) is not an http:// or https:// address")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        let outgoing = Outgoing(username: username, password: password, body: body)
        outgoing.setBody(on: message)
        let sent = soup_message_get_request_headers(message)
        for header in headers {
            guard let colon = header.firstIndex(of: ":") else { continue }
            let value = header[header.index(after: colon)...].drop { $0 == " " }
            soup_message_headers_replace(sent, String(header[..<colon]), String(value))
        }
        // A redirect is not followed (as with libcurl before): a 303 would turn a PUT into a GET, and a 30x may lead
        // the password elsewhere. The server's answer stands as it is.
        soup_message_add_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let instance = UnsafeMutableRawPointer(message)
        for (signal, handler) in [
            ("authenticate", unsafeBitCast(Self.authenticate, to: GCallback.self)),
            ("restarted", unsafeBitCast(Self.restarted, to: GCallback.self)),
        ] {
            // Each handler holds the request's own values until the message lets go of it.
            g_signal_connect_data(
                instance, signal, handler, Unmanaged.passRetained(outgoing).toOpaque(), Self.release, GConnectFlags(0))
        }
        // The whole request within `totalSeconds`, as libcurl's timeout was (libsoup's bounds each read and write).
        let cancellable = Cancellable()
        let deadline = DispatchWorkItem { g_cancellable_cancel(cancellable.pointer) }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.totalSeconds, execute: deadline)
        defer { deadline.cancel() }
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send(session, message, cancellable.pointer, &error)
        defer { if let error { g_error_free(error) } }
        guard let stream else {
            return Reply(error: error.map { String(cString: $0.pointee.message) } ?? "no reason given")
        }
        g_input_stream_close(stream, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(stream))
        let etag = soup_message_headers_get_one(soup_message_get_response_headers(message), "ETag")
        return Reply(status: Int(soup_message_get_status(message).rawValue), etag: etag.map { String(cString: $0) })
    }

    /// What one request carries through libsoup's signals, which come on the sending thread.
    private final class Outgoing {
        let username: String?
        let password: String?
        let body: [UInt8]?

        init(username: String?, password: String?, body: String?) {
            self.username = username
            self.password = password
            self.body = body.map { Array($0.utf8) }
        }

        func setBody(on message: OpaquePointer) {
            guard let body else { return }
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(message, nil, bytes)
            g_bytes_unref(bytes)
        }
    }

    private static func outgoing(_ context: gpointer) -> Outgoing {
        Unmanaged<Outgoing>.fromOpaque(context).takeUnretainedValue()
    }

    private static let release: GClosureNotify = { context, _ in
        if let context { Unmanaged<Outgoing>.fromOpaque(context).release() }
    }

    /// A `GCancellable` the deadline's thread may cancel (g_cancellable_cancel is thread-safe); it goes once both the
    /// request and the deadline let go of it.
    private final class Cancellable: @unchecked Sendable {
        let pointer = g_cancellable_new()!
        deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
    }

    private static let authenticate:
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<SoupAuth>?, gboolean, gpointer?) -> gboolean = {
            _, auth, retrying, context in
            // A second ask means the password was refused: the 401 is the answer, not another try. A proxy's ask
            // (407) gets nothing: the password is the calendar server's.
            guard let auth, let context, retrying == 0, soup_auth_is_for_proxy(auth) == 0,
                let username = outgoing(context).username
            else { return 0 }
            soup_auth_authenticate(auth, username, outgoing(context).password ?? "")
            return 0
        }

    /// Sent again with the password (after a 401): libsoup 3.2's blocking send has read the body once and would send
    /// it empty (seen against Radicale: a `Content-Length: 0` PUT), so it is set again.
    private static let restarted: @convention(c) (OpaquePointer?, gpointer?) -> Void = { message, context in
        guard let message, let context else { return }
        outgoing(context).setBody(on: message)
    }
}
