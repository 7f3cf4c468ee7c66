import ArgumentParser
import LaundryCore

struct Snooze: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze",
        abstract: "Hold back a pet's reminders and health warnings for a while (10 minutes unless --for is given)."
    )

    @OptionGroup var target: PetArgument
    @OptionGroup var length: ForDurationOption

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        let state = try context.laundry.perform(.snooze(length.duration), on: target.pet)
        context.ensureDaemonRunning()
        guard let until = state.pet.snoozedUntil else { return }
        print("💤 Snoozed \(TerminalText.sanitize(state.pet.name))'s reminders until \(LocalTime.clock(until, now: context.now)).")
    }
}
