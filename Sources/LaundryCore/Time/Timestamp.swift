import FoundationEssentials

/// ISO 8601 UTC timestamps with milliseconds (`2026-11-21T22:28:50.123Z`): the one form of every file and `--json`.
public enum Timestamp {
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// To the nearest ms (the style truncates; a quarter ms more keeps x.002, held as x.00199…, from becoming x.001).
    public static func format(_ date: Date) -> String {
        style.format(Date(timeIntervalSince1970: ((date.timeIntervalSince1970 * 1000).rounded() + 0.25) / 1000))
    }

    /// `2026-11-21T22:28:50Z`, to the second (rounded down), for what reads a plainer ISO 8601.
    public static func formatSeconds(_ date: Date) -> String {
        Date.ISO8601FormatStyle().format(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`, `t`, `z` or a space for `T` (as typed), offsets up to
    /// ±14:59, years 1583–9999 (Gregorian everywhere); nil for anything else. The style reads the moment; what it
    /// lets through (30 February rolled into March, a 60th minute, a bad offset, trailing text) is refused first.
    public static func parse(_ text: String) -> Date? {
        var bytes = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool { index < bytes.count && (48...57).contains(bytes[index]) }
        func number(_ start: Int, _ count: Int) -> Int? {
            guard (start..<start + count).allSatisfy(isDigit) else { return nil }
            return bytes[start..<start + count].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            LocalZone.isValid(year: year, month: month, day: day),
            let hour = number(11, 2), hour < 24, let minute = number(14, 2), minute < 60,
            let second = number(17, 2), second < 60
        else { return nil }
        bytes[10] = UInt8(ascii: "T")
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
            // The style takes at most nine digits (a nanosecond): the rest means nothing here.
            if index > 29 {
                bytes.removeSubrange(29..<index)
                index = 29
            }
        }
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            bytes[index] = UInt8(ascii: "Z")
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let colon = bytes.count == index + 6 && bytes[index + 3] == UInt8(ascii: ":")
            guard bytes.count == index + 5 || colon, let hours = number(index + 1, 2), hours <= 14,
                let minutes = number(index + (colon ? 4 : 3), 2), minutes < 60
            else { return nil }
        default:
            return nil
        }
        guard let date = try? style.parse(String(decoding: bytes, as: UTF8.self)),
            (earliest..<end).contains(date.timeIntervalSince1970)
        else { return nil }
        return date
    }

    /// 1583-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since 1970.
    private static let earliest: Double = -12_212_553_600
    private static let end: Double = 253_402_300_800
}
