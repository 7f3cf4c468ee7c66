import FoundationEssentials

/// Why laundry is not following Home Assistant's entities right now: data for the log, `daemon status` and `doctor`
/// to word; library reasons verbatim.
public enum HomeAssistantProblem: Error, Codable, Equatable, Sendable {
    /// config.json's `url` is not one a WebSocket can open (it is `http(s)://host:port`, the API's base).
    case badURL(url: String)
    /// The token could not be read (its file is missing or unreadable): nothing was sent.
    case tokenUnreadable(reason: String)
    /// Nothing answered: the name does not resolve, the port is closed, the network is down.
    case unreachable(reason: String)
    /// `https`, and the server's certificate is not one the system's CA store trusts (or names another host).
    case certificateNotTrusted(reason: String)
    /// Another TLS failure (no TLS support installed: glib-networking; the handshake broke).
    case tls(reason: String)
    /// Something answered, but not with a WebSocket (an HTTP status: 404 is a URL that is not Home Assistant's).
    case notWebSocket(status: Int)
    /// Home Assistant refused the token (`auth_invalid`, with its message).
    case tokenRefused(message: String)
    /// Home Assistant refused the subscription to the entities (`subscribe_entities`'s error).
    case subscriptionRefused(code: String, message: String)
    /// The server closed the connection (a restart; `code` as the WebSocket protocol numbers it).
    case closed(code: Int, reason: String)
    /// A ping went unanswered for 10 s: the connection is dead.
    case noPong
    /// The server took the WebSocket but did not log laundry in within 10 s (no `auth_required`, no answer to it).
    case loginUnanswered
    /// While logging in, a frame that was not Home Assistant's: this is not Home Assistant.
    case malformed(HomeAssistantFrameProblem)
}
