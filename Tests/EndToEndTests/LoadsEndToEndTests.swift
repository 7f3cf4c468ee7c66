import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

/// Load records derived from real histories the binary wrote, the past reached with
/// `LAUNDRY_FAKE_NOW`.
final class LoadsEndToEndTests: XCTestCase {
    /// 10:00 UTC on 2026-11-20, plus `seconds`.
    private func at(_ seconds: Int) -> [String: String] {
        ["LAUNDRY_FAKE_NOW": Timestamp.format(Date(timeIntervalSince1970: 1_795_168_800 + Double(seconds)))]
    }

    private func loads(_ home: LaundryHome, _ arguments: String..., at seconds: Int) -> [[String: Any]] {
        let result = home.run(["loads"] + arguments + ["--json"], environment: at(seconds))
        XCTAssertEqual(result.status, 0, result.stderr)
        return ((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: Any]]) ?? []
    }

    /// Washed 45 min, wet 10 min, dried 1 h, waited 20 min to be folded.
    private func fullCycle(
        _ home: LaundryHome, _ name: String, from start: Int, wetWait: Int = 600, foldWait: Int = 1200
    ) {
        home.ok("wash", name, "--for", "45m", environment: at(start))
        home.ok("dry", name, "--for", "1h", environment: at(start + 2700 + wetWait))
        home.ok("fold", name, environment: at(start + 2700 + wetWait + 3600 + foldWait))
    }

    func test_aFullCycleIsOneRecordWithItsWaitsInTheTableTheTimelineJSONAndCSV() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks", environment: at(0))
        fullCycle(home, "Socks", from: 0)
        let records = loads(home, "Socks", at: 9000)
        XCTAssertEqual(records.count, 1)
        let load = try XCTUnwrap(records.first)
        // The injected clock flows from LAUNDRY_FAKE_NOW as each command runs: milliseconds apart.
        XCTAssertEqual(load["washSeconds"] as? Double ?? 0, 2700, accuracy: 0.5)
        XCTAssertEqual(load["wetWaitSeconds"] as? Double ?? 0, 600, accuracy: 0.5)
        XCTAssertEqual(load["drySeconds"] as? Double ?? 0, 3600, accuracy: 0.5)
        XCTAssertEqual(load["foldWaitSeconds"] as? Double ?? 0, 1200, accuracy: 0.5)
        XCTAssertEqual(load["end"] as? String, "folded")
        XCTAssertEqual(load["airDried"] as? Bool, false)
        XCTAssertTrue((load["washStartedAt"] as? String ?? "").hasPrefix("2026-11-20T10:00:00."), "\(load)")
        XCTAssertTrue((load["endedAt"] as? String ?? "").hasPrefix("2026-11-20T12:15:00."), "\(load)")
        XCTAssertEqual(load["washStartedOn"] as? String, home.device)
        // The table and the timeline in words: Tests/Golden/outputs.txt; here, which load each shows.
        let id = try XCTUnwrap(load["id"] as? String)
        let table = home.ok("loads", environment: at(9000)).stdout.split(separator: "\n")
        XCTAssertEqual(table.count, 2, "a header and the load: \(table)")
        XCTAssertTrue(table.last?.contains("Socks") == true && table.last?.contains(id.prefix(8)) == true, "\(table)")
        let timeline = home.ok("loads", "Socks", "--last", environment: at(9000)).stdout
        XCTAssertTrue(timeline.contains(id), timeline)
        XCTAssertEqual(home.ok("loads", String(id.prefix(6)), environment: at(9000)).stdout, timeline, "by its id too")
        // The CSV read back by Python's csv module holds the same values as the JSON.
        let csv = home.ok("loads", "--csv", environment: at(9000)).stdout
        XCTAssertTrue(csv.hasSuffix("\r\n"), "RFC 4180 line ends")
        let parsed = try readCSV(csv)
        XCTAssertEqual(parsed.count, 1)
        for key in [
            "id", "petName", "washStartedAt", "washSeconds", "wetWaitSeconds", "drySeconds", "end", "endedAt",
        ] {
            let json = load[key].map { value -> String in
                if let number = value as? Double { return NumberText.plain(number) }
                return "\(value)"
            }
            XCTAssertEqual(parsed[0][key], json, key)
        }
    }

    func test_anAirDryACancelledWashAReleaseMidCycleAndAPauseOverMidnight() throws {
        let home = LaundryHome()
        home.ok("adopt", "Shirts", environment: at(0))
        home.ok("wash", "Shirts", "--for", "45m", environment: at(0))
        home.ok("fold", "Shirts", environment: at(2700 + 1800))
        home.ok("wash", "Shirts", "--for", "45m", environment: at(10_000))
        home.ok("cancel", "Shirts", environment: at(10_600))
        // 23:50 to 00:10 paused 15 minutes across midnight.
        let lateEvening = 13 * 3600 + 50 * 60
        home.ok("wash", "Shirts", "--for", "30m", environment: at(lateEvening))
        home.ok("pause", "Shirts", environment: at(lateEvening + 300))
        home.ok("resume", "Shirts", environment: at(lateEvening + 1200))
        let records = loads(home, "Shirts", at: lateEvening + 3600)
        XCTAssertEqual(records.map { $0["end"] as? String }, [nil, "cancelled", "folded"], "newest first")
        XCTAssertEqual(records[2]["airDried"] as? Bool, true)
        XCTAssertEqual(
            records[2]["wetWaitSeconds"] as? Double ?? 0, 1800, accuracy: 0.5, "an air-dried load waited until its fold"
        )
        XCTAssertTrue(records[1]["washEndedAt"] is NSNull)
        let pauses = try XCTUnwrap(records[0]["washPauses"] as? [[String: Any]])
        XCTAssertTrue((pauses.first?["at"] as? String ?? "").hasPrefix("2026-11-20T23:55:00."), "\(pauses)")
        XCTAssertTrue((pauses.first?["until"] as? String ?? "").hasPrefix("2026-11-21T00:10:00."), "\(pauses)")
        XCTAssertEqual(
            records[0]["washSeconds"] as? Double ?? 0, 2700, accuracy: 0.5, "30 min of washing and 15 paused")
        home.ok("release", "Shirts", "--yes", environment: at(lateEvening + 3700))
        // Each end in words, and the table's columns: Tests/Golden/outputs.txt.
        XCTAssertEqual(
            loads(home, at: lateEvening + 3800).map { $0["end"] as? String }, ["released", "cancelled", "folded"])
        XCTAssertEqual(
            home.ok("loads", environment: at(lateEvening + 3800)).stdout.split(separator: "\n").count, 4,
            "a header, 3 loads")
    }

    /// `history --limit N` reads each pet's newest events from the load cache while nothing they came
    /// from changed, and shows what reading every history shows: first, again, after a move, and
    /// after the clock passed a load's end (an event no file holds yet).
    func test_historyWithALimitIsTheHeadOfTheWholeHistory() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks", environment: at(0))
        home.ok("adopt", "Towels", environment: at(1))
        for week in 0..<3 {
            let start = week * 10_000
            home.ok("wash", "Socks", "--for", "45m", environment: at(start + 10))
            home.ok("dry", "Socks", "--for", "1h", environment: at(start + 3000))
            home.ok("fold", "Socks", environment: at(start + 7000))
        }
        home.ok("wash", "Towels", "--for", "1h", environment: at(40_000))
        func check(_ moment: Int, _ label: String) {
            let whole = home.ok("history", environment: at(moment)).stdout.split(separator: "\n")
            let limited = home.ok("history", "--limit", "7", environment: at(moment)).stdout.split(separator: "\n")
            XCTAssertEqual(limited, Array(whole.prefix(7)), label)
        }
        check(40_100, "with a load running")
        home.ok("pause", "Towels", environment: at(40_200))
        check(40_300, "after a move")
        home.ok("resume", "Towels", environment: at(40_400))
        check(50_000, "after the load's end, which only settling the view adds")
        let newest = home.json("history", "--limit", "1", environment: at(50_000)) as? [[String: Any]]
        XCTAssertEqual(newest?.map { $0["event"] as? String }, ["washDone"], "the end shown")
    }

    /// `history --csv` read back by Python's `csv` module holds what `history --json` holds, a
    /// name a spreadsheet would run as a formula neutralised.
    func test_historyAsCSVHoldsWhatItsJSONHolds() throws {
        let home = LaundryHome()
        home.ok("adopt", "=Socks", environment: at(0))
        home.ok("wash", "=Socks", "--for", "45m", environment: at(60))
        home.ok("cancel", "=Socks", environment: at(120))
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(home.ok("history", "--json", environment: at(200)).stdout.utf8))
                as? [[String: Any]])
        let csv = try readCSV(home.ok("history", "--csv", environment: at(200)).stdout)
        XCTAssertEqual(csv.count, 3)
        XCTAssertEqual(csv.count, json.count)
        XCTAssertTrue(Set(json.flatMap(\.keys)).isSubset(of: csv[0].keys), "every JSON key is a column")
        XCTAssertTrue(json.contains { $0["seconds"] != nil } && json.contains { $0["remainingSeconds"] != nil })
        for (row, event) in zip(csv, json) {
            for (key, value) in event where key != "petName" {
                if let number = value as? Double {
                    XCTAssertEqual(try XCTUnwrap(row[key].flatMap(Double.init)), number, accuracy: 1e-9, key)
                } else {
                    XCTAssertEqual(row[key], (value as? String) ?? "", key)
                }
            }
            for key in csv[0].keys where event[key] == nil { XCTAssertEqual(row[key], "", "\(key): not in the JSON") }
            XCTAssertEqual(row["petName"], "'=Socks", "a cell starting with = is neutralised")
        }
    }

    /// A 12-hour clock with the locale's own words for the halves of the day (Greek "πμ", "μμ",
    /// two bytes a letter) keeps every row in line.
    func test_aTwelveHourClockInTheLocalesOwnWordsKeepsTheTableInLine() {
        let home = LaundryHome()
        home.environment["LANG"] = "el_GR.UTF-8"
        home.ok("adopt", "Socks", environment: at(0))
        fullCycle(home, "Socks", from: 0)
        fullCycle(home, "Socks", from: 4 * 3600)
        let table = home.ok("loads", environment: at(30_000)).stdout
        XCTAssertTrue(table.contains("10:00 πμ") && table.contains("2:00 μμ"), table)
        // Where each row's end starts, in terminal columns (the emoji takes two), and the header's.
        func column(_ line: Substring, _ word: String) -> Int? {
            line.range(of: word).map {
                line[..<$0.lowerBound].reduce(0) {
                    $0 + ($1.unicodeScalars.first!.properties.isEmojiPresentation ? 2 : 1)
                }
            }
        }
        let lines = table.split(separator: "\n")
        let ends = lines.dropFirst().compactMap { column($0, "folded") }
        XCTAssertEqual(ends.count, 2, table)
        XCTAssertEqual(Set(ends + [column(lines[0], "END")].compactMap { $0 }).count, 1, table)
    }

    /// Two machines of a household start the same pet's wash before either sees the other's: the
    /// later wins, the other's load is abandoned as superseded.
    func test_aWashSupersededInAHouseholdMergeIsAnAbandonedLoad() throws {
        let first = LaundryHome()
        first.ok("adopt", "Towels", environment: at(0))
        let second = LaundryHome()
        second.environment["LAUNDRY_HOME"] = first.data
        XCTAssertEqual(second.pet("Towels", environment: at(10))["stage"] as? String, "idle")
        // The first machine's wash has not reached the second yet when it starts its own.
        let folder = first.data + "/machines/" + (first.device ?? "?")
        let aside = first.path + "/aside"
        try FileManager.default.copyItem(atPath: folder, toPath: aside)
        first.ok("wash", "Towels", "--for", "45m", environment: at(60))
        let delivered = first.path + "/delivered"
        try FileManager.default.moveItem(atPath: folder, toPath: delivered)
        try FileManager.default.moveItem(atPath: aside, toPath: folder)
        second.ok("wash", "Towels", "--for", "40m", environment: at(90))
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.moveItem(atPath: delivered, toPath: folder)
        let records = loads(first, "Towels", at: 200)
        XCTAssertEqual(records.count, 2, "\(records)")
        XCTAssertEqual(records.map { $0["end"] as? String }, [nil, "superseded"])
        XCTAssertEqual(records[0]["washStartedOn"] as? String, second.device)
        XCTAssertEqual(records[1]["washStartedOn"] as? String, first.device)
        XCTAssertEqual(
            loads(second, "Towels", at: 200).map { $0["id"] as? String }, records.map { $0["id"] as? String })
    }

    /// A file another machine's wash brings, and a load that ends while nothing is written, are seen
    /// by the next `loads`, which writes nothing itself.
    func test_loadsFollowAnotherMachinesWashAndAnEndNoFileHolds() throws {
        let first = LaundryHome()
        first.ok("adopt", "Socks", environment: at(0))
        fullCycle(first, "Socks", from: 0)
        XCTAssertEqual(loads(first, at: 9000).count, 1)
        let second = LaundryHome()
        second.environment["LAUNDRY_HOME"] = first.data
        second.ok("wash", "Socks", "--for", "45m", environment: at(10_000))
        let running = loads(first, at: 10_100)
        XCTAssertEqual(running.map { $0["end"] as? String }, [nil, "folded"], "\(running)")
        XCTAssertEqual(running.first?["washStartedOn"] as? String, second.device)
        XCTAssertNil(running.first?["washSeconds"] as? Double)
        // 45 minutes on, the wash has ended though no daemon wrote it down: no file changed.
        let washed = loads(first, at: 10_000 + 2700 + 600)
        XCTAssertEqual(washed.first?["washSeconds"] as? Double ?? 0, 2700, accuracy: 1, "\(washed)")
        XCTAssertEqual(washed.first?["wetWaitSeconds"] as? Double ?? 0, 600, accuracy: 1)
        let before = first.snapshot()
        _ = loads(first, at: 10_000 + 2700 + 600)
        XCTAssertEqual(first.snapshot(), before, "reading loads writes nothing")
        XCTAssertEqual(loads(first, at: 12_000).count, 2)
    }

    /// Python's csv module, as a spreadsheet import would read it.
    private func readCSV(_ text: String) throws -> [[String: String]] {
        let script = "import csv, json, sys\nprint(json.dumps(list(csv.DictReader(sys.stdin))))"
        let result = Spawn.run("/usr/bin/python3", ["-c", script], environment: ["PATH": "/usr/bin:/bin"], stdin: text)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [[String: String]] ?? []
    }
}
