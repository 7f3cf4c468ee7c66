import ArgumentParser

struct Fold: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fold",
        abstract: "Finish a pet's cycle: fold it after drying (or air-drying after the wash).",
        discussion: "Health goes back to 100% and the streak grows."
    )

    @OptionGroup var target: PetArgument

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        let state = try context.laundry.perform(.fold, on: target.pet)
        let pet = state.pet
        print("🧺 Folded \(TerminalText.sanitize(pet.name))! Health \(pet.health(at: context.now))%, streak \(pet.currentStreak), \(pet.totalCycles) loads in all.")
    }
}
