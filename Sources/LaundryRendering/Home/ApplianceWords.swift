import FoundationEssentials
import LaundryCore

/// What the popups say about a washer or a dryer that a smart plug watches.
public enum ApplianceWords {
    /// The timer ran out, the plug says the machine still draws power.
    public static func stillRunning(_ appliance: Appliance) -> String {
        switch appliance {
        case .washer: return Words.text("Should be done — the washer is still running.")
        case .dryer: return Words.text("Should be done — the dryer is still running.")
        }
    }

    /// The load ended when the plug said the machine stopped, not by its timer.
    public static func stopped(_ appliance: Appliance) -> String {
        switch appliance {
        case .washer: return Words.text("The washer has stopped.")
        case .dryer: return Words.text("The dryer has stopped.")
        }
    }

    /// The popup asking whose load a just-started appliance runs: a button per pet (`load:<uuid>`) and `not-laundry`.
    public static func whoseLoad(_ appliance: Appliance, id: UUID, pets: [Pet], buttons: Bool) -> NotificationContent {
        let summary: String
        switch appliance {
        case .washer: summary = Words.text("The washer started: whose load is it?")
        case .dryer: summary = Words.text("The dryer started: whose load is it?")
        }
        let names = pets.map { UnsafeText.displayable($0.identity.name) }
        let body =
            buttons
            ? Words.text("Pick the pet; its timer starts now and ends when the machine stops.")
            : Words.text(
                "Start its timer with: {command}", ["command": "laundry \(appliance == .washer ? "wash" : "dry") …"])
                + (names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")")
        let actions =
            buttons
            ? zip(pets, names).map { NotificationContent.Action(key: "load:" + $0.0.id.lowercasedText, label: $0.1) }
                + [NotificationContent.Action(key: "not-laundry", label: Words.text("Not laundry"))] : []
        return NotificationContent(
            petID: id, summary: summary, body: body, actions: actions, urgency: .normal,
            category: "x-laundry.appliance", loadID: nil, reason: nil)
    }
}
