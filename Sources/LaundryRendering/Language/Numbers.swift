@preconcurrency import Glibc
import LaundryCore
import Synchronization

/// Numbers as the person's locale writes them (`LC_NUMERIC`): `0,9` and `1.234` in German, `0.9` and `1,234` in
/// English. For what a person reads only; `--json`, CSV, files and the log keep `NumberText` and `DigitText` (C).
/// The process's own `LC_NUMERIC` stays C (`Language.start`): the locale is read beside it, not set.
public enum Numbers {
    /// A locale's decimal mark, thousands separator and group sizes (`nl_langinfo`'s RADIXCHAR, THOUSEP, GROUPING).
    struct Convention: Equatable, Sendable {
        var decimalMark: String
        var separator: String
        /// Digits per group from the right, the last repeated; empty: no grouping.
        var groups: [Int]

        /// The C locale's: `1234.5`.
        static let plain = Convention(decimalMark: ".", separator: "", groups: [])

        /// What the environment's `LC_ALL`, `LC_NUMERIC` and `LANG` name (the C convention when that is not installed).
        static func ofLocale() -> Convention {
            guard let locale = newlocale(LC_NUMERIC_MASK, "", nil) else { return .plain }
            defer { freelocale(locale) }
            func item(_ item: Int) -> String { String(cString: nl_langinfo_l(nl_item(item), locale)) }
            let mark = item(RADIXCHAR)
            var groups: [Int] = []
            // GROUPING: one byte per group, the last repeated; CHAR_MAX (or none) ends the grouping.
            for byte in item(Int(__GROUPING)).utf8 {
                guard byte > 0, byte < 127 else { break }
                groups.append(Int(byte))
            }
            return Convention(decimalMark: mark.isEmpty ? "." : mark, separator: item(THOUSEP), groups: groups)
        }
    }

    /// The convention in use: C until `Language.start` asks for the locale's, read when a number is first written
    /// (most commands write none).
    static var current: Convention {
        chosen.withLock { chosen in
            if let convention = chosen { return convention }
            let convention = Convention.ofLocale()
            chosen = convention
            return convention
        }
    }
    /// nil: the locale's, not read yet.
    private static let chosen = Mutex<Convention?>(Convention.plain)

    /// The locale's convention from now on (`Language.start`), or with `locale` false C's again.
    public static func use(locale: Bool) {
        chosen.withLock { $0 = locale ? nil : .plain }
    }

    /// `1234` as `1.234` (German), `1 234` (French), `1,234` (English).
    public static func integer(_ value: Int) -> String {
        // Below 1,000 no locale groups digits (every grouping starts at three), so the locale's marks are not read:
        // `status` writes only health percentages, and reading LC_NUMERIC cost it about 0.1 ms in German (hyperfine).
        guard value.magnitude >= 1000 else { return String(value) }
        let convention = current
        let digits = grouped(String(value.magnitude), convention)
        return value < 0 ? "-" + digits : digits
    }

    /// `value` with `decimals` digits after the locale's mark, rounded as `%.2f` rounds (`0,26`).
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        localized(DigitText.fixed(value, decimals))
    }

    /// A whole number without decimals, else with as many as it has: `NumberText.plain` in the locale's marks (`0,1`).
    public static func plain(_ value: Double) -> String { localized(NumberText.plain(value)) }

    /// `25 %` or `25%`, as the person's language writes a percentage (the catalogue's `{number}%`).
    public static func percent(_ value: Int) -> String {
        Words.text("{number}%", ["number": integer(value)])
    }

    /// A number written the C way (`-1234.5`) with the locale's marks.
    private static func localized(_ text: String) -> String {
        let convention = current
        guard convention != .plain, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }) else {
            return text
        }
        let negative = text.hasPrefix("-")
        let unsigned = negative ? String(text.dropFirst()) : text
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var result = grouped(String(parts[0]), convention)
        if parts.count == 2 { result += convention.decimalMark + parts[1] }
        return negative ? "-" + result : result
    }

    private static func grouped(_ digits: String, _ convention: Convention) -> String {
        guard !convention.separator.isEmpty, let first = convention.groups.first else { return digits }
        var groups: [Substring] = []
        var rest = Substring(digits)
        var index = 0
        var size = first
        while rest.count > size {
            groups.insert(rest.suffix(size), at: 0)
            rest = rest.dropLast(size)
            index += 1
            size = index < convention.groups.count ? convention.groups[index] : size
        }
        groups.insert(rest, at: 0)
        return groups.joined(separator: convention.separator)
    }
}
