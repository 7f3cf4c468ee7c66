import LaundryActions
import LaundryCore

/// The words of `CommandError` and `ActionError`.
extension ErrorText {
    static func actionLine(_ error: ActionError) -> String {
        switch error {
        case .invalidFakeNow(let text):
            return "LAUNDRY_FAKE_NOW='\(shown(text))' is not an ISO 8601 date-time such as 2026-11-21T10:00:00Z; "
                + "unset it to use the real clock"
        }
    }

    static func commandLine(_ error: CommandError) -> String {
        switch error {
        case .releaseNeedsConfirmation(let pet):
            return "releasing \(shown(pet)) takes it off every machine's list and stops its timer; to confirm, run: "
                + "laundry release \(ShellQuote.quote(shown(pet))) --yes"
        case .noNotificationServer(let advice):
            return advice
        case .soundFailed(let reason, let advice):
            return "\(shown(reason)); \(advice)"
        case .followedFolderGone(let path):
            return "\(shown(path)) is gone (moved or deleted), so the stream has stopped; "
                + "start it again once LAUNDRY_HOME is back"
        case .followFailed(let call, let reason):
            return "the stream stopped: \(call) failed (\(reason)); start it again"
        case .notificationRefused(let server):
            return "the notification server \(shown(server)) refused the test notification"
        }
    }
}
