import Foundation
import XCTest

/// Local times as the binary prints them, in zones far from UTC and across DST changes. The binary
/// links only FoundationEssentials, whose own `TimeZone.current` is always GMT: these prove local
/// time comes from the C library, at the offset of the moment shown, not of now. Every expected
/// time is worked out by hand in the comments.
final class TimeZoneEndToEndTests: XCTestCase {
    private let newYork = "America/New_York"
    private let chatham = "Pacific/Chatham"

    private func at(_ zone: String, _ now: String) -> [String: String] { ["TZ": zone, "LAUNDRY_FAKE_NOW": now] }

    /// Lines of `laundry history` for the events `event` (as `history --json` names them): a line an event.
    private func historyLines(_ home: LaundryHome, _ environment: [String: String], _ event: String) -> [String] {
        let lines = home.ok("history", environment: environment).stdout.split(separator: "\n").map(String.init)
        let events = (home.json("history", environment: environment) as? [[String: Any]]) ?? []
        XCTAssertEqual(lines.count, events.count, "a line an event")
        return zip(lines, events).filter { $0.1["event"] as? String == event }.map(\.0)
    }

    func test_newYorkFallBack() throws {
        let home = LaundryHome()
        // 2026-11-01 05:30Z is 01:30 EDT (UTC−4); at 06:00Z the clocks go back to 01:00 EST (UTC−5).
        let beforeChange = at(newYork, "2026-11-01T05:30:00Z")
        home.ok("adopt", "Socks", environment: beforeChange)
        // 2h later is 07:30Z, which is 02:30 EST (not 03:30, as with the offset of now).
        let wash = home.ok("wash", "Socks", "--for", "2h", environment: beforeChange).stdout
        XCTAssertEqual(shownTimes(wash), ["02:30"], wash)
        let card = home.ok("status", "Socks", environment: beforeChange).stdout
        XCTAssertEqual(shownTimes(card).last, "02:30", card)

        // One hour later the clock reads 01:30 again, now EST: 2h later is 08:30Z, 03:30 EST.
        let afterChange = at(newYork, "2026-11-01T06:30:00Z")
        home.ok("adopt", "Towels", environment: afterChange)
        let towels = home.ok("wash", "Towels", "--for", "2h", environment: afterChange).stdout
        XCTAssertEqual(shownTimes(towels), ["03:30"], towels)
        let list = home.ok("status", "Socks", environment: afterChange).stdout
        XCTAssertEqual(shownTimes(list).last, "02:30", list)

        // Both washes started at a wall-clock 01:30, an hour apart.
        let started = historyLines(home, afterChange, "washStarted")
        XCTAssertEqual(started.count, 2, started.joined(separator: "\n"))
        for line in started { XCTAssertTrue(line.hasPrefix("2026-11-01 01:30  "), line) }

        let doctorBefore = home.run(["doctor"], environment: beforeChange).stdout
        // The fake clock flows from each command's start, and doctor's checks take a moment on a
        // loaded machine: any second of that minute; the zone and offset are what is tested.
        XCTAssertNotNil(
            doctorBefore.firstMatch(of: /2026-11-01 01:30:\d\d EDT \(UTC-04:00\)/), doctorBefore)
        let doctorAfter = home.run(["doctor"], environment: afterChange).stdout
        XCTAssertNotNil(doctorAfter.firstMatch(of: /2026-11-01 01:30:\d\d EST \(UTC-05:00\)\n/), doctorAfter)
    }

    func test_newYorkTimesOnAnotherDayNameTheWeekday() throws {
        let home = LaundryHome()
        // Saturday 2026-10-31 23:00Z is 19:00 EDT; 6h later is 05:00Z on Sunday, 01:00 EDT.
        let evening = at(newYork, "2026-10-31T23:00:00Z")
        home.ok("adopt", "Sheets", "--kind", "sheets", environment: evening)
        let wash = home.ok("wash", "Sheets", "--for", "6h", environment: evening).stdout
        XCTAssertEqual(shownTimes(wash), ["Sun 01:00"], wash)
        // Asked at 04:30Z, 00:30 EDT on that Sunday, the end is today: no weekday.
        let card = home.ok("status", "Sheets", environment: at(newYork, "2026-11-01T04:30:00Z")).stdout
        XCTAssertEqual(shownTimes(card).last, "01:00", card)
    }

