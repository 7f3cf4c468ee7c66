import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// The popups: what is posted, withdrawn and posted again on a new server, and the log lines they make.
extension DaemonEngine {
    func withdrawIfStale(_ service: PetTimerService) {
        guard let popup = popups.shown[service.id], !popup.subject.holds(for: service.view(at: now), at: now) else {
            return
        }
        popups.withdraw(service.id)
        logger.info(
            "withdrew the popup for \(name(of: service.id)): it no longer holds",
            metadata: ["surface": "popup", "pet": "\(name(of: service.id))", "withdrawn": "true"])
    }

    /// Posts one notification and starts or rings the alarm it calls for; then every surface is told.
    func announce(_ announcement: Announcement, about state: PetState) {
        var announcement = announcement
        if case .finished(let kind, _) = announcement.reason, announcement.load?.stoppedBy == nil {
            announcement.stillRunning = stillRunning.first { $0.runs(kind) }
        }
        // A wet load's finish (or nudge) says when the dryer frees up, if another load is in it.
        if announcement.isAboutWetLoad, announcement.dryer == nil { announcement.dryer = dryer.wait(for: state) }
        // A load resumed elsewhere and finished again is told again, and may be dealt with again.
        if case .finished = announcement.reason, let load = announcement.load { acknowledgedFinishes.remove(load.id) }
        let time = now
        let quietNow = quiet.isOn(at: time)
        let words = writer.words(for: announcement)
        popups.shown[announcement.petID] = PopupSubject(announcement.reason, state: state).map {
            Popups.Popup(subject: $0, words: words)
        }
        bell.announced(announcement.reason, for: announcement.petID, at: time, config: config, quietNow: quietNow)
        post(words, quietNow: quietNow)
        tell(.announced(words))
    }

    /// Shows the popup of an announcement (nothing else: no sound, no other surface), or says why not.
    func post(_ words: AnnouncementWords, quietNow: Bool, again: Bool = false) {
        let server = notifier.server ?? notifier.refreshServer()
        // A server that timed out (under load) is assumed to show buttons; one without ignores them; `show` asks again.
        var content = words.content(markup: server?.hasBodyMarkup ?? false, buttons: server?.hasActions ?? true)
        if quietNow { content.urgency = .normal }
        var about = Self.metadata(words.announcement)
        if quietNow { about["sound"] = "off" }
        guard config.notifications else {
            logger.info("notification (disabled in config.json): \(words.logLine)", metadata: about)
            return
        }
        switch notifier.show(content) {
        case .posted:
            let how = again ? " again, on the new notification server" : quietNow ? " (quiet hours: no sound)" : ""
            if again { about["again"] = "newServer" }
            logger.info("notified\(how): \(words.logLine)", metadata: about.merging(["shown": "true"]) { $1 })
        case .noServer(let reason):
            logger.warning(
                "not shown (\(reason)): \(words.logLine)",
                metadata: about.merging(["shown": "false", "reason": "\(reason)"]) { $1 })
            popups.ringBell()
        }
    }

    /// What a popup's log line is about, for `--log-format json`: the pet, the load, the event.
    static func metadata(_ announcement: Announcement) -> Logger.Metadata {
        var about: Logger.Metadata = [
            "surface": "popup", "pet": "\(announcement.petName)", "petId": "\(announcement.petID.lowercasedText)",
            "event": "\(announcement.reason.eventName)",
        ]
        if let load = announcement.loadID { about["load"] = "\(load.lowercasedText)" }
        if let appliance = announcement.load?.stoppedBy { about["stoppedBy"] = "\(appliance)" }
        if let appliance = announcement.stillRunning { about["stillRunning"] = "\(appliance.rawValue)" }
        if case .busy(let busy) = announcement.dryer {
            about["dryerBusy"] = "true"
            about["dryerFreeAt"] = "\(busy.until.map(Timestamp.formatSeconds) ?? "unknown")"
        }
        return about
    }

    /// Not shown after all: the log and any `laundry watch` have it; it is posted again when a server appears.
    func notShown(_ pet: UUID, because reason: String) {
        let what = popups.shown[pet]?.words.logLine ?? name(of: pet)
        logger.warning(
            "not shown (\(reason)): \(what); it is posted again when a notification server appears",
            metadata: ["surface": "popup", "pet": "\(name(of: pet))", "shown": "false", "reason": "\(reason)"])
        popups.ringBell()
    }

    /// A new notification server (nil: none): popups still holding are reposted there silently; alarms ring on.
    func serverChanged(to server: ServerInfo?) {
        guard let server else {
            logger.warning(
                "the notification server left the session bus; notifications go to this log until one appears",
                metadata: ["surface": "notificationServer", "event": "left"])
            return
        }
        logger.info(
            "notification server: \(server) (it took over; what should be on screen is posted again)",
            metadata: ["surface": "notificationServer", "event": "tookOver", "server": "\(server.name)"])
        let time = now
        let quietNow = quiet.isOn(at: time)
        for (pet, popup) in popups.shown.sorted(by: { $0.key < $1.key }) {
            guard popup.subject.holds(for: services[pet]?.view(at: time), at: time) else {
                popups.shown[pet] = nil
                continue
            }
            post(popup.words, quietNow: quietNow, again: true)
        }
    }
}
