/// Reads a typed `LaundryDuration`: `45m`, `1h30m`, `90s`, `2h`, `1h 30m`, `1:30:00`, `1:30` (h:mm), or bare minutes
/// (`45`, `1.5`). Units go largest first; one after a larger must stay below 60 (`1h61m` refused, `90m` alone fine).
/// README's "Durations" section is this grammar in the user's words.
public enum DurationParser {
    public static func parse(_ input: String) throws(DurationError) -> LaundryDuration {
        let text = input.trimming().lowercased()
        guard !text.isEmpty else { throw .empty }
        let seconds: Int
        if text.contains(":") {
            seconds = try parseClockForm(text, original: input)
        } else if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            seconds = try parseBareMinutes(text, original: input)
        } else {
            seconds = try parseUnitForm(text, original: input)
        }
        return try LaundryDuration(seconds: seconds)
    }

    private static func parseBareMinutes(_ text: String, original: String) throws(DurationError) -> Int {
        guard let minutes = Double(text), minutes.isFinite, text.first != ".", text.last != "." else {
            throw .malformed(original)
        }
        guard minutes <= Double(LaundryDuration.maximumSeconds) else { throw .tooLong }
        return Int((minutes * 60).rounded())
    }

    private static func parseClockForm(_ text: String, original: String) throws(DurationError) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            parts.allSatisfy({
                !$0.isEmpty && $0.drop(while: { $0 == "0" }).count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber }
            })
        else {
            throw .malformed(original)
        }
        let numbers = parts.map { Int($0)! }
        // Every field after the first is a minute or second field and must read like a clock.
        guard parts.dropFirst().allSatisfy({ $0.count == 2 }) else { throw .malformed(original) }
        let hours = numbers[0]
        let minutes = numbers[1]
        let seconds = parts.count == 3 ? numbers[2] : 0
        let total = hours * 3600 + minutes * 60 + seconds
        guard minutes < 60, seconds < 60 else {
            throw .componentOutOfRange(
                original,
                DurationOverflow(minutes: minutes >= 60, seconds: seconds >= 60, totalSeconds: total, clockForm: true))
        }
        guard hours <= 24 else { throw .tooLong }
        return total
    }

    private static func parseUnitForm(_ text: String, original: String) throws(DurationError) -> Int {
        let units: [(Character, Int)] = [("h", 3600), ("m", 60), ("s", 1)]
        var total = 0
        var digits = ""
        var significantDigits = 0
        var lastUnitIndex = -1
        var sawComponent = false
        // Fields of 60 or more after a larger unit: refused once the whole text has been read, with what it adds up to.
        var (minutesOver, secondsOver) = (false, false)
        for character in text {
            if character.isASCII && character.isNumber {
                // Leading zeros say nothing about size (0000090s is 90 seconds) and are not kept.
                if character == "0" && significantDigits == 0 {
                    if digits.isEmpty { digits = "0" }
                    continue
                }
                if digits == "0" { digits = "" }
                digits.append(character)
                significantDigits += 1
                guard significantDigits <= 6 else { throw .tooLong }
            } else if let unitIndex = units.firstIndex(where: { $0.0 == character }) {
                guard !digits.isEmpty, unitIndex > lastUnitIndex else { throw .malformed(original) }
                let value = Int(digits)!
                significantDigits = 0
                if lastUnitIndex >= 0 && value >= 60 {
                    if units[unitIndex].0 == "m" { minutesOver = true } else { secondsOver = true }
                }
                total += value * units[unitIndex].1
                lastUnitIndex = unitIndex
                digits = ""
                sawComponent = true
            } else if character == " " && digits.isEmpty {
                continue
            } else {
                throw .malformed(original)
            }
        }
        guard digits.isEmpty, sawComponent else { throw .malformed(original) }
        guard !minutesOver, !secondsOver else {
            throw .componentOutOfRange(
                original,
                DurationOverflow(minutes: minutesOver, seconds: secondsOver, totalSeconds: total, clockForm: false))
        }
        return total
    }
}
