import Foundation
import LaundryTestSupport
import XCTest

/// The real binary under the pseudo-language, whose catalogue wraps every message in ⟦ ⟧ and accents each of its
/// letters (scripts/make-locales.sh): each command, the errors the store, the config and the broker give, a history
/// with every kind of detail, `doctor` with a config, `stats`, `daemon status`. A plain ASCII word anywhere in a line,
/// inside the markers too (a placeholder filled with an English id: `it is washing`), is text that did not come from
/// the catalogue, unless it is user data or what is typed as written in every language: names (here Greek), paths,
/// ids, times and the locale's own month and day names, durations (`45m`, the input's grammar), commands and options,
/// environment variables, config.json's keys, file names, the notification server's name and capabilities, the
/// words `--last-washed` takes, and the `laundry: error:` prefix (README: it stays English). A kind's id or a
/// stage's is not data: the catalogue names them.
final class PseudoLocaleEndToEndTests: XCTestCase {
    private static let pseudo = [
        "LANGUAGE": "en@pseudo", "LC_ALL": "en_US.UTF-8", "LOCPATH": SourceTree.root + "/.build/test-locales",
    ]

    /// Data a line may hold in plain ASCII, in the order taken out.
    private static let data: [String] = [
        #"\b[a-z]+s?://[^\s"')⟧]*"#, #"\b[\w-]+\.(json|desktop|service|log)\b"#, #"/[^\s,;:)'⟧]*"#,
        #"laundry: (error|warning):"#, #"\blaundry( [a-z][a-z-]*){0,2}"#, #"--[a-z-]+"#, #"<[a-z-]+>"#,
        #"\b[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b"#, #"\b[0-9a-f]{8,16}\b"#,
        #"\b\d+(\.\d+)?[dhms]\b"#, #"\b\d{1,2}:\d{2}(:\d{2})?( ?[AP]M)?\b"#, #"\b[AP]M\b"#, #"\bUTC\b"#,
        #"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b"#,
        // Environment variables, config.json's keys (`nagLimit`, `mqtt.url`), what `--last-washed` takes.
        #"\b[A-Z]+(_[A-Z]+)+\b"#, #"\b[a-z]+([A-Z][a-z0-9]*|\.[a-z][a-zA-Z0-9]*)+\b"#,
        #"'(today|yesterday|3 days ago)'"#, #"\bkWh\b"#,
        // The notification server as it names itself, and the capabilities it lists (`doctor`, `daemon status`).
        #"\(([a-z][a-z-]*)(, [a-z][a-z-]*)+\)"#, #"\b(dunst|mako|swaync|gnome-shell|plasmashell)\b"#,
        // The kinds' ids listed for `--kind` (one alone in a sentence is a word: the catalogue names it).
        #"\b(clothes|sheets|towels|delicates)( \([^)]*\))?(, (clothes|sheets|towels|delicates)( \([^)]*\))?)+"#,
    ]

