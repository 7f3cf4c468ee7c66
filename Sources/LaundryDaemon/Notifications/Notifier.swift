import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering

public enum Delivery: Equatable, Sendable {
    case posted
    /// No notification server could take it; it was only logged.
    case noServer(String)
}

/// Posts desktop notifications, one per pet, and reports button presses: GDBus in the daemon, a recorder in tests.
public protocol Notifier: AnyObject {
    /// Asks the server again who it is and what it can do; nil when there is none.
    func refreshServer() -> ServerInfo?
    /// The server as last seen.
    var server: ServerInfo? { get }
    /// Shows the pet's notification, replacing its previous one.
    func show(_ content: NotificationContent) -> Delivery
    /// Withdraws the pet's notification, if one is on screen (or still on its way there).
    func close(petID: UUID)
    /// Called with the pet and the action key when a button is pressed.
    var onAction: ((UUID, String) -> Void)? { get set }
    /// Called when the user dismissed the pet's notification (`NotificationClosed` reason 2).
    var onDismissed: ((UUID) -> Void)? { get set }
    /// Called, with why, when a notification sent was not shown after all (server left, not startable, or refused it).
    var onNotShown: ((UUID, String) -> Void)? { get set }
    /// A new notification server (nil: none left): the old ids mean nothing; what should be on screen is posted again.
    var onServerChanged: ((ServerInfo?) -> Void)? { get set }
}