    func test_chathamLeavesSummerTime() throws {
        let home = LaundryHome()
        // Chatham: UTC+13:45 in summer, +12:45 in winter; 2026-04-05 03:45 local (14:00Z) becomes 02:45.
        // 13:30Z is 03:15 (+13:45); 2h later is 15:30Z, 04:15 (+12:45).
        let beforeChange = at(chatham, "2026-04-04T13:30:00Z")
        home.ok("adopt", "Socks", environment: beforeChange)
        let wash = home.ok("wash", "Socks", "--for", "2h", environment: beforeChange).stdout
        XCTAssertEqual(shownTimes(wash), ["04:15"], wash)
        let afterChange = at(chatham, "2026-04-04T14:30:00Z")  // 03:15 again, +12:45
        let card = home.ok("status", "Socks", environment: afterChange).stdout
        XCTAssertEqual(shownTimes(card).last, "04:15", card)
        let started = historyLines(home, afterChange, "washStarted")
        XCTAssertEqual(started.count, 1)
        XCTAssertTrue(started.first?.hasPrefix("2026-04-05 03:15  ") ?? false, started.joined())
        let doctor = home.run(["doctor"], environment: afterChange).stdout
        // The fake clock flows from the command's start: doctor's own checks can take a second.
        let clock = #"2026-04-05 03:15:0[0-9] \+1245 \(UTC\+12:45\)\n"#
        XCTAssertNotNil(doctor.range(of: clock, options: .regularExpression), doctor)
    }

    /// Folds `name` (adopted and washed just before) at `moment`.
    private func fold(_ name: String, at moment: String, zone: String, in home: LaundryHome) throws {
        let fold = try XCTUnwrap(ISO8601DateFormatter().date(from: moment))
        let start = at(zone, ISO8601DateFormatter().string(from: fold.addingTimeInterval(-20 * 60)))
        home.ok("adopt", name, environment: start)
        home.ok("wash", name, "--for", "10m", environment: start)
        home.ok("fold", name, environment: at(zone, moment))
    }

    private func foldsByDay(_ home: LaundryHome, _ environment: [String: String]) throws -> [String: Int] {
        let stats = try XCTUnwrap(home.json("stats", environment: environment) as? [String: Any])
        let days = try XCTUnwrap(stats["days"] as? [[String: Any]])
        var result: [String: Int] = [:]
        for day in days {
            if let date = day["date"] as? String, let folded = day["folded"] as? Int { result[date] = folded }
        }
        return result
    }

    func test_statsCountsAFoldJustAfterLocalMidnightOnTheLocalDay() throws {
        let home = LaundryHome()
        // Chatham winter, +12:45: 2026-06-10 11:20Z is 00:05 on Thursday 11 June, still the 10th in UTC.
        try fold("Socks", at: "2026-06-10T11:20:00Z", zone: chatham, in: home)
        let now = "2026-06-12T00:00:00Z"  // 12:45 on the 12th
        let local = try foldsByDay(home, at(chatham, now))
        XCTAssertEqual(local["2026-06-11"], 1)
        XCTAssertEqual(local["2026-06-10"], 0)
        XCTAssertEqual(local.values.reduce(0, +), 1)
        let utc = try foldsByDay(home, at("UTC", now))
        XCTAssertEqual(utc["2026-06-10"], 1, "the same fold in UTC is on the 10th")
        XCTAssertEqual(utc["2026-06-11"], 0)
        let folded = historyLines(home, at(chatham, now), "folded")
        XCTAssertTrue(folded.first?.hasPrefix("2026-06-11 00:05  ") ?? false, folded.joined())
    }

    func test_statsDaysAcrossTheNewYorkFallBack() throws {
        let home = LaundryHome()
        // 2026-10-31 04:30Z is 00:30 EDT on the 31st; 2026-11-02 04:30Z is 23:30 EST on the 1st (UTC: the 2nd).
        try fold("Socks", at: "2026-10-31T04:30:00Z", zone: newYork, in: home)
        try fold("Towels", at: "2026-11-02T04:30:00Z", zone: newYork, in: home)
        let days = try foldsByDay(home, at(newYork, "2026-11-03T12:00:00Z"))
        XCTAssertEqual(days["2026-10-30"], 0)
        XCTAssertEqual(days["2026-10-31"], 1)
        XCTAssertEqual(days["2026-11-01"], 1)
        XCTAssertEqual(days["2026-11-02"], 0)
        XCTAssertEqual(days["2026-11-03"], 0)
        // Each grid day is one calendar day: the list has no gaps or repeats across the 25-hour Sunday.
        let stats = try XCTUnwrap(
            home.json("stats", environment: at(newYork, "2026-11-03T12:00:00Z")) as? [String: Any])
        let dates = try XCTUnwrap(stats["days"] as? [[String: Any]]).compactMap { $0["date"] as? String }
        XCTAssertEqual(dates.suffix(5), ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03"])
        XCTAssertEqual(Set(dates).count, dates.count)
    }
}
