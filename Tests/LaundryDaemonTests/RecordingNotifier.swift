import Foundation
import LaundryCore
import LaundryDaemon

/// An in-process notifier that records what would have been shown, and can play a server that is
/// missing or has no buttons.
final class RecordingNotifier: Notifier {
    var available = true
    var capabilities = ["actions", "body", "body-markup"]
    private(set) var shown: [NotificationContent] = []
    private(set) var refused: [NotificationContent] = []
    var onAction: ((UUID, String) -> Void)?
    private(set) var server: ServerInfo?

    func refreshServer() -> ServerInfo? {
        server =
            available
            ? ServerInfo(
                name: "recorder", vendor: "tests", version: "1", specVersion: "1.2", capabilities: capabilities) : nil
        return server
    }

    func show(_ content: NotificationContent) -> Delivery {
        if server == nil { _ = refreshServer() }
        guard server != nil else {
            refused.append(content)
            return .noServer("no server in this test")
        }
        shown.append(content)
        return .posted
    }

    func press(_ action: String, on petID: UUID) { onAction?(petID, action) }

    var summaries: [String] { shown.map(\.summary) }
}
