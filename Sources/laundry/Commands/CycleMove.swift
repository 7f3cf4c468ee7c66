import LaundryCore
import LaundryRendering

/// The commands of the cycle (`wash`, `dry`, …) all do the same: one move on one pet, then a report.
enum CycleMove {
    static func run(_ action: PetAction, on pet: String) throws {
        let context = try AppContext.make()
        defer { context.reportWarnings() }
        let state = try context.laundry.perform(action, on: pet)
        context.print(CommandReport.moved(action, state, now: context.laundry.now))
        guard let learned = context.laundry.lastLearned else { return }
        switch action {
        case .wash(_, let programme):
            context.print([CommandReport.learned(learned, washes: true, programme: programme)])
        case .dry(_, let programme):
            context.print([CommandReport.learned(learned, washes: false, programme: programme)])
        default: break
        }
    }
}
