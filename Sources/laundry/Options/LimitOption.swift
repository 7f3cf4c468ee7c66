import ArgumentParser

/// `--limit N` of the commands that list, newest first.
struct LimitOption: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Show at most this many (at least 1).", valueName: "count"),
        transform: { try ArgumentParsing.count($0, option: "--limit", in: 1...Int.max, example: 20) })
    var limit: Int?
}
