import LaundryCore

/// Why laundry does not follow Home Assistant now, in the reader's words, each with what to do.
public enum HomeAssistantProblemText {
    public static func line(_ problem: HomeAssistantProblem) -> String {
        switch problem {
        case .badURL(let url):
            return Words.text(
                "{url} is not Home Assistant's address; write it as https://host:8123", ["url": url])
        case .tokenUnreadable(let reason):
            return Words.text(
                "the access token cannot be read ({reason}); check homeAssistant.tokenFile", ["reason": reason])
        case .tokenOpenToOthers(let path, let mode):
            return Words.text(
                "others can read the access token in {path} (mode {mode}); run chmod 600 {path}",
                ["path": path, "mode": String(mode, radix: 8)])
        case .tokenEmpty(let path):
            return Words.text(
                "{path} holds no access token; make one in Home Assistant (your profile, Security, Long-lived access "
                    + "tokens) and put it alone in the file", ["path": path])
        case .unreachable(let reason):
            return Words.text(
                "nothing answers ({reason}); check that Home Assistant runs and the url", ["reason": reason])
        case .certificateNotTrusted(let reason):
            return Words.text(
                "its certificate is not trusted ({reason}); give Home Assistant a certificate for its name",
                ["reason": reason])
        case .tls(let reason):
            return Words.text("the TLS connection failed ({reason})", ["reason": reason])
        case .notWebSocket(let status):
            return Words.text(
                "the url answers HTTP {status}, not Home Assistant's WebSocket API; check homeAssistant.url",
                ["status": String(status)])
        case .tokenRefused:
            return Words.text(
                "Home Assistant refused the access token; make a new long-lived token and put it in the token file")
        case .subscriptionRefused(let code, _):
            return Words.text("Home Assistant refused to share the entities ({code})", ["code": code])
        case .closed:
            return Words.text("Home Assistant closed the connection (a restart?)")
        case .noPong:
            return Words.text("Home Assistant stopped answering")
        case .loginUnanswered:
            return Words.text("the server did not log laundry in; is the url Home Assistant's?")
        case .malformed:
            return Words.text("the server sent something that is not Home Assistant's; is the url Home Assistant's?")
        }
    }
}
