import Foundation
import LaundryCore
import LaundryRendering
import XCTest

/// The command line as people meet it: help, version, aliases, colour and the clock.
final class CommandLineEndToEndTests: XCTestCase {
    func test_versionAndHelpOnEveryCommand() {
        let home = LaundryHome()
        let version = home.ok("--version")
        XCTAssertNotNil(
            version.stdout.range(of: #"^laundry \d+\.\d+\.\d+\n$"#, options: .regularExpression), version.stdout)
        let commands = [
            "adopt", "list", "status", "wash", "dry", "more-dry", "fold", "cancel", "pause", "resume",
            "set", "release", "history", "stats", "watch",
        ]
        let root = home.ok("--help").stdout
        for command in commands {
            XCTAssertNotNil(
                root.range(of: "\\n  \(command)[ ,]", options: .regularExpression), "root help lists \(command)")
            let help = home.ok(command, "--help")
            XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: "), "\(command): \(help.stdout)")
            XCTAssertTrue(help.stdout.contains("USAGE: laundry \(command)"), help.stdout)
        }
    }

    func test_daemonStatusWhenNotRunningSaysSoOnce() {
        let home = LaundryHome()
        home.environment["XDG_RUNTIME_DIR"] = home.path + "/runtime"
        let status = home.run(["daemon", "status"])
        XCTAssertEqual(status.status, 1)
        XCTAssertEqual(status.stderr, "", "no empty error line")
        XCTAssertEqual(status.stdout.split(separator: "\n").count, 1, status.stdout)
        XCTAssertEqual(HintPropertyTests.suggestions(in: status.stdout), ["laundry daemon start"], status.stdout)
    }

    func test_snoozeHoldsBackReminders() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let snooze = home.ok("snooze", "socks", "--for", "30m")
        XCTAssertEqual(shownTimes(snooze.stdout).count, 1, "until when: \(snooze.stdout)")
        XCTAssertTrue(home.pet("Socks")["snoozedUntil"] is String)
        XCTAssertEqual(home.historyEvents("Socks").last, "snoozed")
        XCTAssertEqual(home.run(["snooze", "socks", "--for", "0"]).status, 64)
    }

    func test_aPausedPetsCardOffersResume() {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("wash", "Socks")
        home.ok("pause", "Socks")
        let card = home.ok("status", "Socks").stdout
        XCTAssertTrue(card.contains(TypedCommand.typed(.resume, "Socks")), card)
    }

    func test_aliasesLsAndRm() {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        XCTAssertTrue(home.ok("ls").stdout.contains("Socks"))
        home.ok("rm", "Socks", "--yes")
        XCTAssertEqual(home.ok("ls").stdout, CommandReport.noPets + "\n")
    }

    /// `status`, `list` and `ls` without arguments skip ArgumentParser (Support/FastPath.swift): they
    /// must print what the parsed forms print, warnings included, and anything more is parsed.
    func test_theHandParsedListingMatchesTheParsedOne() throws {
        let home = LaundryHome()
        // No running timer: its countdown could tick between two runs.
        home.ok("adopt", "Socks")
        let broken = "\(home.path)/machines/\(try XCTUnwrap(home.device))/pets/\(UUID().uuidString.lowercased()).json"
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: broken))
        let fast = home.run(["status"])
        let parsed = home.run(["list", "--weeks"])
        XCTAssertEqual(parsed.status, 64, "an unknown option still goes to ArgumentParser")
        XCTAssertEqual(HintPropertyTests.suggestions(in: parsed.stderr), ["laundry list --help"], parsed.stderr)
        XCTAssertEqual(fast.status, 0)
        XCTAssertTrue(fast.stdout.contains("Socks"), fast.stdout)
        XCTAssertTrue(
            fast.stderr.hasPrefix("laundry: warning: ") && fast.stderr.contains(broken),
            "the broken file is reported: \(fast.stderr)")
        for other in [["list"], ["ls"]] {
            let result = home.run(other)
            XCTAssertEqual(result.stdout, fast.stdout, "\(other) prints the same table")
            XCTAssertEqual(result.stderr, fast.stderr)
        }
        XCTAssertEqual(home.run(["status", "--json"]).stdout, home.run(["list", "--json"]).stdout)
        let help = home.run(["status", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(
            help.stdout.contains(
                "USAGE: laundry status [<pet>] [--format <bar>] [--template <text>] [--follow] [--json]"),
            help.stdout)
    }

    func test_noColourWhenPiped() {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let piped = home.ok("list")
        XCTAssertFalse(piped.stdout.contains("\u{1B}["), "no escape codes into a pipe")
        XCTAssertTrue(piped.stdout.contains("Socks") && piped.stdout.contains("100%"))
    }

    func test_healthFallsWithTimeAndADeadPetLosesItsStreak() throws {
        let home = LaundryHome()
        let start = "2026-11-01T12:00:00Z"
        home.ok("adopt", "Socks", "--every", "4", environment: ["LAUNDRY_FAKE_NOW": start])
        home.ok("wash", "Socks", "--for", "10m", environment: ["LAUNDRY_FAKE_NOW": start])
        home.ok("fold", "Socks", environment: ["LAUNDRY_FAKE_NOW": "2026-11-01T12:11:00Z"])
        let twoDays = home.pet("Socks", environment: ["LAUNDRY_FAKE_NOW": "2026-11-03T12:11:00Z"])
        XCTAssertEqual(twoDays["health"] as? Int, 50)
        XCTAssertEqual(twoDays["mood"] as? String, "neutral")
        XCTAssertEqual(twoDays["currentStreak"] as? Int, 1)
        let dead = home.pet("Socks", environment: ["LAUNDRY_FAKE_NOW": "2026-11-06T00:00:00Z"])
        XCTAssertEqual(dead["health"] as? Int, 0)
        XCTAssertEqual(dead["mood"] as? String, "dead")
        XCTAssertEqual(dead["currentStreak"] as? Int, 0)
        XCTAssertEqual(dead["longestStreak"] as? Int, 1)
        let table = home.ok("list", environment: ["LAUNDRY_FAKE_NOW": "2026-11-06T00:00:00Z"]).stdout
        XCTAssertTrue(table.contains("overdue"), table)
        XCTAssertEqual(home.historyEvents("Socks").last, "died")
    }

    func test_aTimerThatEndedWhileNobodyLookedIsFinishedByTheNextCommand() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks", environment: ["LAUNDRY_FAKE_NOW": "2026-11-01T12:00:00Z"])
        home.ok("wash", "Socks", "--for", "45m", environment: ["LAUNDRY_FAKE_NOW": "2026-11-01T12:00:00Z"])
        // As after a three-hour suspend: the first command to look sees the wash done.
        home.ok("dry", "Socks", environment: ["LAUNDRY_FAKE_NOW": "2026-11-01T15:00:00Z"])
        let history = try XCTUnwrap(
            home.json("history", "Socks", environment: ["LAUNDRY_FAKE_NOW": "2026-11-01T15:00:00Z"]) as? [[String: Any]]
        )
        let washDone = try XCTUnwrap(history.first { $0["event"] as? String == "washDone" }?["at"] as? String)
        let washStarted = try XCTUnwrap(history.first { $0["event"] as? String == "washStarted" }?["at"] as? String)
        let length = try XCTUnwrap(Timestamp.parse(washDone)).timeIntervalSince(
            try XCTUnwrap(Timestamp.parse(washStarted)))
        XCTAssertEqual(length, 2700, accuracy: 0.001, "recorded at its deadline, to the millisecond, not when seen")
        XCTAssertTrue(washDone.hasPrefix("2026-11-01T12:45:00."), washDone)
    }
}
