import ArgumentParser

/// `--json` or `--csv`, for scripts and spreadsheets (English keys and ISO 8601 times in both).
struct ScriptOutput: ParsableArguments {
    @Flag(help: "Print JSON for scripts instead of a table.")
    var json = false

    @Flag(help: "Print CSV (RFC 4180, with a header line) for a spreadsheet instead of a table.")
    var csv = false

    func validate() throws {
        if json && csv { throw ValidationError("--json and --csv cannot be used together; pick one") }
    }
}
