import Foundation
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// Property-based fuzzing of everything that reads text a person (or a file) gives laundry: the
/// duration, date and name parsers and the one timestamp format.
///
/// Every case has its own generator, seeded from the run's seed, the property's name and the case
/// number, so a failure names the exact environment that replays it alone:
///
///     LAUNDRY_FUZZ_SEED=0x… LAUNDRY_FUZZ_CASE=17 swift test --filter ParserFuzzTests/test_…
///
/// `LAUNDRY_FUZZ_ITERATIONS` sets the cases per property (3000 by default; `make stress` runs more);
/// `LAUNDRY_FUZZ_MAX_FAILURES` how many failing cases a property reports before it stops (5).
final class ParserFuzzTests: XCTestCase {
    // MARK: Durations

    func test_durationParserNeverCrashesAndAnswersWithAValueInRangeOrAOneLineError() {
        forAll("duration-any") { fuzz in
            let input = Gen.durationLike(&fuzz.random)
            fuzz.input = input
            do throws(DurationError) {
                let duration = try DurationParser.parse(input)
                fuzz.expect(
                    (LaundryDuration.minimumSeconds...LaundryDuration.maximumSeconds).contains(duration.seconds),
                    "accepted \(duration.seconds) s, outside "
                        + "\(LaundryDuration.minimumSeconds)…\(LaundryDuration.maximumSeconds)"
                )
                let again = Result { () throws(DurationError) in try DurationParser.parse(duration.description) }
                fuzz.expect(
                    again == .success(duration), "its description '\(duration.description)' reads back as \(again)")
            } catch {
                fuzz.expectOneLineMessage(ErrorText.line(for: error) ?? "")
            }
        }
    }

    func test_everyDocumentedWayOfWritingADurationReadsBackExactly() {
        forAll("duration-valid") { fuzz in
            let seconds = Gen.durationSeconds(&fuzz.random)
            let text = Gen.writeDuration(seconds, &fuzz.random)
            fuzz.input = text
            let result = Result { () throws(DurationError) in try DurationParser.parse(text).seconds }
            fuzz.expect(result == .success(seconds), "\(seconds) s written this way reads as \(result)")
        }
    }

    func test_everyDurationInRangeRoundTripsThroughItsDescription() {
        forAll("duration-description") { fuzz in
            let seconds = Gen.durationSeconds(&fuzz.random)
            guard let duration = try? LaundryDuration(seconds: seconds) else {
                return fuzz.expect(false, "\(seconds) s is in range but LaundryDuration refused it")
            }
            fuzz.input = duration.description
            let back = Result { () throws(DurationError) in try DurationParser.parse(duration.description).seconds }
            fuzz.expect(
                back == .success(seconds), "\(seconds) s described as '\(duration.description)' reads back as \(back)")
        }
    }

    // MARK: Dates

    func test_dateInputNeverCrashesNeverReturnsTheFutureAndIsDeterministic() {
        forAll("date-any") { fuzz in
            let now = Gen.now(&fuzz.random)
            let zone = fuzz.random.element(Gen.timeZones)
            let sample = Gen.dateLike(&fuzz.random, now: now)
            fuzz.input = sample.text
            fuzz.context = "now \(Timestamp.format(now)) in \(zone.identifier)"
            let parser = DateInputParser(timeZone: zone)
            let first = Result { () throws(DateInputError) in try parser.parse(sample.text, now: now) }
            let second = Result { () throws(DateInputError) in try parser.parse(sample.text, now: now) }
            let fresh = Result { () throws(DateInputError) in
                try DateInputParser(timeZone: zone).parse(sample.text, now: now)
            }
            fuzz.expect(first == second && first == fresh, "not deterministic: \(first), then \(second), then \(fresh)")
            switch first {
            case .success(let date):
                // The documented rule (see DateInputParserTests): the future is refused, with a minute of slack.
                fuzz.expect(date <= now.addingTimeInterval(60), "accepted \(Timestamp.format(date)), after now + 60 s")
                fuzz.expect(date >= Date(timeIntervalSince1970: 0), "accepted \(Timestamp.format(date)), before 1970")
                // The date is stored in the pet's file, so the file must be able to read it back.
                let stored = Timestamp.format(date)
                fuzz.expect(
                    Timestamp.parse(stored).map { abs($0.timeIntervalSince(date)) < 0.000_6 } == true,
                    "accepted a date its pet file cannot read back: stored as '\(stored)'")
            case .failure(let error):
                fuzz.expectOneLineMessage(ErrorText.line(for: error) ?? "")
            }
            Self.checkOracle(sample.expectation, result: first, now: now, zone: zone, fuzz: &fuzz)
        }
    }

