import LaundryCore

/// An announcement worded once (`AnnouncementWriter.words`): popup, daemon log line and hook event share these texts.
public struct AnnouncementWords: Sendable {
    /// A text as it is, and with the pet's values escaped for a server that reads body markup.
    public struct Text: Sendable, Equatable {
        public var plain: String
        public var markup: String

        init(plain: String, markup: String) {
            self.plain = plain
            self.markup = markup
        }

        /// A text with no value in it: the same in both forms.
        init(same text: String) { (plain, markup) = (text, text) }

        static func += (text: inout Text, more: Text) {
            text.plain += more.plain
            text.markup += more.markup
        }
    }

    public let announcement: Announcement
    public let summary: String
    let body: Text
    /// "Type: laundry dry 'Socks'", for a server without buttons; nil when there is nothing to type.
    let typeLine: Text?
    /// The buttons, with the click on the popup last; empty for the test popup.
    let actions: [NotificationContent.Action]
    let urgency: NotificationContent.Urgency
    let category: String
    /// The command that deals with it, as a person would type it.
    public let command: String

    /// What a server shows: markup escaped where it reads markup, the command to type where it shows no buttons.
    public func content(markup: Bool, buttons: Bool) -> NotificationContent {
        var text = markup ? body.markup : body.plain
        if !buttons, let typeLine { text += markup ? typeLine.markup : typeLine.plain }
        return NotificationContent(
            petID: announcement.petID, summary: summary, body: text, actions: buttons ? actions : [],
            urgency: urgency, category: category, loadID: announcement.loadID, reason: announcement.reason)
    }

    /// The daemon log's words for it: plain, one line.
    public var logLine: String {
        "\(summary) — \(body.plain.split(separator: "\n").joined(separator: " "))"
    }

    /// What a hook is told: plain text (no markup, no "Type:" line) and the command.
    public var hookEvent: HookEvent {
        let load = announcement.load.map {
            HookEvent.Load(id: $0.id, petID: announcement.petID, petName: announcement.petName, endsAt: $0.endsAt)
        }
        var event = HookEvent(
            event: announcement.reason.eventName, petID: announcement.reason == .test ? nil : announcement.petID,
            petName: announcement.petName, summary: summary, body: body.plain, command: command, load: load)
        if announcement.isAboutWetLoad {
            switch announcement.dryer {
            case .busy(let busy): event.dryer = HookEvent.DryerNews(busy: true, freeAt: busy.until)
            case .freed(let freedAt, _): event.dryer = HookEvent.DryerNews(busy: false, freeAt: freedAt)
            case nil: event.dryer = HookEvent.DryerNews(busy: false, freeAt: nil)
            }
        }
        return event
    }
}
