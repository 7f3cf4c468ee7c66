import ArgumentParser
import LaundryCore

/// `--for <duration>`, which wash, dry, more-dry and snooze each take with words of their own.
struct LengthOption<Meaning: LengthMeaning>: ParsableArguments {
    @Option(
        name: .customLong("for"), parsing: .unconditional,
        help: ArgumentHelp(
            Meaning.help + ": " + DurationHelp.forms + ".",
            valueName: "duration"),
        transform: ArgumentParsing.duration)
    var length: LaundryDuration?
}

/// What `--for` means to one command, and what it is when left out.
protocol LengthMeaning { static var help: String { get } }
