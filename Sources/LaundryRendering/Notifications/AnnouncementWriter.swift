import LaundryCore

/// Turns an announcement into a notification, from the catalogue's texts and what the server can do.
public struct AnnouncementWriter: Sendable {
    public let messages: MessageCatalog

    public init(messages: MessageCatalog) { self.messages = messages }

    /// `markup`: escape the name in the body; `buttons`: the server shows actions (else the body names the command).
    public func content(for announcement: Announcement, markup: Bool, buttons: Bool) -> NotificationContent {
        words(for: announcement).content(markup: markup, buttons: buttons)
    }

    /// The announcement worded once (values plain, and escaped for markup): popup, log line and hook event use it.
    public func words(for announcement: Announcement) -> AnnouncementWords {
        let template = self.template(for: announcement.reason)
        // As tables show it (an RTL mark in a synced name cannot reorder a popup); the command keeps it raw, to paste.
        let name = UnsafeText.displayable(announcement.petName)
        var ago = ""
        switch announcement.reason {
        case .neglected(_, let waiting), .nudged(_, _, let waiting), .dryerFree(let waiting):
            ago = DurationText.rough(waiting)
        case .finished(_, .late(let seconds)), .finished(_, .whileAsleep(let seconds)):
            ago = DurationText.rough(seconds)
        default: break
        }
        // Worked out once: with a thousand loads ending together this runs a thousand times.
        let quoted = ShellQuote.argument(announcement.petName)
        var plain = ["name": name, "quoted": quoted, "health": String(announcement.health), "ago": ago]
        if case .headsUp(let kind, let minutes) = announcement.reason {
            plain["minutes"] = String(minutes)
            plain["icon"] = kind.icon
        }
        var escaped = plain
        escaped["name"] = Self.escapeMarkup(name)
        escaped["quoted"] = Self.escapeMarkup(quoted)
        func body(_ text: String) -> AnnouncementWords.Text {
            AnnouncementWords.Text(plain: messages.fill(text, plain), markup: messages.fill(text, escaped))
        }
        var main = body(template.body)
        if case .nudged(let person, _, _) = announcement.reason {
            let line = Words.text("👉 {person} nudges you.", ["person": UnsafeText.displayable(person.name)])
            main = AnnouncementWords.Text(
                plain: line + "\n" + main.plain, markup: Self.escapeMarkup(line) + "\n" + main.markup)
        }
        switch announcement.reason {
        case .finished(_, .late(let seconds)) where seconds > 0:
            main += body(messages.catchUp)
        case .finished(_, .whileAsleep(let seconds)):
            main += body(seconds < 60 ? messages.sleptJustNow : messages.slept)
        default:
            break
        }
        if let appliance = announcement.stillRunning {
            main += AnnouncementWords.Text(same: "\n" + ApplianceWords.stillRunning(appliance))
        } else if case .finished = announcement.reason, let appliance = announcement.load?.stoppedBy {
            main += AnnouncementWords.Text(same: "\n" + ApplianceWords.stopped(appliance))
        }
        if case .busy(let busy) = announcement.dryer {
            main += AnnouncementWords.Text(same: "\n" + DryerWords.busy(busy))
        }
        var typeLine: AnnouncementWords.Text?
        if !template.command.isEmpty {
            let command = body(template.command)
            typeLine = AnnouncementWords.Text(
                plain: "\n" + TextTemplate.fill(messages.typeCommand, ["command": command.plain]),
                markup: "\n" + TextTemplate.fill(messages.typeCommand, ["command": command.markup]))
        }
        // `default` is a click on the popup itself: it acknowledges (stops the alarm) and changes nothing.
        let click = NotificationContent.Action(key: ButtonKey.click.rawValue, label: messages.click)
        let actions =
            announcement.reason != .test
            ? template.actions.map { NotificationContent.Action(key: $0.key, label: $0.label) } + [click] : []
        let command = TextTemplate.fill(template.command, ["quoted": quoted, "name": announcement.petName])
        return AnnouncementWords(
            announcement: announcement, summary: messages.fill(template.summary, plain), body: main,
            typeLine: typeLine, actions: actions,
            urgency: NotificationContent.Urgency(rawValue: template.urgency) ?? .normal,
            category: category(for: announcement.reason), command: command)
    }

