import Foundation
import LaundryTestSupport
import XCTest

/// The real binary under the pseudo-language, whose catalogue wraps every message in ⟦ ⟧: each
/// command, the errors the store, the config and the broker give, a history with every kind of
/// detail, `doctor` with a config, `stats`. A word outside the markers is a sentence that did not
/// come from the catalogue. What may stand outside is data, not words: names (here Greek), kinds'
/// ids, paths, ids, times, durations, the locale's own month and day names, options and
/// commands, and the `laundry: error:` prefix (README: it stays English).
final class PseudoLocaleEndToEndTests: XCTestCase {
    private static let pseudo = [
        "LANGUAGE": "en@pseudo", "LC_ALL": "en_US.UTF-8", "LOCPATH": SourceTree.root + "/.build/test-locales",
    ]

    /// Data a line may hold outside the markers.
    private static let data: [String] = [
        #"/[^\s,;:)'⟧]*"#, #"laundry: (error|warning):"#, #"\blaundry( [a-z-]+)?"#, #"--[a-z-]+"#,
        #"\b[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b"#, #"\b[0-9a-f]{8,16}\b"#,
        #"\b\d+(\.\d+)?[dhms]\b"#, #"\b\d{1,2}:\d{2}(:\d{2})?( ?[AP]M)?\b"#, #"\b[AP]M\b"#, #"\bUTC\b"#,
        #"\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b"#,
        #"\b(clothes|towels|sheets|delicates)\b"#, #"\b[A-Z_]{4,}\b"#, #"\b[a-z]+\.json\b"#, #"\bmqtt\.[a-zA-Z]+\b"#,
        #"\bftp\b"#,
    ]

    /// The text of `output` outside ⟦ ⟧, with the data taken out: words left there bypassed the catalogue.
    private func wordsOutside(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            var outside = PseudoMarkers.outside(String(line))
            for pattern in Self.data {
                outside = outside.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
            }
            return outside.range(of: "[A-Za-z]{2,}", options: .regularExpression) == nil ? nil : String(line)
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
            ["wash", "Ωμέγα", "--for", "45m"],
            ["status"], ["status", "Ωμέγα"], ["list"], ["pause", "Ωμέγα"], ["resume", "Ωμέγα"],
            ["set", "Ωμέγα", "--name", "Άλφα", "--wash", "50m", "--every", "3"], ["cancel", "Άλφα"],
            ["history"], ["loads"], ["stats"], ["doctor"], ["snooze", "Δέλτα"],
            ["release", "Δέλτα", "--yes"],
        ] {
            assertNoWordsOutside(home, arguments)
        }
    }

    func test_everyErrorSpeaksOnlyThroughTheCatalogue() throws {
        let home = LaundryHome()
        home.ok("adopt", "Ωμέγα")
        for arguments in [
            ["wash", "Ωμ"], ["wash", "Ψ"], ["wash", "Ωμέγα", "--for", "99h"], ["adopt", "Ωμέγα"],
            ["fold", "Ωμέγα"],
            ["adopt", "Ψ", "--kind", "jeans"], ["set", "Ωμέγα", "--every", "weekly"],
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
        let result = home.run(["history"], environment: Self.pseudo)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = wordsOutside(result.stdout).map { line in
            names.reduce(line) { $0.replacingOccurrences(of: $1, with: "") }
        }
        XCTAssertEqual(wordsOutside(lines.joined(separator: "\n")), [], result.stdout)
        let shown = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: fixture + "/shown/history.json")))
        // 0.1.0 left a released pet's past out of the history; today's keeps it, its release too.
        let shownPets = Set(((shown as? [[String: Any]]) ?? []).compactMap { $0["petID"] as? String })
        let events = (home.json("history") as? [[String: Any]]) ?? []
        let released = events.filter { !shownPets.contains($0["petId"] as? String ?? "") }
        XCTAssertEqual(released.first?["event"] as? String, "released")
        XCTAssertEqual(result.stdout.split(separator: "\n").count, ((shown as? [Any])?.count ?? 0) + released.count)
    }
}
