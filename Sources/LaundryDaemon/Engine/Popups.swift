import FoundationEssentials
import LaundryCore
import LaundryRendering

/// The engine's popups: each pet's words and subject (withdrawn once untrue, reposted on a new server); no-pet popups.
final class Popups {
    struct Popup {
        let subject: PopupSubject
        let words: AnnouncementWords
    }

    let notifier: any Notifier
    /// Rings the terminal of any running `laundry watch` when no server could show a notification.
    let ringBell: () -> Void
    /// The last announcement of each pet, shown or not.
    var shown: [UUID: Popup] = [:]
    /// Buttons of popups that are not about one pet, by the popup's id.
    var otherButtons: [UUID: (String) -> Void] = [:]

    init(notifier: any Notifier, ringBell: @escaping () -> Void) {
        self.notifier = notifier
        self.ringBell = ringBell
    }

    /// The finished load the pet's popup announced, if its popup is about a finish.
    func finishShown(for pet: UUID) -> (load: Load, pet: PetReference)? {
        guard let popup = shown[pet], case .finished = popup.words.announcement.reason,
            let load = popup.words.announcement.load
        else { return nil }
        return (load, PetReference(id: pet, name: popup.words.announcement.petName))
    }

    /// A button of a popup that is not about a pet: its handler runs. False when it is a pet's.
    func pressedOther(_ id: UUID, _ key: String) -> Bool {
        guard let other = otherButtons[id] else { return false }
        other(key)
        return true
    }

    func withdraw(_ pet: UUID) {
        guard shown.removeValue(forKey: pet) != nil else { return }
        notifier.close(petID: pet)
    }
}
