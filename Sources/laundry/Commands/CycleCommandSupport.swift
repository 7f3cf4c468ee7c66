import ArgumentParser
import Foundation
import LaundryCore

/// What the commands of the cycle (`wash`, `dry`, …) print once they have done their work.
enum CycleReport {
    static func started(_ state: PetState, verb: String, context: AppContext) {
        let name = TerminalText.sanitize(state.pet.name)
        guard let timer = state.liveTimer else { return }
        let length = DurationText.compact(seconds: Int(timer.plannedSeconds.rounded()))
        let icon = timer.kind == .wash ? "🫧" : timer.kind == .dry ? "🌬️" : "🔥"
        print("\(icon) \(verb) \(name) for \(length), done at \(LocalTime.clock(timer.endsAt, now: context.now)).")
    }
}

/// The `--for` option of the timer commands.
struct ForDurationOption: ParsableArguments {
    @Option(name: .customLong("for"),
            help: ArgumentHelp("Time this load only: 45m, 1h30m, 90s, 1:30:00 (a bare number is minutes).", valueName: "duration"),
            transform: ArgumentParsing.duration)
    var duration: LaundryDuration?
}
