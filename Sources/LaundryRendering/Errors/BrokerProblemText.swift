import LaundryControl

/// The words of `BrokerProblem`, for the daemon's log, `daemon status` and `doctor`.
public enum BrokerProblemText {
    public static func line(_ problem: BrokerProblem) -> String {
        switch problem {
        case .refused(let reason):
            return Words.text("the broker refused the connection: {reason}", ["reason": reason])
        case .unreachable(let reason):
            return Words.text("the broker is not reachable: {reason}", ["reason": reason])
        case .closed:
            return Words.text("the broker closed the connection")
        case .passwordUnreadable(let path):
            return Words.text("the password file {path} cannot be read; check mqtt.passwordFile", ["path": path])
        case .tlsFiles(let reason):
            return Words.text(
                "the TLS files could not be used (caFile, certFile, keyFile): {reason}", ["reason": reason])
        case .setup(let reason):
            return Words.text("the connection to the broker could not be set up: {reason}", ["reason": reason])
        }
    }
}
