import LaundryControl
import LaundryCore

/// The words of `CalendarProblem`, for `doctor`.
public enum CalendarProblemText {
    public static func line(_ problem: CalendarProblem) -> String {
        switch problem {
        case .passwordUnreadable(let path):
            return Words.text(
                "caldav.passwordFile {path} cannot be read", ["path": UnsafeText.escaped(path)])
        case .passwordOpenToOthers(let path, let mode):
            return Words.text(
                "caldav.passwordFile {path} can be read by others (mode {mode}); laundry will not use it: "
                    + "chmod 600 it",
                ["path": UnsafeText.escaped(path), "mode": String(mode, radix: 8)])
        case .unreachable(let reason):
            return Words.text(
                "the calendar cannot be reached ({reason}); the changes wait and are tried again",
                ["reason": UnsafeText.escaped(reason)])
        case .refused(let status):
            return Words.text(
                "the calendar server answered HTTP {status}; the changes wait and are tried again",
                ["status": String(status)])
        }
    }
}
