import LaundryRendering

/// Most-run listings, parsed by hand: `status`, `list` (`ls`), maybe `--json`, `status --format <bar>` (maybe every
/// second), `--version`. It skips ArgumentParser's first-use cost (~7 M instructions of protocol-conformance lookups,
/// 1.1–1.6 ms of a 6 ms command, by callgrind and hyperfine); anything else goes through it, to the same code.
enum FastPath {
    /// Runs the command if it is one of these exact forms; returns false to let ArgumentParser parse it.
    static func run(_ arguments: [String]) throws -> Bool {
        // `--version` alone: ArgumentParser's words without its 7.8 M instructions (10.76 M through it, callgrind).
        if arguments == ["--version"] {
            print(LaundryCommand.configuration.version)
            return true
        }
        guard let command = arguments.first, ["status", "list", "ls"].contains(command) else { return false }
        let rest = Array(arguments.dropFirst())
        if command == "status", let format = barFormat(rest) {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            try StatusBar(context: context, format: format, template: nil, pet: nil).printOnce()
            return true
        }
        guard rest.isEmpty || rest == ["--json"] else { return false }
        let context = try AppContext.make()
        defer { context.reportWarnings() }
        try PetListing.show(context, json: !rest.isEmpty)
        return true
    }

    /// `--format <bar>` or `--format=<bar>`, a format spelled exactly; anything else parses normally.
    private static func barFormat(_ rest: [String]) -> BarFormat? {
        switch rest.count {
        case 1 where rest[0].hasPrefix("--format="): return BarFormat(rawValue: String(rest[0].dropFirst(9)))
        case 2 where rest[0] == "--format": return BarFormat(rawValue: rest[1])
        default: return nil
        }
    }
}