    /// The lines of `output` with a plain word left once the data is taken out: words that bypassed the catalogue.
    private func wordsOutside(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            var plain = line.replacingOccurrences(of: "⟦", with: " ").replacingOccurrences(of: "⟧", with: " ")
            for pattern in Self.data {
                plain = plain.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
            }
            return plain.range(of: "[A-Za-z]{2,}", options: .regularExpression) == nil ? nil : String(line)
        }
    }

    private func assertNoWordsOutside(
        _ home: LaundryHome, _ arguments: [String], environment: [String: String] = [:], file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let result = home.run(arguments, environment: Self.pseudo.merging(environment) { $1 })
        let output = result.stdout + result.stderr
        XCTAssertTrue(
            output.contains("⟦"), "\(arguments): nothing from the catalogue: \(output)", file: file, line: line)
        XCTAssertEqual(
            wordsOutside(output), [], "laundry \(arguments.joined(separator: " ")): words outside the catalogue",
            file: file, line: line)
    }

    func test_everyCommandSpeaksOnlyThroughTheCatalogue() throws {
        let home = LaundryHome()
        home.environment["TZ"] = "UTC"
        // A person's name is data, as a pet's is: Greek, like theirs, so it is not taken for words.
        try home.writeConfig(#"{"person": "Βήτα"}"#)
        for arguments in [
            ["adopt", "Ωμέγα"], ["adopt", "Δέλτα", "--kind", "towels"],
            ["adopt", "Ήτα", "--kind", "delicates"],
            ["wash", "Ωμέγα", "--for", "45m"], ["fold", "Ωμέγα"], ["dry", "Ωμέγα"],
            ["status"], ["status", "Ωμέγα"], ["status", "Δέλτα"], ["list"], ["pause", "Ωμέγα"],
            ["fold", "Ωμέγα"],
            ["pause", "Ωμέγα"], ["resume", "Ωμέγα"], ["resume", "Ωμέγα"], ["finish", "Ωμέγα"],
            ["cancel", "Ωμέγα"],
            ["wash", "Ωμέγα", "--for", "45m"], ["cancel", "Ωμέγα"],
            ["set", "Ωμέγα", "--name", "Άλφα", "--wash", "50m", "--every", "3", "--kind", "sheets"],
            ["cancel", "Άλφα"],
            ["history"], ["loads"], ["stats"], ["doctor"], ["snooze", "Δέλτα"], ["household"],
            ["set", "Άλφα", "--last-washed", "αύριο"], ["set", "Άλφα", "--last-washed", "1960-01-01"],
            ["history", "--since", "αύριο"], ["history", "--limit", "χ"], ["list", "Άλφα"], ["wash"],
            ["status", "--format"], ["daemon", "status"], ["release", "Δέλτα", "--yes"],
        ] {
            assertNoWordsOutside(home, arguments)
        }
    }

    /// The daemon's own report of itself, with a load running and no session bus to keep this computer awake through.
    func test_daemonStatusSpeaksOnlyThroughTheCatalogue() throws {
        let home = LaundryHome()
        try home.allowDaemon()
        home.environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        home.ok("adopt", "Ωμέγα")
        defer { home.run(["daemon", "stop"]) }
        home.ok("wash", "Ωμέγα", "--for", "1h", environment: Self.pseudo)
        XCTAssertTrue(
            waitUntil(10) { (home.daemonStatus["awake"] as? [String: Any])?["why"] != nil },
            "\(home.daemonStatus)\n\(home.daemonLog)")
        assertNoWordsOutside(home, ["daemon", "status"])
        assertNoWordsOutside(home, ["doctor"])
    }

    func test_everyErrorSpeaksOnlyThroughTheCatalogue() throws {
        let home = LaundryHome()
        home.ok("adopt", "Ωμέγα")
        for arguments in [
            ["wash", "Ωμ"], ["wash", "Ψ"], ["wash", "Ωμέγα", "--for", "99h"], ["adopt", "Ωμέγα"],
            ["fold", "Ωμέγα"],
            ["adopt", "Ψ", "--kind", "τζιν"], ["set", "Ωμέγα", "--every", "εβδομάδα"],
        ] {
            assertNoWordsOutside(home, arguments)
        }
        // A bad config value, and a broker URL laundry cannot use: what doctor says of each.
        try home.writeConfig(#"{"nagLimit": "many"}"#)
        assertNoWordsOutside(home, ["doctor"])
        try home.writeConfig(#"{"mqtt": {"url": "ftp://broker"}}"#)
        assertNoWordsOutside(home, ["doctor"])
        try home.writeConfig(#"{"quietHours": {"from": "22:00", "to": "07:00"}, "nagIntervalMinutes": 20}"#)
        assertNoWordsOutside(home, ["doctor"])
        // A record that is a symbolic link, and a home that cannot be written.
        let record = home.recordPath(of: "Ωμέγα")
        try FileManager.default.moveItem(atPath: record, toPath: home.path + "/elsewhere.json")
        try FileManager.default.createSymbolicLink(atPath: record, withDestinationPath: home.path + "/elsewhere.json")
        assertNoWordsOutside(home, ["list"])
        let file = home.path + "/not-a-folder"
        try Data().write(to: URL(fileURLWithPath: file))
        assertNoWordsOutside(home, ["adopt", "Ψ"], environment: ["LAUNDRY_HOME": file + "/home"])
    }

    /// A full disk (a 64 KiB tmpfs; mounting needs root, as in `DiskFullTests`).
    func test_aFullDiskSpeaksOnlyThroughTheCatalogue() throws {
        let point = FileManager.default.temporaryDirectory.appendingPathComponent(
            "laundry-pseudo-full-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: point) }
        let mount = Spawn.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", point], environment: [:])
        guard mount.status == 0 else { throw XCTSkip("mounting a tmpfs needs root: \(mount.stderr)") }
        defer { _ = Spawn.run("/bin/umount", [point], environment: [:]) }
        let home = LaundryHome()
        home.environment["LAUNDRY_HOME"] = point + "/home"
        home.ok("adopt", "Ωμέγα")
        _ = Spawn.run("/bin/dd", ["if=/dev/zero", "of=\(point)/filler", "bs=1k"], environment: [:])
        let result = home.run(["wash", "Ωμέγα", "--for", "1h"], environment: Self.pseudo)
        XCTAssertEqual(result.status, 1, "the disk is full: \(result.stderr)")
        XCTAssertEqual(wordsOutside(result.stderr), [], result.stderr)
        XCTAssertTrue(result.stderr.contains("⟦"), result.stderr)
    }

    /// A history with many kinds of detail, as the released version wrote it (Tests/Fixtures/0.1.0).
    func test_aReleasedHistorySpeaksOnlyThroughTheCatalogue() throws {
        let fixture = SourceTree.root + "/Tests/Fixtures/0.1.0"
        let home = LaundryHome(shared: true)
        try FileManager.default.removeItem(atPath: home.data)
        try FileManager.default.copyItem(atPath: fixture + "/home", toPath: home.data)
        home.environment["LAUNDRY_FAKE_NOW"] = "2026-11-05T12:00:00Z"
        let names = ["Towels", "Socks", "Bedding", "Sheets", "Wool", "Gone", "Ana", "Ben", "eco", "quick"]
        // The loads, numbers and people of a history (decimals in `stats` and `people`) too.
        for arguments in [["history"], ["loads"], ["stats"], ["stats", "--people"], ["household"]] {
            let result = home.run(arguments, environment: Self.pseudo)
            XCTAssertEqual(result.status, 0, result.stderr)
            let lines = wordsOutside(result.stdout).map { line in
                names.reduce(line) { $0.replacingOccurrences(of: $1, with: "") }
            }
            XCTAssertEqual(wordsOutside(lines.joined(separator: "\n")), [], "\(arguments): \(result.stdout)")
            if arguments == ["history"] {
                let shown = try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: fixture + "/shown/history.json")))
                // 0.1.0 left a released pet's past out of the history; today's keeps it, its release too.
                let shownPets = Set(((shown as? [[String: Any]]) ?? []).compactMap { $0["petID"] as? String })
                let events = (home.json("history") as? [[String: Any]]) ?? []
                let released = events.filter { !shownPets.contains($0["petId"] as? String ?? "") }
                XCTAssertEqual(released.first?["event"] as? String, "released")
                XCTAssertEqual(
                    result.stdout.split(separator: "\n").count, ((shown as? [Any])?.count ?? 0) + released.count)
            }
        }
    }
}
