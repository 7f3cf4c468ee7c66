import LaundryControl
import LaundryStore

/// Something that did not stop an operation but the user should hear about, once.
public enum LaundryWarning: Equatable, Sendable {
    /// A file was set aside, unreadable, orphaned, from a newer laundry, or a finish not saved.
    case store(StoreProblem)
    /// A timer was started but the notification service could not be started.
    case daemonNotStarted(DaemonError)
    /// Another machine wrote under this machine's device id (a cloned disk or home folder): this one took a new id.
    case deviceRenewed(old: String, new: String, otherHost: String)
    /// The prices the daemon heard on `priceTopic` could not be read: planned without them.
    case pricesUnreadable(StoreProblem)
}
