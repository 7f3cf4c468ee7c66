/// What the command line itself refuses, apart from the errors of the layers below it.
public enum CommandError: Error, Equatable, Sendable {
    /// `release` without `--yes` where nobody can answer the question.
    case releaseNeedsConfirmation(pet: String)
    /// No notification server answered; `advice` says what to do.
    case noNotificationServer(advice: String)
    case notificationRefused(server: String)
    case soundFailed(reason: String, advice: String)
    /// A folder `status --follow` watches was removed or moved away.
    case followedFolderGone(path: String)
    /// The stream's own wait failed (a system call, with `strerror`'s words).
    case followFailed(call: String, reason: String)
    /// A word where a command goes that names none (`laundry stauts`); `command` is the words before it.
    case unknownCommand(String, in: String, suggestion: String?)
    /// A bare length after a pet: `fixed` is the line with `option` before it, ready to paste.
    case lengthWithoutOption(option: String, fixed: String)
}
