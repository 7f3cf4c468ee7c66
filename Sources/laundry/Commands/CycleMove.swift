import LaundryCore
import LaundryRendering

/// The commands of the cycle (`wash`, `dry`, …) all do the same: one move on one pet, then a report.
enum CycleMove {
    static func run(_ action: PetAction, on pet: String) throws {
        let context = try AppContext.make()
        defer { context.reportWarnings() }
        let state = try context.laundry.perform(action, on: pet)
        context.print(CommandReport.moved(action, state, now: context.laundry.now))
        if let learned = context.laundry.lastLearned {
            context.print([CommandReport.learned(learned, washes: { if case .wash = action { true } else { false } }())]
            )
        }
    }
}