    /// What a generated date input must give, where the generator knows.
    private static func checkOracle(
        _ expectation: Gen.DateExpectation, result: Result<Date, DateInputError>, now: Date,
        zone: TimeZone, fuzz: inout FuzzCase
    ) {
        let limit = now.addingTimeInterval(60)
        // Before 1970 is refused as too early (after the future rule, which cannot apply there).
        let epoch = Date(timeIntervalSince1970: 0)
        let expectedDate: Date? = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            switch expectation {
            case .absolute(let date): return date
            case .local(let fields): return calendar.date(from: fields)
            case .daysAgo(let days): return sameTimeOfDay(daysBefore: days, now: now, zone: zone)
            default: return nil
            }
        }()
        if let expectedDate, expectedDate < epoch.addingTimeInterval(-1) {
            return fuzz.expect(
                result == .failure(.tooEarly(fuzz.input)),
                "\(Timestamp.format(expectedDate)) is before 1970; got \(result)")
        }
        switch expectation {
        case .unknown:
            break
        case .absolute(let expected):
            // Within a millisecond of the limit, rounding may go either way.
            if expected < limit.addingTimeInterval(-0.001) {
                guard case .success(let date) = result, abs(date.timeIntervalSince(expected)) < 0.001 else {
                    return fuzz.expect(false, "expected \(Timestamp.format(expected)), got \(result)")
                }
            } else if expected > limit.addingTimeInterval(0.001) {
                fuzz.expect(
                    result == .failure(.inFuture(fuzz.input)),
                    "\(Timestamp.format(expected)) is in the future; got \(result)")
            }
        case .local(let fields):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            guard let expected = calendar.date(from: fields) else { return }
            // Near a change of offset a local time can be missing or doubled: only the future rule holds there.
            if let change = zone.nextDaylightSavingTimeTransition(after: expected.addingTimeInterval(-3 * 3600)),
                change < expected.addingTimeInterval(3 * 3600)
            {
                return
            }
            if expected <= limit.addingTimeInterval(-1) {
                guard case .success(let date) = result, date == expected else {
                    return fuzz.expect(false, "expected local \(Timestamp.format(expected)), got \(result)")
                }
            } else if expected > limit.addingTimeInterval(1) {
                fuzz.expect(
                    result == .failure(.inFuture(fuzz.input)),
                    "local \(Timestamp.format(expected)) is in the future; got \(result)")
            }
        case .daysAgo(let days):
            // The documented meaning: this time of day on the date `days` before today's on the
            // calendar. Foundation's own day arithmetic moves in 24-hour steps over a date a zone
            // skipped, so the oracle takes the calendar's dates from a UTC calendar (which skips none)
            // and reads the wall time back in the zone.
            guard let expected = Self.sameTimeOfDay(daysBefore: days, now: now, zone: zone) else { return }
            // Where that wall time is missing or doubled, only the future rule holds (as for local dates).
            if let change = zone.nextDaylightSavingTimeTransition(after: expected.addingTimeInterval(-3 * 3600)),
                change < expected.addingTimeInterval(3 * 3600)
            {
                return
            }
            guard case .success(let date) = result, abs(date.timeIntervalSince(expected)) < 0.001 else {
                return fuzz.expect(false, "\(days) days before now is \(Timestamp.format(expected)); got \(result)")
            }
        case .startOfToday:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            fuzz.expect(
                result == .success(calendar.startOfDay(for: now)), "today should be local midnight; got \(result)")
        case .now:
            fuzz.expect(result == .success(now), "now should be now; got \(result)")
        }
    }

    /// Now's wall-clock time on the calendar date `days` before now's, in `zone`, by Foundation.
    static func sameTimeOfDay(daysBefore days: Int, now: Date, zone: TimeZone) -> Date? {
        var local = Calendar(identifier: .gregorian)
        local.timeZone = zone
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        var wall = local.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: now)
        guard let today = utc.date(from: DateComponents(year: wall.year, month: wall.month, day: wall.day)),
            let then = utc.date(byAdding: .day, value: -days, to: today)
        else { return nil }
        let date = utc.dateComponents([.year, .month, .day], from: then)
        (wall.year, wall.month, wall.day) = (date.year, date.month, date.day)
        return local.date(from: wall)
    }

    // MARK: Names

    func test_petNamesAreTrimmedShortAndFreeOfControlCharactersOrRefusedWithAOneLineError() {
        forAll("pet-name") { fuzz in
            let input = Gen.nameLike(&fuzz.random)
            fuzz.input = input
            let trimmed = Gen.trimmed(input)
            let hasControl = trimmed.unicodeScalars.contains(where: Gen.isControlForNames)
            let mustRefuse = trimmed.isEmpty || trimmed.count > PetName.maximumLength || hasControl
            let mustAccept = !mustRefuse && trimmed.unicodeScalars.allSatisfy(Gen.isPlainlyPrintable)
            do throws(PetError) {
                let name = try PetName(input)
                fuzz.expect(
                    !mustRefuse,
                    "accepted '\(Gen.visible(name.value))', which is empty, too long or holds a control character")
                fuzz.expect(
                    name.value == trimmed,
                    "kept '\(Gen.visible(name.value))' instead of the trimmed '\(Gen.visible(trimmed))'")
                fuzz.expect(
                    name.value.first?.isWhitespace == false && name.value.last?.isWhitespace == false, "not trimmed")
                fuzz.expect((1...PetName.maximumLength).contains(name.value.count), "\(name.value.count) characters")
                fuzz.expect(
                    !name.value.unicodeScalars.contains(where: Gen.isControlForNames), "holds a control character")
                fuzz.expect(PetName.isValidStored(name.value), "isValidStored refuses the name it just accepted")
                fuzz.expect((try? PetName(name.value)) == name, "an accepted name is not accepted again unchanged")
            } catch {
                fuzz.expect(!mustAccept, "refused a plain name: \(error)")
                if case .invalidName(let raw, _) = error {
                    fuzz.expect(raw == input, "the error names '\(Gen.visible(raw))', not what was typed")
                    // The raw name is escaped where the line is worded (LaundryRendering's tests).
                    fuzz.expectOneLineMessage(ErrorText.line(for: error) ?? "")
                } else {
                    fuzz.expect(false, "wrong error \(error)")
                }
            }
        }
    }

    // MARK: Timestamps

    func test_everyMillisecondFrom1970To2200RoundTripsThroughTheTimestampFormat() {
        forAll("timestamp-roundtrip") { fuzz in
            let millis = Gen.millisecond(&fuzz.random)
            let date = Date(timeIntervalSince1970: Double(millis) / 1000)
            let text = Timestamp.format(date)
            fuzz.input = text
            fuzz.context = "\(millis) ms after 1970"
            fuzz.expect(text.utf8.count == 24 && text.hasSuffix("Z"), "not the fixed 24-character UTC form")
            let back = Timestamp.parse(text)
            fuzz.expect(
                back.map { abs($0.timeIntervalSince(date)) < 0.000_5 } == true,
                "reads back as \(back.map { String($0.timeIntervalSince1970) } ?? "nil")"
                    + " instead of \(date.timeIntervalSince1970)"
            )
            // The same moment written with a zone offset, by this test's own arithmetic.
            let offsetMinutes = fuzz.random.int(in: -14 * 60...14 * 60)
            let local = Gen.writeTimestamp(millis: millis, offsetMinutes: offsetMinutes, random: &fuzz.random)
            let parsedLocal = Timestamp.parse(local)
            fuzz.expect(
                parsedLocal.map { abs($0.timeIntervalSince(date)) < 0.000_5 } == true,
                "'\(local)' reads as \(parsedLocal.map(Timestamp.format) ?? "nil"), not \(text)")
        }
    }

    func test_timestampParseAcceptsExactlyTheDocumentedGrammarAndNeverCrashes() {
        forAll("timestamp-garbage") { fuzz in
            let text = Gen.timestampLike(&fuzz.random)
            fuzz.input = text
            let parsed = Timestamp.parse(text)
            let expected = Gen.readTimestamp(text)
            switch (parsed, expected) {
            case (nil, nil):
                break
            case (let parsed?, let expected?):
                fuzz.expect(
                    parsed.timeIntervalSince1970.isFinite && abs(parsed.timeIntervalSince(expected)) < 0.001,
                    "reads as \(parsed.timeIntervalSince1970), expected \(expected.timeIntervalSince1970)")
                // Whatever it accepts is written back to files in its own format, rounded to the millisecond.
                let written = Timestamp.format(parsed)
                let again = Timestamp.parse(written)
                fuzz.expect(
                    again.map { abs($0.timeIntervalSince(parsed)) < 0.000_6 } == true,
                    "written back as '\(written)', "
                        + "which reads as \(again.map { "\($0.timeIntervalSince1970)" } ?? "nil")"
                )
            case (let parsed?, nil):
                fuzz.expect(false, "accepted text outside the grammar, as \(Timestamp.format(parsed))")
            case (nil, let expected?):
                fuzz.expect(false, "refused a valid timestamp for \(expected.timeIntervalSince1970)")
            }
        }
    }
}

