import LaundryControl

/// The words of `BrokerWarning`, for the daemon's log and `doctor`.
public enum BrokerCheckText {
    public static func line(_ warning: BrokerWarning) -> String {
        switch warning {
        case .passwordInClear(let url):
            return Words.text(
                "the MQTT password goes to {url} unencrypted; use mqtts:// (and caFile) so no one on the network "
                    + "reads it",
                ["url": url])
        case .readableByOthers(let path):
            return Words.text(
                "{path} names or holds the MQTT password and other users can read it; run: chmod 600 {path}",
                ["path": path])
        }
    }
}
