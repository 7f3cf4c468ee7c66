import Foundation
import LaundryCore
import XCTest

final class CycleEndToEndTests: XCTestCase {
    /// The injected clock, `seconds` after 10:00 on a day in November: time passes without sleeping.
    private func at(_ seconds: Int) -> [String: String] {
        ["LAUNDRY_FAKE_NOW": Timestamp.format(Date(timeIntervalSince1970: 1_795_168_800 + Double(seconds)))]
    }

    func test_aWholeCycleFromAdoptionToFolding() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks", environment: at(0))
        home.ok("wash", "socks", "--for", "2s", environment: at(0))
        XCTAssertEqual(home.pet("Socks", environment: at(0))["stage"] as? String, "washing")
        XCTAssertEqual(home.pet("Socks", environment: at(3))["stage"] as? String, "washed")
        home.ok("dry", "Socks", "--for", "1s", environment: at(3))
        XCTAssertEqual(home.pet("Socks", environment: at(3))["stage"] as? String, "drying")
        XCTAssertEqual(home.pet("Socks", environment: at(5))["stage"] as? String, "dried")
        home.ok("fold", "SOCKS", environment: at(5))
        let pet = home.pet("Socks", environment: at(5))
        XCTAssertEqual(pet["stage"] as? String, "idle")
        XCTAssertEqual(pet["health"] as? Int, 100)
        XCTAssertEqual(pet["currentStreak"] as? Int, 1)
        XCTAssertEqual(pet["totalCycles"] as? Int, 1)
        XCTAssertTrue(pet["timer"] is NSNull)
        XCTAssertEqual(
            home.historyEvents("Socks", environment: at(5)),
            ["adopted", "washStarted", "washDone", "dryStarted", "dryDone", "folded"],
            "each finish recorded once, although status looked many times")
    }

    /// `extend` moves a running load's end, later or earlier; one that would end it in the past is
    /// refused with the way to end it now; `finish` ends it now and history has it all.
    func test_extendMovesTheEndAndFinishEndsTheLoadNow() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks", environment: at(0))
        home.ok("wash", "Socks", "--for", "45m", environment: at(0))
        func endsAt(_ seconds: Int) throws -> String {
            let timer = try XCTUnwrap(home.pet("Socks", environment: at(seconds))["timer"] as? [String: Any])
            // To the second: the injected clock moves on a millisecond at each reading.
            return try XCTUnwrap(timer["endsAt"] as? String).prefix(19) + "Z"
        }
        func time(_ seconds: Int) -> String {
            Timestamp.formatSeconds(Date(timeIntervalSince1970: 1_795_168_800 + Double(seconds)))
        }
        let extended = home.ok("extend", "Socks", "--by", "12m", environment: at(60))
        // The new end and the time left (the words: Tests/Golden/outputs.txt).
        XCTAssertEqual(shownTimes(extended.stdout), ["10:57"], extended.stdout)
        XCTAssertTrue(extended.stdout.contains(" 56m"), "the time left, as --for reads it: \(extended.stdout)")
        XCTAssertEqual(try endsAt(60), time(57 * 60))
        home.ok("extend", "Socks", environment: at(60))
        home.ok("extend", "Socks", "--by=-5m", environment: at(60))
        XCTAssertEqual(try endsAt(60), time(62 * 60))
        let tooEarly = home.run(["extend", "Socks", "--by=-2h"], environment: at(60))
        XCTAssertEqual(tooEarly.status, 1)
        XCTAssertEqual(tooEarly.stderrLines.count, 1)
        XCTAssertTrue(
            tooEarly.stderr.contains("2h") && tooEarly.stderr.contains(" 1h1m"), "asked and left: \(tooEarly.stderr)")
        XCTAssertEqual(HintPropertyTests.suggestions(in: tooEarly.stderr), ["laundry finish Socks"], tooEarly.stderr)
        XCTAssertEqual(try endsAt(60), time(62 * 60))
        let typo = home.run(["extend", "Socks", "--by=-5x"], environment: at(60))
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.stderr.contains("'-5x'"), "the error names what was typed: \(typo.stderr)")
        home.ok("finish", "Socks", environment: at(120))
        XCTAssertEqual(home.pet("Socks", environment: at(120))["stage"] as? String, "washed")
        XCTAssertEqual(
            home.historyEvents("Socks", environment: at(120)),
            ["adopted", "washStarted", "extended", "extended", "extended", "finishedEarly", "washDone"])
        let notRunning = home.run(["finish", "Socks"], environment: at(120))
        XCTAssertEqual(notRunning.status, 1)
        XCTAssertEqual(notRunning.stderrLines.count, 1, notRunning.stderr)
        XCTAssertEqual(
            HintPropertyTests.suggestions(in: notRunning.stderr), ["laundry dry Socks", "laundry fold Socks"],
            "what a washed load takes next: \(notRunning.stderr)")
    }

    /// A snooze shows in every view of the pet while it holds, and nowhere once it is over.
    func test_aSnoozeShowsInStatusTheCardListAndJSON() throws {
        let home = LaundryHome()
        home.ok("adopt", "Sheets", "--kind", "sheets")
        home.ok("wash", "Sheets", "--for", "45m", environment: ["LAUNDRY_FAKE_NOW": "2026-11-20T14:00:00Z"])
        let at1450 = ["LAUNDRY_FAKE_NOW": "2026-11-20T14:50:00Z"]
        home.ok("snooze", "Sheets", "--for", "30m", environment: at1450)
        // Until when, in every view (the words: Tests/Golden/outputs.txt).
        for command in [["status"], ["list"]] {
            let table = home.run(command, environment: at1450).stdout
            XCTAssertEqual(shownTimes(table), ["15:20"], "\(command): \(table)")
        }
        let card = home.run(["status", "Sheets"], environment: at1450).stdout
        XCTAssertEqual(shownTimes(card), ["15:20"], card)
        let until = try XCTUnwrap(home.pet("Sheets", environment: at1450)["snoozedUntil"] as? String)
        XCTAssertTrue(until.hasPrefix("2026-11-20T15:20:00."), until)
        let bar = home.run(["status", "--format", "waybar"], environment: at1450).stdout
        let waybar = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bar.utf8)) as? [String: Any])
        XCTAssertEqual(waybar["class"] as? String, "waiting", bar)
        XCTAssertEqual(shownTimes(waybar["tooltip"] as? String ?? ""), ["15:20"], bar)

        let later = ["LAUNDRY_FAKE_NOW": "2026-11-20T15:21:00Z"]
        XCTAssertEqual(shownTimes(home.run(["status"], environment: later).stdout), [], "no snooze shown once over")
        XCTAssertTrue(home.pet("Sheets", environment: later)["snoozedUntil"] is NSNull)
    }

    func test_statusJSONHasExactlyTheContractKeys() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("adopt", "Bed Sheets", "--kind", "sheets", "--last-washed", "yesterday")
        home.ok("wash", "bed", "--for", "1h")
        let all = try XCTUnwrap(home.json("status") as? [[String: Any]])
        XCTAssertEqual(all.count, 2)
        let keys: Set = [
            "id", "name", "kind", "stage", "health", "mood", "timer", "growthStage", "totalCycles", "currentStreak",
            "longestStreak", "lastLaundryAt", "snoozedUntil", "loadId", "dueAt", "settings", "waitsForDryer",
        ]
        for pet in all { XCTAssertEqual(Set(pet.keys), keys) }
        let sheets = try XCTUnwrap(all.first { $0["name"] as? String == "Bed Sheets" })
        // What the card shows: the running load, when laundry is due (a day of 14 gone), the settings.
        let load = try XCTUnwrap(home.json("loads", "bed") as? [[String: Any]]).first?["id"] as? String
        XCTAssertEqual(sheets["loadId"] as? String, try XCTUnwrap(load))
        let due = try XCTUnwrap(Timestamp.parse(sheets["dueAt"] as? String ?? ""))
        XCTAssertEqual(due.timeIntervalSinceNow, 13 * 86_400, accuracy: 60)
        let settings = try XCTUnwrap(sheets["settings"] as? [String: Any])
        XCTAssertEqual(Set(settings.keys), ["washSeconds", "drySeconds", "cycleDays", "learns", "programmes"])
        XCTAssertEqual(settings["cycleDays"] as? Double, 14)
        let timer = try XCTUnwrap(sheets["timer"] as? [String: Any])
        XCTAssertEqual(Set(timer.keys), ["kind", "startedAt", "endsAt", "remainingSeconds", "paused"])
        XCTAssertEqual(timer["kind"] as? String, "wash")
        for key in ["startedAt", "endsAt"] {
            let text = try XCTUnwrap(timer[key] as? String)
            XCTAssertNotNil(
                text.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$"#, options: .regularExpression), text)
        }
        XCTAssertNotNil(UUID(uuidString: try XCTUnwrap(sheets["id"] as? String)))
        XCTAssertEqual(sheets["kind"] as? String, "sheets")
        XCTAssertEqual(sheets["mood"] as? String, "happy")
        XCTAssertEqual(sheets["health"] as? Int, 93, "a day of a 14-day cycle: 100 − round(7.14)")
        XCTAssertTrue(all.first { $0["name"] as? String == "Socks" }?["lastLaundryAt"] is NSNull)

        let list = home.run(["list", "--json"]).stdout
        let status = home.run(["status", "--json"]).stdout
        let listed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])
        let statused = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [[String: Any]])
        XCTAssertEqual(
            listed.map { $0["id"] as? String }, statused.map { $0["id"] as? String }, "list --json is status --json")

        let one = try XCTUnwrap(home.json("status", "socks") as? [String: Any])
        XCTAssertEqual(Set(one.keys), keys.union(["learned"]), "status <pet> --json is one object, and what it learned")
        let learned = try XCTUnwrap(one["learned"] as? [String: Any])
        XCTAssertEqual(
            Set(learned.keys), ["learns", "washSeconds", "washRuns", "drySeconds", "dryRuns", "programmes"])
    }

    func test_historyAndStatsJSON() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks", environment: at(0))
        home.ok("wash", "Socks", "--for", "1s", environment: at(0))
        home.ok("fold", "Socks", environment: at(2))
        let history = try XCTUnwrap(home.json("history", "--limit", "2", environment: at(3)) as? [[String: Any]])
        XCTAssertEqual(history.map { $0["event"] as? String }, ["folded", "washDone"])
        XCTAssertEqual(history.first?["petName"] as? String, "Socks")
        let stats = try XCTUnwrap(home.json("stats", environment: at(3)) as? [String: Any])
        XCTAssertEqual(stats["totalCycles"] as? Int, 1)
        XCTAssertEqual(stats["foldedLast7Days"] as? Int, 1)
        let days = try XCTUnwrap(stats["days"] as? [[String: Any]])
        XCTAssertEqual(days.last?["folded"] as? Int, 1, "today's square counts the fold")
        let grid = home.ok("stats", environment: at(3)).stdout
        XCTAssertTrue(grid.contains("Mon") && grid.contains("▪"), grid)
    }

    func test_setChangesOnlyWhatIsGivenAndRenames() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks", "--wash", "30m", "--every", "3")
        home.ok("set", "socks", "--name", "Wool Socks", "--dry", "1h30m")
        let pet = home.pet("wool")
        XCTAssertEqual(pet["name"] as? String, "Wool Socks")
        let card = home.ok("status", "wool").stdout
        XCTAssertTrue(card.contains("wash 30m, dry 1h30m"), card)
        XCTAssertTrue(card.contains("every 3d"), card)
        XCTAssertEqual(home.historyEvents("Wool Socks"), ["adopted", "renamed", "settingsChanged"])
    }

    /// A release is recorded (every machine of the household must hear of it), and the pet is gone.
    func test_releaseAsksForConfirmationAndThePetIsGoneEverywhere() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("wash", "Socks")
        let refused = home.run(["release", "Socks"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("--yes"), refused.stderr)
        let record = home.recordPath(of: "Socks")
        home.ok("rm", "socks", "--yes")
        XCTAssertEqual((home.json("status") as? [[String: Any]])?.count, 0)
        XCTAssertEqual(home.run(["status", "Socks"]).status, 1)
        let kept = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: record))) as? [String: Any])
        XCTAssertNotNil(kept["release"], "the release is in this machine's record, for the others")
        home.ok("adopt", "Socks")
        XCTAssertEqual((home.json("status") as? [[String: Any]])?.count, 1, "the name is free again")
    }
}