// MARK: - The fuzzing harness

/// One generated case: its generator, what it fed the code under test, and what went wrong.
private struct FuzzCase {
    var random: SplitMix64
    var input = ""
    var context = ""
    var problems: [String] = []

    mutating func expect(_ condition: Bool, _ problem: @autoclosure () -> String) {
        if !condition { problems.append(problem()) }
    }

    /// Error messages are printed on one line of a terminal: not empty, no line break, no control
    /// character a terminal would act on, and nothing of Swift's own error plumbing.
    mutating func expectOneLineMessage(_ message: String) {
        expect(!message.isEmpty, "empty error message")
        expect(!message.contains(where: \.isNewline), "the error message spans lines: \(Gen.visible(message))")
        expect(
            !message.unicodeScalars.contains { $0.properties.generalCategory == .control },
            "the error message holds a control character: \(Gen.visible(message))")
        expect(
            !message.contains("DecodingError") && !message.contains("Swift."),
            "Swift internals in the message: \(message)")
    }
}

private enum FuzzSettings {
    static let environment = ProcessInfo.processInfo.environment
    static let iterations = environment["LAUNDRY_FUZZ_ITERATIONS"].flatMap { Int($0) }.map { max(1, $0) } ?? 3000
    static let seed = environment["LAUNDRY_FUZZ_SEED"].flatMap(SplitMix64.parseSeed) ?? 0x1A_0D_2026_5EED
    /// Runs only this case number of each property, to replay a failure.
    static let onlyCase = environment["LAUNDRY_FUZZ_CASE"].flatMap { Int($0) }
    /// Failing cases reported per property before it stops (5 by default).
    static let maximumFailures = environment["LAUNDRY_FUZZ_MAX_FAILURES"].flatMap { Int($0) }.map { max(1, $0) } ?? 5

