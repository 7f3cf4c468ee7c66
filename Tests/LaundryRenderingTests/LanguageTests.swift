import Foundation
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// Plural forms through ngettext, and times of day as each locale's clock shows them.
final class LanguageTests: XCTestCase {
    override func setUp() { setenv("TZ", "UTC", 1) }

    func test_englishCountsOneAndMany() {
        XCTAssertEqual(
            [0, 1, 2, 21].map { Words.count($0, "{count} load", "{count} loads") },
            [
                "0 loads", "1 load", "2 loads", "21 loads",
            ])
    }

    /// Polish has three forms: 1 ładunek, 2–4 and 22–24 ładunki, 5–21 and 25 ładunków.
    func test_polishUsesItsThreePluralForms() {
        let counts = [1, 2, 5, 22, 25, 12]
        let said = Speaking.in("pl") { counts.map { Words.count($0, "{count} load", "{count} loads") } }
        for (count, text) in zip(counts, said) { XCTAssertTrue(text.hasPrefix("\(count) "), text) }
        let nouns = said.map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" }
        XCTAssertEqual(Set(nouns[0...2]).count, 3, "three forms: \(said)")
        XCTAssertEqual(nouns[3], nouns[1], "22 as 2: \(said)")
        XCTAssertEqual(nouns[4], nouns[2], "25 as 5: \(said)")
        XCTAssertEqual(nouns[5], nouns[2], "12 as 5: \(said)")
        XCTAssertFalse(nouns.contains("load") || nouns.contains("loads"), "translated: \(said)")
    }

    /// Numbers a person reads follow the locale (LC_NUMERIC): the decimal mark, the thousands' separator, the
    /// percentage as the language writes it; C before a language is chosen, and again after.
    func test_numbersFollowTheLocale() {
        func numbers() -> [String] {
            [
                Numbers.plain(0.9), Numbers.plain(2), Numbers.fixed(1234.5, 2), Numbers.integer(1_234_567),
                Numbers.integer(-1234), Numbers.percent(25), EnergyText.kWh(810), EnergyText.cost(0.256, "EUR"),
            ]
        }
        XCTAssertEqual(numbers(), ["0.9", "2", "1234.50", "1234567", "-1234", "25%", "0.81 kWh", "0.26 EUR"])
        XCTAssertEqual(
            Speaking.in("en_US") { numbers() },
            ["0.9", "2", "1,234.50", "1,234,567", "-1,234", "25%", "0.81 kWh", "0.26 EUR"])
        XCTAssertEqual(
            Speaking.in("de") { numbers() },
            ["0,9", "2", "1.234,50", "1.234.567", "-1.234", "25 %", "0,81 kWh", "0,26 EUR"])
        // French and Polish group with a (narrow) no-break space, as glibc's locales say.
        let french = Speaking.in("fr") { numbers() }
        XCTAssertEqual(french[0], "0,9")
        XCTAssertEqual(french[3].filter(\.isNumber), "1234567")
        XCTAssertEqual(french[3].unicodeScalars.filter { !("0"..."9").contains($0) }.count, 2, french[3])
        XCTAssertEqual(french[5], "25 %")
        XCTAssertEqual(Speaking.in("pl") { Numbers.plain(0.1) + " " + Numbers.percent(25) }, "0,1 25%")
        XCTAssertEqual(Speaking.in("es") { Numbers.plain(0.1) }, "0,1")
        // Below 1,000 nothing is grouped in any locale (so the locale's marks are not read for it).
        for language in ["en_US", "de", "fr", "pl"] {
            XCTAssertEqual(Speaking.in(language) { [Numbers.integer(999), Numbers.integer(-999)] }, ["999", "-999"])
        }
        XCTAssertEqual(numbers()[0], "0.9", "C again after")
    }

    func test_aTwelveHourLocaleShowsAMAndPMAndA24HourOneDoesNot() throws {
        let afternoon = try XCTUnwrap(Timestamp.parse("2026-11-24T14:32:00Z"))
        let midnight = try XCTUnwrap(Timestamp.parse("2026-11-24T00:05:00Z"))
        let tomorrow = afternoon.addingTimeInterval(86_400)
        let zone = LocalZone.current
        XCTAssertEqual(
            Speaking.in("en_US") {
                [afternoon, midnight].map { LocalTime.clock($0, now: afternoon, zone: zone) }
                    + [LocalTime.clock(tomorrow, now: afternoon, zone: zone)]
            }, ["2:32 PM", "12:05 AM", "Wed 2:32 PM"])
        XCTAssertEqual(
            Speaking.in("en_GB") { LocalTime.clock(afternoon, now: afternoon, zone: zone) }, "14:32")
        XCTAssertEqual(
            Speaking.in("de") { LocalTime.clock(tomorrow, now: afternoon, zone: zone) }, "Mi 14:32",
            "the locale's weekday names")
        XCTAssertEqual(
            Speaking.in("en_US") { LocalTime.dateTime(afternoon, seconds: true, zone: zone) },
            "2026-11-24 2:32:00 PM")
        XCTAssertEqual(LocalTime.clock(afternoon, now: afternoon, zone: zone), "14:32", "English again after")
    }

    func test_theClockSettingWinsOverTheLocale() throws {
        let afternoon = try XCTUnwrap(Timestamp.parse("2026-11-24T14:32:00Z"))
        let said = Speaking.in("en_US") { () -> [String] in
            Language.useClock(.twentyFourHour)
            let forced = LocalTime.clock(afternoon, now: afternoon, zone: .current)
            Language.useClock(nil)
            return [forced, LocalTime.clock(afternoon, now: afternoon, zone: .current)]
        }
        XCTAssertEqual(said, ["14:32", "2:32 PM"])
    }

    func test_hourCycleFromTheLocalesTimeFormat() {
        XCTAssertEqual(HourCycle(timeFormat: "%r"), .twelveHour)
        XCTAssertEqual(HourCycle(timeFormat: "%I:%M:%S %p"), .twelveHour)
        XCTAssertEqual(HourCycle(timeFormat: "%T"), .twentyFourHour)
        XCTAssertEqual(HourCycle(timeFormat: "%H:%M:%S"), .twentyFourHour)
    }
}
