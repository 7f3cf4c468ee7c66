import ArgumentParser
import LaundryCore

/// `--for <duration>`, which wash, dry, more-dry and snooze each take with words of their own.
struct LengthOption<Meaning: LengthMeaning>: ParsableArguments {
    @Option(
        name: .customLong("for"), parsing: .unconditional,
        help: ArgumentHelp(
            Meaning.help + ": 45m, 1h30m, 90s or 1:30:00 (a bare number is minutes), 1 second to 24 hours.",
            valueName: "duration"),
        transform: ArgumentParsing.duration)
    var length: LaundryDuration?
}

/// What `--for` means to one command, and what it is when left out.
protocol LengthMeaning { static var help: String { get } }
