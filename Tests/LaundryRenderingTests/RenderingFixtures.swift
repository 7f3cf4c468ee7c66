import Foundation
import LaundryCore

/// Pets in known states at a fixed moment, rendered in UTC so golden strings hold on any machine.
enum RenderingFixtures {
    static let now = Timestamp.parse("2026-11-21T10:00:00Z")!
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }()
    static let clothes = Kind(
        id: "clothes", name: "Clothes", emoji: "👕", washSeconds: 2700, drySeconds: 3600,
        cycleDays: 5, personality: ["happy": ["{name} is fresh."]])
    static let sheets = Kind(
        id: "sheets", name: "Sheets", emoji: "🛏️", washSeconds: 3600, drySeconds: 3600,
        cycleDays: 14)
    static let kinds = KindCatalog(defaultKind: "clothes", kinds: [clothes, sheets])

    static func state(
        _ name: String, kind: Kind = clothes, createdHoursAgo: Double = 24,
        washingFor minutes: Int? = nil, startedMinutesAgo: Double = 5
    ) -> PetState {
        var state = PetState(
            pet: Pet(
                name: try! PetName(name), kind: kind,
                createdAt: now.addingTimeInterval(-createdHoursAgo * 3600)))
        if let minutes {
            _ = try! StageMachine.wash(
                &state, for: .minutes(minutes), at: now.addingTimeInterval(-startedMinutesAgo * 60))
        }
        return state
    }
}
