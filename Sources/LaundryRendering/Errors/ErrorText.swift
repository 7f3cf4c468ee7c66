import LaundryActions
import LaundryControl
import LaundryCore
import LaundryStore

/// Every error of every layer, worded once for the command line and daemon log: one line naming problem and fix, file
/// names escaped (`UnsafeText`). Lower layers keep errors as data; each type's words are one `switch` in a file here.
public enum ErrorText {
    /// The line for an error laundry knows, or nil for one it does not (the argument parser's).
    public static func line(for error: any Error) -> String? {
        switch error {
        case let error as PetError: return petLine(error)
        case let error as StoreError: return storeLine(error)
        case let error as DaemonError: return daemonLine(error)
        case let error as ActionError: return actionLine(error)
        case let error as CommandError: return commandLine(error)
        case let error as DurationError: return durationLine(error)
        case let error as DateInputError: return dateLine(error)
        case let error as BarTemplate.Problem: return templateLine(error)
        case let error as BrokerProblem: return BrokerProblemText.line(error)
        case let error as HookOutcome: return HookOutcomeText.line(error)
        default: return nil
        }
    }

    /// A warning line's text: what happened and what to do.
    public static func line(for warning: LaundryWarning) -> String {
        switch warning {
        case .store(let problem): return line(for: problem)
        case .daemonNotStarted(let error):
            return Words.text(
                "could not start the notification service ({error}); run: laundry daemon start",
                ["error": daemonLine(error)])
        case .deviceRenewed(let old, let new, let host):
            return Words.text(
                "this machine shared its device id {old} with {host} (a cloned disk or home folder?); it is "
                    + "now {new}, and its changes so far stay valid",
                ["old": old, "host": shown(host), "new": new])
        case .pricesUnreadable(.unreadable(let path, let problem)):
            return Words.text(
                "{path} cannot be read ({reason}); planned without the prices heard on priceTopic — the daemon "
                    + "writes it again when it hears the next one",
                ["path": shown(path), "reason": line(for: problem)])
        case .pricesUnreadable(let problem):
            return line(for: problem)
        }
    }

    static func shown(_ text: String) -> String { UnsafeText.escaped(text) }
}
