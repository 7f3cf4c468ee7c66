/// The listing people run most — from a prompt, a status bar, a watch loop — without arguments to
/// parse: `laundry status`, `laundry list` (`ls`), each optionally `--json`. Parsing them by hand
/// skips ArgumentParser's first-use cost (about 7 million instructions of protocol-conformance
/// lookups, 1.1–1.6 ms of a 6 ms command, measured with callgrind and hyperfine). Anything else,
/// including `--help` and every typo, goes through ArgumentParser as before, and both paths call
/// the same `PetListing.show`.
enum FastPath {
    /// Runs the command if it is one of these exact forms; returns false to let ArgumentParser parse it.
    static func run(_ arguments: [String]) throws -> Bool {
        guard let command = arguments.first, ["status", "list", "ls"].contains(command) else { return false }
        let rest = arguments.dropFirst()
        guard rest.isEmpty || Array(rest) == ["--json"] else { return false }
        let context = try AppContext.make()
        defer { context.reportWarnings() }
        try PetListing.show(context, json: !rest.isEmpty)
        return true
    }
}
