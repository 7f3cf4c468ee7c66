import LaundryControl
import LaundryCore

/// The words of `HookOutcome`: "exit 0", "killed after 5 s (hookTimeoutSeconds); stderr: …".
public enum HookOutcomeText {
    public static func line(_ outcome: HookOutcome) -> String {
        var line: String
        switch outcome.end {
        case .exited(let status): line = Words.text("exit {status}", ["status": String(status)])
        case .killedBySignal(let signal): line = Words.text("killed by signal {signal}", ["signal": String(signal)])
        case .timedOut(let seconds):
            line = Words.text(
                "killed after {seconds} s (hookTimeoutSeconds)", ["seconds": Numbers.plain(seconds)])
        case .notStarted(let program, let error):
            line = Words.text(
                "cannot run {program}: {reason}", ["program": program, "reason": SystemErrorText.describe(error)])
        }
        if let stderr = outcome.stderr { line += Words.text("; stderr: {line}", ["line": stderr]) }
        return line
    }
}
