import FoundationEssentials
import LaundryCore

/// Before notes were kept per device, the notification service wrote them into the pet's own
/// files (`sentHealthWarnings`, `loadReminder` in the pet, `notified` in the timer). Read once,
/// when a machine has no notes of its own yet, so an upgrade announces nothing a second time.
enum LegacyNotes {
    private struct PetFields: Decodable {
        var sentHealthWarnings: [Int]?
        var loadReminder: LoadReminder?
    }

    private struct TimerFields: Decodable {
        var id: UUID
        var notified: Bool?
    }

    static func read(_ id: UUID, paths: LaundryPaths) -> DeviceNotes {
        var notes = DeviceNotes(petID: id)
        let decoder = JSONCoding.decoder()
        if case .data(let data)? = try? PosixFile.read(paths.petFile(id)),
            let fields = try? decoder.decode(PetFields.self, from: data)
        {
            notes.warningsSent = Set(fields.sentHealthWarnings ?? [])
            notes.loadReminder = fields.loadReminder
        }
        if case .data(let data)? = try? PosixFile.read(paths.timerFile(id)),
            let fields = try? decoder.decode(TimerFields.self, from: data), fields.notified == true
        {
            notes.announcedLoad = fields.id
        }
        return notes
    }
}
