import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering

/// The panel's tray icon as the observer sees it: what it should show, and the buttons pressed in its menu.
protocol TrayItem: AnyObject {
    /// Shows `view` (nil: nothing to show, the item is taken down); only what changed is sent to the host.
    func show(_ view: TrayView?)
    /// Looks for a panel to show it in (nothing is computed for a view until one takes it: `isShown`).
    func start()
    /// A menu button pressed: the pet and the button's key, as a popup's.
    var onPress: ((UUID, ButtonKey) -> Void)? { get set }
    /// Whether a host shows it now: the minute's updates are worth a wake-up only then.
    var isShown: Bool { get }
    /// What `daemon status` and `doctor` say of it.
    var status: DaemonStatus.Tray { get }
}
