#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The variables a listing reads (`status`, `list`, the bars: they run no program and start no
/// daemon), taken from the process's environment without making the rest into Swift strings:
/// the whole environment as a dictionary costs 0.68 million instructions (callgrind, bench row
/// "`laundry status`, 10 pets (3 washing), instructions"), more than a tenth of the command.
enum ListingEnvironment {
    private static let prefixes: [StaticString] = ["LAUNDRY_", "XDG_", "LC_"]
    private static let names: [StaticString] = [
        "HOME", "PATH", "TERM", "NO_COLOR", "LANG", "LANGUAGE", "TZ", "DBUS_SESSION_BUS_ADDRESS", "PULSE_SERVER",
    ]

    static func current() -> [String: String] {
        var found: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            defer { entry += 1 }
            guard let equals = strchr(pointer, Int32(UInt8(ascii: "="))) else { continue }
            let length = equals - pointer
            let wanted =
                prefixes.contains { length >= $0.utf8CodeUnitCount && starts(pointer, with: $0) }
                || names.contains { length == $0.utf8CodeUnitCount && starts(pointer, with: $0) }
            guard wanted else { continue }
            let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
            found[name] = String(cString: equals + 1)
        }
        return found
    }

    private static func starts(_ text: UnsafePointer<CChar>, with word: StaticString) -> Bool {
        memcmp(text, word.utf8Start, word.utf8CodeUnitCount) == 0
    }
}