/// What a change reads: the pet's record once, though the command first reads every pet's name,
/// with or without a length (a wash without one takes the length learned from the pet's loads).
final class OneReadEndToEndTests: XCTestCase {
    func test_washOpensThePetsRecordOnceWithOrWithoutALength() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace: `make test`")
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("adopt", "Towels")
        let socks = try XCTUnwrap(home.pet("Socks")["id"] as? String)
        // Three measured washes: the fourth, with no length, learns from them.
        for hour in 0..<3 {
            let at = { (minutes: Int) in ["LAUNDRY_FAKE_NOW": "2026-11-0\(hour + 1)T10:\(minutes)0:00Z"] }
            home.ok("wash", "Socks", "--for", "10m", environment: at(0))
            home.ok("fold", "Socks", environment: at(3))
        }
        for arguments in [["wash", "socks", "--for", "1h"], ["cancel", "socks"], ["wash", "socks"]] {
            let traced = home.runProgram(
                "/usr/bin/strace", ["-f", "-e", "trace=openat", LaundryHome.binary] + arguments,
                environment: ["LAUNDRY_NO_AUTOSTART": "1"])
            XCTAssertEqual(traced.status, 0, traced.stderr)
            let opened = traced.stderr.split(separator: "\n").filter {
                $0.contains("openat(") && $0.contains("/pets/\(socks).json\"") && !$0.contains("ENOENT")
            }
            XCTAssertEqual(opened.count, 1, "\(arguments): " + opened.joined(separator: "\n"))
        }
        XCTAssertEqual(home.pet("Socks")["stage"] as? String, "washing")
        let learned = (home.pet("Socks")["timer"] as? [String: Any])?["remainingSeconds"] as? Double
        XCTAssertEqual(learned ?? 0, 600, accuracy: 5, "the length learned from three 10-minute washes")
    }
}
