import LaundryActions
import LaundryCore

/// The words of `CommandError` and `ActionError`.
extension ErrorText {
    static func actionLine(_ error: ActionError) -> String {
        switch error {
        case .invalidFakeNow(let text):
            return Words.text(
                "LAUNDRY_FAKE_NOW='{text}' is not an ISO 8601 date-time such as 2026-11-21T10:00:00Z; unset "
                    + "it to use the real clock",
                ["text": shown(text)])
        case .ambiguousLoad(let prefix, let candidates):
            return Words.text(
                "'{prefix}' starts the ids of several loads ({loads}); give more of the id",
                [
                    "prefix": shown(prefix),
                    "loads": candidates.prefix(5).map { String($0.prefix(12)) }.joined(separator: ", "),
                ])
        case .noPlanFits(let finishBy, let need, let quiet, let wait):
            let values = [
                "time": finishBy, "need": DurationText.length(need), "wait": DurationText.length(wait),
                "quiet": quiet ?? "",
            ]
            return quiet == nil
                ? Words.text(
                    "no start fits before {time}: the wash and the dryer take {need}, with at most {wait} wet between "
                        + "them; give a later --finish-by or a longer --max-wait", values)
                : Words.text(
                    "no start fits before {time}: the wash and the dryer take {need}, started outside quiet hours "
                        + "({quiet}), with at most {wait} wet between them; give a later --finish-by or a longer "
                        + "--max-wait", values)
        }
    }

    static func commandLine(_ error: CommandError) -> String {
        switch error {
        case .releaseNeedsConfirmation(let pet):
            return Words.text(
                "releasing {pet} takes it off every machine's list and stops its timer; to confirm, run: "
                    + "laundry release --yes {command}",
                ["pet": shown(pet), "command": ShellQuote.argument(shown(pet))])
        case .noNotificationServer(let advice):
            return advice
        case .soundFailed(let reason, let advice):
            return Words.text("{reason}; {advice}", ["reason": shown(reason), "advice": advice])
        case .followedFolderGone(let path):
            return Words.text(
                "{path} is gone (moved or deleted), so the stream has stopped; start it again once "
                    + "LAUNDRY_HOME is back",
                ["path": shown(path)])
        case .followFailed(let call, let reason):
            return Words.text(
                "the stream stopped: {call} failed ({reason}); start it again", ["call": call, "reason": reason])
        case .unknownCommand(let word, let command, nil):
            return Words.text(
                "no command called '{word}'; see them all with: {command} --help",
                ["word": shown(word), "command": command])
        case .unknownCommand(let word, let command, let suggestion?):
            return Words.text(
                "no command called '{word}'; did you mean '{suggestion}'? see them all with: {command} --help",
                ["word": shown(word), "command": command, "suggestion": suggestion])
        case .lengthWithoutOption(let option, let fixed):
            return Words.text(
                "to give a length, write {option} before it: {command}", ["option": option, "command": fixed])
        case .notificationRefused(let server):
            return Words.text(
                "the notification server {server} refused the test notification", ["server": shown(server)])
        }
    }
}