    private func template(for reason: Announcement.Reason) -> MessageCatalog.Template {
        switch reason {
        case .finished(.wash, _): return messages.washDone
        case .finished(.dry, _): return messages.dryDone
        case .finished(.extraDry, _): return messages.extraDryDone
        case .healthWarning(let threshold):
            switch threshold {
            case 0: return messages.warning0
            case 5: return messages.warning5
            case 10: return messages.warning10
            default: return messages.warning25
            }
        case .neglected(let stage, _): return stage == .dried ? messages.nagDried : messages.nagWashed
        case .dryerFree: return messages.dryerFree
        case .nudged(_, .dried, _): return messages.nagDried
        case .nudged(_, .washed, _): return messages.nagWashed
        // Nothing waits: a nudge to wash it.
        case .nudged: return messages.warning25
        case .headsUp: return messages.headsUp
        case .test: return messages.test
        }
    }

    private func category(for reason: Announcement.Reason) -> String {
        switch reason {
        case .finished: return "x-laundry.done"
        case .healthWarning: return "x-laundry.warning"
        case .neglected, .nudged, .dryerFree: return "x-laundry.reminder"
        case .headsUp: return "x-laundry.heads-up"
        case .test: return "x-laundry.test"
        }
    }

    public func hookEvent(for announcement: Announcement) -> HookEvent { words(for: announcement).hookEvent }

    /// What a hook is told when a load starts, changes or stops early; `ends`: the load's end as a person reads it.
    public func hookEvent(for change: LoadChange, petName: String, ends: String) -> HookEvent {
        let load: Load
        let line: MessageCatalog.Line
        let event: String
        var why = ""
        var what = ""
        var changeName: String?
        // Running to an end: the hook gets what the finish will say there.
        var runsToAnEnd = false
        switch change {
        case .started(let timer):
            (load, line, event, runsToAnEnd) = (timer, messages.loadStarted, "loadStarted", true)
        case .changed(let timer, let kind):
            (load, line, event, changeName) = (timer, messages.loadChanged, "loadChanged", kind.rawValue)
            switch kind {
            case .moved: (what, runsToAnEnd) = (TextTemplate.fill(messages.changes.moved, ["ends": ends]), true)
            case .paused: what = messages.changes.paused
            case .finished: what = messages.changes.finished
            }
        case .stopped(let timer, let stop):
            (load, line, event) = (timer, messages.loadStopped, "loadStopped")
            switch stop {
            case .cancelled: why = messages.stopReasons.cancelled
            case .released: why = messages.stopReasons.released
            case .replaced: why = messages.stopReasons.replaced
            }
        }
        let values = [
            "name": UnsafeText.displayable(petName), "icon": load.kind.icon, "ends": ends, "why": why, "what": what,
        ]
        var told = HookEvent(
            event: event, petID: load.petID, petName: petName, summary: messages.fill(line.summary, values),
            body: messages.fill(line.body, values), command: "",
            load: HookEvent.Load(
                id: load.id, petID: load.petID, petName: petName, endsAt: load.endsAt, isPaused: load.isPaused))
        told.change = changeName
        guard runsToAnEnd else { return told }
        // What the finish will say (no health in its templates: 100 stands in), for a phone if this computer cannot.
        let finish = hookEvent(
            for: Announcement(
                petID: load.petID, petName: petName, health: 100, reason: .finished(load.kind, .onTime), load: load))
        told.due = HookEvent.Due(summary: finish.summary, body: finish.body)
        return HookEvent(
            event: told.event, petID: told.petID, petName: petName, summary: told.summary, body: told.body,
            command: finish.command, load: told.load, due: told.due, change: told.change)
    }

    /// What a hook is told when a finished load was dealt with (acknowledged on any surface).
    public func acknowledgedHookEvent(for load: Load, petName: String) -> HookEvent {
        let values = ["name": UnsafeText.displayable(petName), "icon": load.kind.icon]
        return HookEvent(
            event: "loadAcknowledged", petID: load.petID, petName: petName,
            summary: messages.fill(messages.loadAcknowledged.summary, values),
            body: messages.fill(messages.loadAcknowledged.body, values), command: "",
            load: HookEvent.Load(id: load.id, petID: load.petID, petName: petName, endsAt: load.endsAt))
    }

    /// What a hook is told when this computer sleeps with loads running (soonest first); `lastEnds`: the last end.
    public func sleepingHookEvent(running: [HookEvent.Load], lastEnds: String) -> HookEvent {
        let values = ["loads": Words.count(running.count, "{count} load", "{count} loads"), "ends": lastEnds]
        return HookEvent(
            event: "sleeping", petID: nil, petName: "", summary: TextTemplate.fill(messages.sleeping.summary, values),
            body: TextTemplate.fill(messages.sleeping.body, values), command: "", running: running)
    }

    /// Escapes text for the notification body's markup (a small subset of HTML).
    public static func escapeMarkup(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
