import FoundationEssentials
import LaundryCore

/// What the panel's tray icon shows now: its status, the soonest load's time left as its label, a tooltip listing every
/// load running and every finish waiting, and a menu with a section per pet holding the buttons its popup would offer.
public struct TrayView: Equatable, Sendable {
    /// StatusNotifierItem's statuses, as the host reads them.
    public enum Status: String, Sendable {
        /// Nothing runs or waits: hosts may hide the icon.
        case passive = "Passive"
        case active = "Active"
        /// A finish waits to be dealt with: hosts show the attention icon.
        case needsAttention = "NeedsAttention"
    }

    /// A load in the menu: a heading (its pet, stage and time left) and the buttons that act on it now.
    public struct Section: Equatable, Sendable {
        public let petID: UUID
        public let loadID: UUID
        /// As a menu shows it: underscores doubled (a single one would mark a mnemonic).
        public let heading: String
        public let buttons: [Button]
    }

    public struct Button: Equatable, Sendable {
        public let key: ButtonKey
        /// As a menu shows it: underscores doubled.
        public let label: String
    }

    public var status: Status
    /// The soonest running load's time left ("12 min"); empty while none counts down.
    public var label: String
    /// The widest label it may take, so a host can keep its width.
    public var labelGuide: String
    public var tooltipTitle: String
    /// One line per load, markup escaped (the host reads it as markup).
    public var tooltipBody: String
    public var sections: [Section]

    /// A finished load waiting to be dealt with, and the buttons its finish popup offered.
    public struct Waiting: Equatable, Sendable {
        public let name: String
        public let load: Load
        public let buttons: [NotificationContent.Action]

        public init(name: String, load: Load, buttons: [NotificationContent.Action]) {
            self.name = name
            self.load = load
            self.buttons = buttons
        }
    }

    /// Nothing running or waiting (no time or zone read: nothing is timed).
    public static let nothing = of(running: [], waiting: [], at: Date(timeIntervalSince1970: 0), zone: LocalZone(.gmt))

    /// The view of these loads: `running` counting down or paused, `waiting` finished and not yet dealt with.
    public static func of(
        running: [(name: String, load: Load)], waiting: [Waiting], at now: Date, zone: LocalZone
    ) -> TrayView {
        let running = running.sorted {
            ($0.load.isPaused ? 1 : 0, $0.load.endsAt) < ($1.load.isPaused ? 1 : 0, $1.load.endsAt)
        }
        let waiting = waiting.sorted { $0.load.endsAt < $1.load.endsAt }
        let status: Status = !waiting.isEmpty ? .needsAttention : running.isEmpty ? .passive : .active
        let soonest = running.first { !$0.load.isPaused }
        let label = soonest.map { left($0.load, at: now) } ?? ""
        var lines: [String] = []
        var sections: [Section] = []
        for (name, load) in running {
            let line = runningLine(name: name, load: load, at: now, zone: zone)
            lines.append(AnnouncementWriter.escapeMarkup(line))
            let buttons = LiveCard.content(for: load, petName: name, at: now, zone: zone, buttons: true).actions
            sections.append(
                Section(
                    petID: load.petID, loadID: load.id, heading: menuText(line),
                    buttons: buttons.compactMap(button)))
        }
        for entry in waiting {
            let line = waitingLine(name: entry.name, load: entry.load, zone: zone, now: now)
            lines.append(AnnouncementWriter.escapeMarkup(line))
            // The popup's buttons, its click (which only acknowledges) shown as the words a person picks.
            let offered = entry.buttons.filter { $0.key != ButtonKey.click.rawValue }.compactMap(button)
            sections.append(
                Section(
                    petID: entry.load.petID, loadID: entry.load.id, heading: menuText(line),
                    buttons: offered + [Button(key: .click, label: menuText(Words.text("Got it")))]))
        }
        // The program's name, in every language.
        let title = "laundry"
        return TrayView(
            status: status, label: label, labelGuide: DurationText.rough(88 * 60), tooltipTitle: title,
            tooltipBody: lines.isEmpty ? Words.text("Nothing in the machines.") : lines.joined(separator: "\n"),
            sections: sections)
    }

    /// "12 min", as the live card counts: whole minutes rounded up.
    static func left(_ load: Load, at now: Date) -> String {
        DurationText.rough(Double(LiveCard.minutesLeft(of: load, at: now) * 60))
    }

    static func runningLine(name: String, load: Load, at now: Date, zone: LocalZone) -> String {
        let values = [
            "icon": load.kind.icon, "name": UnsafeText.displayable(name), "left": left(load, at: now),
            "stage": load.kind.runningStage.predicate,
            "ends": LocalTime.clock(load.endsAt, now: now, zone: zone),
        ]
        return load.isPaused
            ? Words.text("{icon} {name}: {stage}, paused with {left} left", values)
            : Words.text("{icon} {name}: {stage}, {left} left (done at {ends})", values)
    }

    static func waitingLine(name: String, load: Load, zone: LocalZone, now: Date) -> String {
        let values = [
            "icon": load.kind.icon, "name": UnsafeText.displayable(name),
            "stage": load.kind.finishedStage.predicate, "ended": LocalTime.clock(load.endsAt, now: now, zone: zone),
        ]
        return Words.text("{icon} {name}: {stage} at {ended}, waiting for you", values)
    }

    private static func button(_ action: NotificationContent.Action) -> Button? {
        ButtonKey(rawValue: action.key).map { Button(key: $0, label: menuText(action.label)) }
    }

    /// A menu label shows a single underscore as a mnemonic's mark: each is doubled to be shown as written.
    public static func menuText(_ text: String) -> String { text.replacing("_", with: "__") }
}