    static var seedText: String { SplitMix64.seedText(seed) }
}

extension ParserFuzzTests {
    /// Runs a property over generated cases and reports each failing case with its input and the
    /// environment that replays it; stops after `LAUNDRY_FUZZ_MAX_FAILURES` failing cases.
    fileprivate func forAll(
        _ property: String, file: StaticString = #filePath, line: UInt = #line, _ body: (inout FuzzCase) -> Void
    ) {
        // FNV-1a of the property's name, so each property draws its own cases from the one seed.
        var salt: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in property.utf8 { salt = (salt ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let cases = FuzzSettings.onlyCase.map { $0...$0 } ?? 0...(FuzzSettings.iterations - 1)
        let started = Date()
        var failing = 0
        for index in cases {
            var fuzz = FuzzCase(random: SplitMix64(seed: SplitMix64.mix(FuzzSettings.seed ^ salt) &+ UInt64(index)))
            body(&fuzz)
            guard !fuzz.problems.isEmpty else { continue }
            failing += 1
            let context = fuzz.context.isEmpty ? "" : " (\(fuzz.context))"
            let replay = "LAUNDRY_FUZZ_SEED=\(FuzzSettings.seedText) LAUNDRY_FUZZ_CASE=\(index)"
            XCTFail(
                """
                \(property) case \(index) [replay: \(replay)] \
                input "\(Gen.visible(fuzz.input))"\(context): \(fuzz.problems.joined(separator: "; "))
                """, file: file, line: line)
            if failing == FuzzSettings.maximumFailures {
                XCTFail("\(property): stopped after \(failing) failing cases", file: file, line: line)
                break
            }
        }
        print(
            "fuzz \(property): \(cases.count) cases, seed \(FuzzSettings.seedText), \(failing) failing, "
                + String(format: "%.2f s", Date().timeIntervalSince(started)))
    }
}

// MARK: - Generators

private enum Gen {
    static let unitLetters = ["s", "m", "h", "d", "S", "M", "H", "D", "ms", "min", "hr", "sec", "w", "y"]
    static let separators = [":", ".", "-", "+", " ", "  ", "\t", "\n", "\r\n", ",", "_", "/", "::", ".."]
    static let exotic = [
        "🧦", "👩‍👩‍👧", "e\u{301}", "\u{301}", "\u{202E}", "\u{200F}", "\u{0}", "\u{FFFF}", "\u{FEFF}",
        "\u{200B}", "\u{200D}", "\u{00A0}", "\u{2028}", "\u{85}", "\u{1B}[31m", "\u{7F}", "٣", "５", "½",
        "Ⅻ", "ß", "İ", "ﬃ", "שלום", "\u{10FFFF}", "\u{E000}", "\u{D7FF}", "１h", "𝟗",
    ]
    static let words = [
        "today", "yesterday", "now", "ago", "days", "day", "d", "nan", "inf", "infinity", "e", "0x",
        "tomorrow", "week", "weeks", "TODAY", "Ago", "NOW", "Days",
    ]
    /// Characters `trimmingWhitespace` removes around an input.
    static let padding = ["", "", " ", "  ", "\t", "\n", "\r\n", "\u{00A0}", "\u{3000}", "\u{2028}", "\u{85}", " \t "]

    static func digits(_ random: inout SplitMix64) -> String {
        let count: Int
        switch random.below(20) {
        case 0..<14: count = random.int(in: 1...3)
        case 14..<17: count = random.int(in: 4...8)
        default: count = random.int(in: 9...60)
        }
        return String((0..<count).map { _ in Character(String(random.below(10))) })
    }

    static func fragment(_ random: inout SplitMix64) -> String {
        switch random.below(10) {
        case 0..<3: return digits(&random)
        case 3..<5: return random.element(unitLetters)
        case 5..<7: return random.element(separators)
        case 7: return random.element(exotic)
        case 8: return random.element(words)
        default: return " "
        }
    }

    static func noise(_ random: inout SplitMix64) -> String {
        (0..<random.int(in: 0...8)).map { _ in fragment(&random) }.joined()
    }

    static func padded(_ text: String, _ random: inout SplitMix64) -> String {
        random.element(padding) + text + random.element(padding)
    }

    /// A few random edits: insertions, deletions, replacements, a cut or a doubled piece.
    static func mutate(_ text: String, _ random: inout SplitMix64) -> String {
        var characters = Array(text)
        for _ in 0..<random.int(in: 1...3) {
            let position = random.int(in: 0...characters.count)
            switch random.below(5) {
            case 0:
                characters.insert(contentsOf: fragment(&random), at: position)
            case 1 where !characters.isEmpty:
                characters.remove(at: min(position, characters.count - 1))
            case 2 where !characters.isEmpty:
                let index = min(position, characters.count - 1)
                characters.replaceSubrange(index...index, with: Array(fragment(&random)))
            case 3:
                characters.removeSubrange(position...)
            default:
                let from = random.int(in: 0...position)
                characters.insert(contentsOf: characters[from..<position], at: position)
            }
        }
        return String(characters)
    }

    static func randomCase(_ text: String, _ random: inout SplitMix64) -> String {
        String(text.map { random.percent(50) ? Character($0.uppercased()) : $0 })
    }

    // MARK: Durations

    /// Seconds within 1 s … 24 h, the bounds and round values more often than chance would pick them.
    static func durationSeconds(_ random: inout SplitMix64) -> Int {
        let maximum = LaundryDuration.maximumSeconds
        switch random.below(10) {
        case 0: return random.element([1, 59, 60, 61, 3599, 3600, 3601, maximum - 1, maximum])
        case 1: return random.int(in: 1...1440) * 60
        case 2: return random.int(in: 1...24) * 3600
        default: return random.int(in: LaundryDuration.minimumSeconds...maximum)
        }
    }

    /// One of the documented ways to write `seconds`, with random case and spacing.
    static func writeDuration(_ seconds: Int, _ random: inout SplitMix64) -> String {
        let hours = seconds / 3600
        let minutes = seconds % 3600 / 60
        let secs = seconds % 60
        var forms = ["units"]
        forms.append("clock")
        if secs == 0 { forms.append("short clock") }
        if seconds % 3 == 0 { forms.append("bare minutes") }
        func number(_ value: Int, width: Int = 0) -> String {
            var text = String(value)
            while text.count < width { text = "0" + text }
            // A leading zero or two is still the same number, while the field stays within 6 digits.
            if random.percent(10) && text.count < 6 { text = "0" + text }
            return text
        }
        let text: String
        switch random.element(forms) {
        case "clock":
            text = "\(number(hours)):\(number(minutes, width: 2).suffix(2)):\(number(secs, width: 2).suffix(2))"
        case "short clock":
            text = "\(number(hours)):\(number(minutes, width: 2).suffix(2))"
        case "bare minutes":
            let whole = seconds / 60
            let rest = seconds % 60
            if rest == 0 {
                text = random.percent(20) ? "\(number(whole)).0" : number(whole)
            } else if rest % 6 == 0 {
                text = "\(whole).\(rest / 6)"
            } else {
                let hundredths = rest * 100 / 60
                text = "\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)"
            }
        default:
            // Units largest first: the first unit written may hold everything above it (90m), the
            // ones after it stay below 60; zero parts may be written or left out.
            var parts: [(Int, String)]
            switch random.below(3) {
            case 0: parts = [(hours, "h"), (minutes, "m"), (secs, "s")]
            case 1: parts = [(seconds / 60, "m"), (secs, "s")]
            default: parts = [(seconds, "s")]
            }
            var pieces: [String] = []
            for (index, part) in parts.enumerated() where index == 0 || part.0 != 0 || random.percent(25) {
                let value = index == 0 ? String(part.0) : number(part.0)
                pieces.append(value + (random.percent(40) ? part.1.uppercased() : part.1))
            }
            // A leading zero part (`0h5m`) is allowed; an entirely empty list cannot happen.
            text = pieces.map { $0 + String(repeating: " ", count: random.percent(30) ? random.int(in: 1...2) : 0) }
                .joined()
        }
        return padded(text, &random)
    }

    static func durationLike(_ random: inout SplitMix64) -> String {
        switch random.below(7) {
        case 0, 1:
            return noise(&random)
        case 2:
            return writeDuration(durationSeconds(&random), &random)
        case 3:
            return mutate(writeDuration(durationSeconds(&random), &random), &random)
        case 4:
            // Clock-like: 1 to 4 fields of 0 to 7 digits.
            let fields = (0..<random.int(in: 1...4)).map { _ -> String in
                random.percent(15) ? "" : String(digits(&random).prefix(random.int(in: 1...7)))
            }
            return padded(fields.joined(separator: random.percent(90) ? ":" : random.element(separators)), &random)
        case 5:
            // Unit-like, in any order, any size, any spacing.
            let parts = (0..<random.int(in: 1...4)).map { _ in
                (random.percent(90) ? digits(&random) : "") + random.element(unitLetters)
                    + (random.percent(30) ? random.element([" ", "  ", "\t"]) : "")
            }
            return padded(randomCase(parts.joined(), &random), &random)
        default:
            // A bare number, maybe with a fraction, a sign or an exponent.
            var text = digits(&random)
            if random.percent(40) { text += "." + (random.percent(80) ? digits(&random) : "") }
            if random.percent(15) { text = random.element(["-", "+", ".", "0x"]) + text }
            if random.percent(10) { text += random.element(["e3", "e-2", "E400", "."]) }
            return padded(text, &random)
        }
    }

    // MARK: Dates

    static let timeZones: [TimeZone] = [
        "UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
        "America/St_Johns", "Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Sao_Paulo", "Asia/Tehran",
    ].compactMap(TimeZone.init(identifier:))

    /// A "now" between 1971 and 2199, to the millisecond.
    static func now(_ random: inout SplitMix64) -> Date {
        Date(timeIntervalSince1970: Double(random.int(in: 31_536_000_000...7_226_582_400_000)) / 1000)
    }

    /// What the generator knows a date input must give.
    enum DateExpectation {
        case unknown
        /// A timestamp with a zone: this moment, or `inFuture` if it is after now + 60 s.
        case absolute(Date)
        /// A local date or date-time with valid fields.
        case local(DateComponents)
        case daysAgo(Int)
        case startOfToday
        case now
    }

    struct DateSample {
        var text: String
        var expectation: DateExpectation = .unknown
    }

    /// A two-digit field: usually valid, sometimes out of range, too short, too long or signed.
    static func field(_ value: Int, _ random: inout SplitMix64, width: Int = 2, invalid: [String]) -> (
        String, valid: Bool
    ) {
        if random.percent(85) {
            var text = String(value)
            while text.count < width { text = "0" + text }
            return (text, true)
        }
        return (random.element(invalid), false)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func dateLike(_ random: inout SplitMix64, now: Date) -> DateSample {
        switch random.below(10) {
        case 0:
            return DateSample(text: noise(&random))
        case 1:
            let word = random.element(["now", "today", "yesterday"])
            let text = padded(randomCase(word, &random), &random)
            switch word {
            case "now": return DateSample(text: text, expectation: .now)
            case "today": return DateSample(text: text, expectation: .startOfToday)
            default: return DateSample(text: text, expectation: .daysAgo(1))
            }
        case 2:
            let days: Int
            switch random.below(6) {
            case 0: days = random.int(in: 36_490...36_510)
            case 1: days = -random.int(in: 1...10)
            case 2, 3: days = random.int(in: 0...10)
            default: days = random.int(in: 0...400)
            }
            let spaces = random.percent(20) ? "   " : " "
            let form = random.below(3)
            let text =
                form == 0 ? "\(days)\(spaces)days\(spaces)ago" : form == 1 ? "\(days) day ago" : "\(days)d\(spaces)ago"
            let valid = (0...36_500).contains(days)
            return DateSample(
                text: padded(randomCase(text, &random), &random), expectation: valid ? .daysAgo(days) : .unknown)
        case 3, 4:
            return localDate(&random, now: now, withTime: random.percent(65))
        case 5, 6:
            return zonedTimestamp(&random, near: now)
        case 7:
            return DateSample(text: mutate(zonedTimestamp(&random, near: now).text, &random))
        case 8:
            let days = random.int(in: -5...5)
            return DateSample(text: mutate(random.percent(50) ? "\(days) days ago" : "2026-11-20T18:30", &random))
        default:
            return DateSample(text: padded(extremeTimestamp(&random), &random))
        }
    }

    /// `2026-11-20`, `2026-11-20T18:30`, `2026-11-20 18:30:15`, fields sometimes broken.
    static func localDate(_ random: inout SplitMix64, now: Date, withTime: Bool) -> DateSample {
        let year = random.percent(80) ? random.int(in: 1971...2199) : random.int(in: 0...9999)
        let month = random.int(in: 1...12)
        let day = random.int(in: 1...daysIn(month: month, year: year))
        let (yearText, yearValid) = field(
            year, &random, width: 4, invalid: ["226", "20266", "+026", "-026", "２０２６", "0000"])
        let (monthText, monthValid) = field(month, &random, invalid: ["00", "13", "1", "+1", "99", "1 "])
        let (dayText, dayValid) = field(day, &random, invalid: ["00", "32", "31", "30", "29", "3", "+3", "٣"])
        var text = "\(yearText)-\(monthText)-\(dayText)"
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        // From 1600 on, clear of the calendar's switch from Julian to Gregorian.
        var valid = yearValid && monthValid && dayValid && year >= 1600
        if withTime {
            let hour = random.int(in: 0...23)
            let minute = random.int(in: 0...59)
            let second = random.int(in: 0...59)
            let (hourText, hourValid) = field(hour, &random, invalid: ["24", "99", "7", "+7", "-1"])
            let (minuteText, minuteValid) = field(minute, &random, invalid: ["60", "5", "+5", "99"])
            text += random.element(["T", "t", " ", "  ", "_"]) + hourText + ":" + minuteText
            components.hour = hour
            components.minute = minute
            valid = valid && hourValid && minuteValid && !text.contains("  ") && !text.contains("_")
            if random.percent(50) {
                let (secondText, secondValid) = field(second, &random, invalid: ["60", "61", "5", "+5"])
                text += ":" + secondText
                components.second = second
                valid = valid && secondValid
            }
        }
        return DateSample(
            text: padded(random.percent(20) ? text.uppercased() : text, &random),
            expectation: valid ? .local(components) : .unknown)
    }

    /// A timestamp with a zone, near now (to probe the one-minute slack) or anywhere.
    static func zonedTimestamp(_ random: inout SplitMix64, near now: Date) -> DateSample {
        let nowMillis = Int((now.timeIntervalSince1970 * 1000).rounded())
        let millis: Int
        switch random.below(4) {
        case 0: millis = nowMillis + random.int(in: -120_000...120_000)
        case 1: millis = nowMillis + 60_000 + random.int(in: -2...2)
        case 2: millis = nowMillis + random.int(in: -3 * 86_400_000...3 * 86_400_000)
        default: millis = millisecond(&random)
        }
        let offset = random.percent(30) ? 0 : random.int(in: -14 * 60...14 * 60)
        let text = writeTimestamp(millis: millis, offsetMinutes: offset, random: &random)
        return DateSample(
            text: padded(text, &random), expectation: .absolute(Date(timeIntervalSince1970: Double(millis) / 1000)))
    }

    // MARK: Timestamps

    /// A millisecond between 1970 and 2200, the edges and the 2001 reference date more often.
    static func millisecond(_ random: inout SplitMix64) -> Int {
        let end = 7_258_118_400_000  // 2200-01-01
        switch random.below(12) {
        case 0: return random.int(in: 0...100_000)
        case 1: return end - 1 - random.int(in: 0...100_000)
        case 2: return 978_307_200_000 + random.int(in: -100_000...100_000)
        default: return random.int(in: 0...end - 1)
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date, counting whole years and months.
    static func epochDays(year: Int, month: Int, day: Int) -> Int {
        func daysBefore(year: Int) -> Int { 365 * year + (year + 3) / 4 - (year + 99) / 100 + (year + 399) / 400 }
        var days = daysBefore(year: year) - daysBefore(year: 1970)
        for earlier in stride(from: 1, to: month, by: 1) { days += daysIn(month: earlier, year: year) }
        return days + day - 1
    }

    /// The civil date of a day count from 1970, by walking years and months.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        var year = 1969 + days / 366
        while epochDays(year: year + 1, month: 1, day: 1) <= days { year += 1 }
        var month = 1
        while month < 12 && epochDays(year: year, month: month + 1, day: 1) <= days { month += 1 }
        return (year, month, days - epochDays(year: year, month: month, day: 1) + 1)
    }

    /// A millisecond written in local time at the given offset, in one of the accepted spellings.
    static func writeTimestamp(millis: Int, offsetMinutes: Int, random: inout SplitMix64) -> String {
        let local = millis + offsetMinutes * 60_000
        let days = local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000
        let inDay = local - days * 86_400_000
        let (year, month, day) = civil(days: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var text = "\(String(repeating: "0", count: max(0, 4 - String(year).count)))\(year)-\(two(month))-\(two(day))"
        text += random.element(["T", "t", " "])
        text += "\(two(inDay / 3_600_000)):\(two(inDay / 60_000 % 60)):\(two(inDay / 1000 % 60))"
        let fraction = inDay % 1000
        if fraction != 0 || random.percent(50) {
            let digits = String(fraction + 1000).dropFirst()
            text += "." + (random.percent(30) ? digits + "000" : String(digits))
        }
        if offsetMinutes == 0 && random.percent(70) {
            text += random.element(["Z", "z"])
        } else {
            let size = abs(offsetMinutes)
            text += (offsetMinutes < 0 ? "-" : "+") + two(size / 60) + (random.percent(50) ? ":" : "") + two(size % 60)
        }
        return text
    }

    /// The first and last days the four-digit year allows, with and without a zone, pushed past
    /// either end by an offset.
    static func extremeTimestamp(_ random: inout SplitMix64) -> String {
        let start = random.percent(50)
        let date =
            start
            ? random.element(["0000-01-01", "0001-01-01", "1969-12-31"]) : random.element(["9999-12-31", "2199-12-31"])
        let time =
            start
            ? random.element(["00:00", "00:00:00", "00:29:59", "13:59:59"])
            : random.element(["23:59", "23:59:59", "10:00:00"])
        let zone = random.element(["", "Z", "+00:00", "+00:30", "+14:00", "-14:00", "-00:01", "+0100"])
        return date + (random.percent(20) && zone.isEmpty ? "" : "T" + time + zone)
    }

    static func timestampLike(_ random: inout SplitMix64) -> String {
        let valid = writeTimestamp(
            millis: millisecond(&random),
            offsetMinutes: random.percent(50) ? 0 : random.int(in: -14 * 60...14 * 60), random: &random)
        switch random.below(11) {
        case 0: return noise(&random)
        case 10: return extremeTimestamp(&random)
        case 1: return valid
        case 2:
            // One digit changed: months, days, hours and offsets go out of range this way.
            var bytes = Array(valid.utf8)
            let digitPositions = bytes.indices.filter { (48...57).contains(bytes[$0]) }
            bytes[random.element(digitPositions)] = UInt8(48 + random.below(10))
            return String(decoding: bytes, as: UTF8.self)
        case 3:
            let year = random.int(in: 0...9999)
            let month = random.int(in: 1...12)
            let day = random.percent(70) ? random.int(in: 28...31) : random.int(in: 0...32)
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let yearText = String(repeating: "0", count: 4 - String(year).count) + String(year)
            return
                "\(yearText)-\(two(month))-\(two(day))T\(two(random.int(in: 0...24))):"
                + "\(two(random.int(in: 58...60))):\(two(random.int(in: 58...61)))"
                + "\(random.element(["Z", "+14:00", "-14:59", "+15:00", "+0060", "+00"]))"
        default:
            return mutate(valid, &random)
        }
    }

    /// This test's own reading of `YYYY-MM-DD(T|t| )HH:MM:SS[.digits](Z|z|±HH[:]MM)`, offsets up to
    /// ±14:59, in the years 1583–9999 (Gregorian in every calendar).
    static func readTimestamp(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count, bytes[index..<index + width].allSatisfy(isDigit) else { return nil }
            defer { index += width }
            return bytes[index..<index + width].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        func literal(_ allowed: String) -> Bool {
            guard index < bytes.count, allowed.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), literal("-"), let month = number(2), literal("-"), let day = number(2),
            literal("Tt "),
            let hour = number(2), literal(":"), let minute = number(2), literal(":"), let second = number(2)
        else { return nil }
        guard (1583...9999).contains(year), (1...12).contains(month),
            (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else {
            return nil
        }
        var fraction = 0.0
        if literal(".") {
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            fraction = Double("0." + String(decoding: bytes[start..<min(index, start + 15)], as: UTF8.self)) ?? 0
        }
        var offset = 0
        if literal("Zz") {
        } else if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 {
            let sign = bytes[index] == 45 ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = literal(":")
            guard let minutes = number(2), hours <= 14, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let seconds =
            epochDays(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        // Only moments of years 1583–9999 (UTC).
        guard (-12_212_553_600..<253_402_300_800).contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    // MARK: Names

    static let nameAtoms = [
        "a", "b", "S", "o", "c", "k", "s", "Z", "1", "9", " ", "-", "'", "/", "..", "<b>", "&amp;", "{ago}", "🧦",
        "👕", "👩‍👩‍👧", "👍🏽", "🇩🇪", "❤️", "e\u{301}", "a\u{301}\u{302}\u{303}",
        "ß", "İ", "中文", "שלום", "مرحبا", "\u{FFFF}", "\u{E000}", "ǅ", "Ⅻ", "٣", "\u{00A0}",
    ]
    /// Characters a name must not hold: C0/C1 controls, line and paragraph separators, direction controls.
    static let nameControls = [
        "\u{0}", "\t", "\n", "\r", "\r\n", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{2028}", "\u{2029}",
        "\u{202E}", "\u{202A}", "\u{200E}", "\u{200F}", "\u{2066}", "\u{2069}", "\u{61C}",
    ]
    /// Invisible format characters the documentation does not name, for the parser to decide.
    static let nameFormats = ["\u{200B}", "\u{FEFF}", "\u{AD}", "\u{2060}", "\u{200D}"]

    static func nameLike(_ random: inout SplitMix64) -> String {
        if random.percent(5) { return noise(&random) }
        let length: Int
        switch random.below(10) {
        case 0: length = 0
        case 1..<5: length = random.int(in: 1...6)
        case 5..<9: length = random.int(in: 27...33)
        default: length = random.int(in: 34...80)
        }
        var body = ""
        for _ in 0..<length {
            switch random.below(100) {
            case 0..<3: body += random.element(nameControls)
            case 3..<5: body += random.element(nameFormats)
            default: body += random.element(nameAtoms)
            }
        }
        let edge = [
            "", "", " ", "\t", "\n", "\u{00A0}", "\u{3000}", "\u{2003}", "\u{2028}", "\r\n", "\u{85}", " \u{301}",
        ]
        return (0..<random.below(3)).map { _ in random.element(edge) }.joined() + body
            + (0..<random.below(3)).map { _ in random.element(edge) }.joined()
    }

    static func trimmed(_ text: String) -> String {
        var characters = Substring(text)
        while characters.first?.isWhitespace == true { characters.removeFirst() }
        while characters.last?.isWhitespace == true { characters.removeLast() }
        return String(characters)
    }

    static func isControlForNames(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default:
            return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
                || [0x200E, 0x200F, 0x061C].contains(scalar.value)
        }
    }

    /// Letters, marks, numbers, punctuation, symbols and spaces, plus the joiner of emoji sequences.
    static func isPlainlyPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
            .spaceSeparator:
            return true
        default:
            return scalar.value == 0x200D
        }
    }

    /// The text as a Swift string literal body: printable ASCII as is, everything else escaped.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case " "..."~": result.unicodeScalars.append(scalar)
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }
}
