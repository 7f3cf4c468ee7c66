import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// The popups: what is posted, withdrawn and posted again on a new server, and the log lines
/// they make.
extension DaemonEngine {
    func withdrawIfStale(_ service: PetTimerService) {
        guard let popup = popups[service.id], !popup.subject.holds(for: service.view(at: now), at: now) else { return }
        popups[service.id] = nil
        notifier.close(petID: service.id)
        logger.info(
            "withdrew the popup for \(name(of: service.id)): it no longer holds"
        )
    }

    /// Posts one notification, starts or rings the alarm it calls for, and runs the hook.
    func announce(_ announcement: Announcement, about state: PetState) {
        var announcement = announcement
        if case .finished(let kind, _) = announcement.reason, announcement.load?.stoppedBy == nil {
            announcement.stillRunning = stillRunning.first { $0.runs(kind) }
        }
        if case .finished = announcement.reason { acknowledgedFinishes.remove(announcement.petID) }
        if let event = announcement.reason.homeEvent {
            onPetEvent?(announcement.petID, event, announcement.load?.id)
        }
        let time = now
        let quietNow = quiet.isOn(at: time)
        // Worded once: the popup, the log and the hook say the same.
        let words = writer.words(for: announcement)
        popups[announcement.petID] = PopupSubject(announcement.reason, state: state).map {
            Popup(subject: $0, words: words)
        }
        if let hook = config.hook {
            hooks?.run(words.hookEvent, command: hook, timeout: config.hookTimeoutSeconds, quiet: quietNow)
        }
        bell.announced(announcement.reason, for: announcement.petID, at: time, config: config, quietNow: quietNow)
        post(words, quietNow: quietNow)
    }

    /// Shows the popup of an announcement (nothing else: no sound, no hook), or says why not.
    func post(_ words: AnnouncementWords, quietNow: Bool, again: Bool = false) {
        let server = notifier.server ?? notifier.refreshServer()
        // A server whose answer timed out (under load) is taken to show buttons: `show` asks it
        // again, a server without actions ignores them, and with no server nothing is shown.
        var content = words.content(markup: server?.hasBodyMarkup ?? false, buttons: server?.hasActions ?? true)
        if quietNow { content.urgency = .normal }
        let line = { words.logLine }
        guard config.notifications else {
            logSoon { "notification (disabled in config.json): \(line())" }
            return
        }
        switch notifier.show(content) {
        case .posted:
            let how = again ? " again, on the new notification server" : quietNow ? " (quiet hours: no sound)" : ""
            logSoon { "notified\(how): \(line())" }
        case .noServer(let reason):
            logSoon { "not shown (\(reason)): \(line())" }
            ringBell()
        }
    }

    /// A notification that went out was not shown after all: the log and any `laundry watch` have
    /// it, and it is posted again when a server appears.
    func notShown(_ pet: UUID, because reason: String) {
        let what =
            popups[pet].map(\.words.logLine) ?? (name(of: pet))
        logger.info("not shown (\(reason)): \(what); it is posted again when a notification server appears")
        ringBell()
    }

    /// Another notification server took over (nil: none is left). Every popup that still holds is
    /// posted again there, silently: its alarm rings on as it was.
    func serverChanged(to server: ServerInfo?) {
        writeUnwrittenNotes()
        guard let server else {
            logger.info("the notification server left the session bus; notifications go to this log until one appears")
            return
        }
        logger.info("notification server: \(server) (it took over; what should be on screen is posted again)")
        let time = now
        let quietNow = quiet.isOn(at: time)
        for (pet, popup) in popups.sorted(by: { $0.key < $1.key }) {
            guard popup.subject.holds(for: services[pet]?.view(at: time), at: time) else {
                popups[pet] = nil
                continue
            }
            post(popup.words, quietNow: quietNow, again: true)
        }
    }

    func logSoon(_ line: @escaping () -> String) {
        if heldLogLines != nil { heldLogLines?.append(line) } else { logger.info(line: line()) }
    }
}
