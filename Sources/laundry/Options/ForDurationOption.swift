import ArgumentParser
import LaundryCore

/// The `--for` option of the timer commands.
struct ForDurationOption: ParsableArguments {
    @Option(
        name: .customLong("for"),
        help: ArgumentHelp(
            "Time this load only: 45m, 1h30m, 90s, 1:30:00 (a bare number is minutes).", valueName: "duration"),
        transform: ArgumentParsing.duration)
    var duration: LaundryDuration?
}
