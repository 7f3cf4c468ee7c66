import Foundation
import LaundryTestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// People: each machine's person in its machine file and in every step it records, on several
/// machines of one folder (their own state and config folders), on a shifted clock.
final class PeopleEndToEndTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_795_000_000)
    private var home: LaundryHome!
    private let people = ["Ana", "Ben", "Chloe"]

    override func setUpWithError() throws {
        home = LaundryHome()
        for (index, person) in people.enumerated() {
            let folder = home.path + "/config-\(index)/laundry"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try #"{"person": "\#(person)"}"#.write(toFile: folder + "/config.json", atomically: true, encoding: .utf8)
        }
    }

    /// The environment of `person`'s machine at `date`: its own device, state and config.
    private func on(_ person: String, at date: Date) -> [String: String] {
        let index = people.firstIndex(of: person)!
        return [
            "LAUNDRY_FAKE_NOW": ISO8601DateFormatter().string(from: date),
            "XDG_STATE_HOME": home.path + "/state-\(index)", "XDG_CONFIG_HOME": home.path + "/config-\(index)",
        ]
    }

    private func ok(_ person: String, _ at: Date, _ arguments: String...) {
        let result = home.run(arguments, environment: on(person, at: at))
        XCTAssertEqual(result.status, 0, "\(person): laundry \(arguments.joined(separator: " ")): \(result.stderr)")
    }

    func test_everyStepNamesItsPersonInEveryRecordAndMachineFile() throws {
        ok("Ana", start, "adopt", "Socks")
        ok("Ana", start, "wash", "Socks", "--for", "30m")
        ok("Ben", start + 2400, "dry", "Socks", "--for", "30m")
        ok("Ana", start + 6000, "fold", "Socks")
        ok("Chloe", start + 86_400, "wash", "Socks", "--for", "30m")
        ok("Chloe", start + 86_400 + 1900, "fold", "Socks")

        let loads = try XCTUnwrap(
            home.json("loads", "Socks", environment: on("Ana", at: start + 90_000)) as? [[String: Any]])
        XCTAssertEqual(loads.map { $0["startedBy"] as? String }, ["Chloe", "Ana"], "newest first")
        XCTAssertEqual(
            loads.map { $0["movedBy"] as? String }, ["Chloe", "Ben"], "an air-dried load: its fold moved it")
        XCTAssertEqual(loads.map { $0["foldedBy"] as? String }, ["Chloe", "Ana"])
        let csv = home.ok("loads", "--csv", environment: on("Ben", at: start + 90_000)).stdout
        // CSV lines end in CRLF, one Character.
        let lines = csv.split(whereSeparator: \.isNewline)
        XCTAssertEqual(lines.count, 3, csv)
        guard lines.count == 3 else { return }
        let header = lines[0].split(separator: ",").map(String.init)
        let row = lines[2].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(
            ["startedBy", "movedBy", "foldedBy"].map { row[header.firstIndex(of: $0)!] }, ["Ana", "Ben", "Ana"])
        let table = home.ok("loads", environment: on("Ben", at: start + 90_000)).stdout
        XCTAssertTrue(table.contains("Ana/Ben/Ana"), table)
        XCTAssertTrue(table.contains("Chloe/Chloe/Chloe"), table)
        let id = try XCTUnwrap(loads.last?["id"] as? String)
        let timeline = home.ok("loads", String(id.prefix(8)), environment: on("Ben", at: start + 90_000)).stdout
        // Who did each step, in words: Tests/Golden/outputs.txt; here, that the timeline names them.
        XCTAssertTrue(timeline.contains(id) && timeline.contains("Ben") && timeline.contains("Ana"), timeline)
        let history = try XCTUnwrap(
            home.json("history", "Socks", environment: on("Ana", at: start + 90_000)) as? [[String: Any]])
        XCTAssertEqual(history.last?["by"] as? String, "Ana", "the adoption")

        // Each machine's file names its person, so every machine can name the others.
        let machines = try FileManager.default.contentsOfDirectory(atPath: home.path + "/machines")
        let named = try machines.map { device -> String? in
            let data = try Data(contentsOf: URL(fileURLWithPath: home.path + "/machines/\(device)/machine.json"))
            return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["person"] as? String
        }
        XCTAssertEqual(Set(named.compactMap { $0 }), Set(people))
    }

    /// Without `person`, the login name (not the full name); loads from before people name no one.
    func test_theLoginNameWithoutAPersonAndNoOneBeforePeople() throws {
        let login = String(cString: getpwuid(getuid())!.pointee.pw_name)
        home.ok("adopt", "Sheets", environment: ["LAUNDRY_FAKE_NOW": "2026-11-01T10:00:00Z"])
        home.ok("wash", "Sheets", "--for", "1h", environment: ["LAUNDRY_FAKE_NOW": "2026-11-01T10:00:00Z"])
        home.ok("fold", "Sheets", environment: ["LAUNDRY_FAKE_NOW": "2026-11-01T12:00:00Z"])
        let device = try XCTUnwrap(home.device)
        // The same load as an earlier version wrote it: no "by" anywhere.
        let folder = home.path + "/machines/\(device)/history"
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let stripped = text.replacingOccurrences(
                of: #","by":"[^"]*""#, with: "", options: .regularExpression)
            XCTAssertNotEqual(text, stripped, "the lines named the login name")
            XCTAssertTrue(text.contains(#""by":"\#(login)""#), text)
            try stripped.write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
        }
        home.ok("wash", "Sheets", "--for", "1h", environment: ["LAUNDRY_FAKE_NOW": "2026-11-02T10:00:00Z"])
        let loads = try XCTUnwrap(
            home.json("loads", "Sheets", environment: ["LAUNDRY_FAKE_NOW": "2026-11-02T10:05:00Z"]) as? [[String: Any]])
        XCTAssertEqual(loads.map { $0["startedBy"] as? String }, [login, nil])
        XCTAssertTrue(loads[1]["foldedBy"] is NSNull, "before people: null, not absent")
    }

    /// `stats --people` against the test's own count of a random three-person history.
    func test_statsPerPersonMatchAHandCount() throws {
        var random = SplitMix64(seed: 37)
        var now = start
        ok("Ana", now, "adopt", "Socks")
        var expected: [String: (started: Int, moved: Int, folded: Int, waits: [Double])] = [:]
        for person in people { expected[person] = (0, 0, 0, []) }
        for _ in 0..<24 {
            let starter = people[random.below(3)]
            ok(starter, now, "wash", "Socks", "--for", "30m")
            expected[starter]!.started += 1
            let wait = Double(60 * (1 + random.below(180)))
            now += 1800 + wait
            let mover = people[random.below(3)]
            if random.below(3) == 0 {
                // Air-dried: the fold moves it and folds it.
                ok(mover, now, "fold", "Socks")
                expected[mover]!.moved += 1
                expected[mover]!.folded += 1
            } else {
                ok(mover, now, "dry", "Socks", "--for", "20m")
                expected[mover]!.moved += 1
                now += 1200 + Double(60 * random.below(60))
                let folder = people[random.below(3)]
                ok(folder, now, "fold", "Socks")
                expected[folder]!.folded += 1
            }
            expected[starter]!.waits.append(wait)
            now += 86_400
        }
        let json = try XCTUnwrap(
            home.json("stats", "--people", environment: on("Ben", at: now)) as? [[String: Any]])
        let steps = expected.values.reduce(0) { $0 + $1.started + $1.moved + $1.folded }
        var shares = 0.0
        for entry in json {
            let person = try XCTUnwrap(entry["person"] as? String)
            let counted = try XCTUnwrap(expected[person])
            XCTAssertEqual(entry["started"] as? Int, counted.started, person)
            XCTAssertEqual(entry["moved"] as? Int, counted.moved, person)
            XCTAssertEqual(entry["folded"] as? Int, counted.folded, person)
            let sorted = counted.waits.sorted()
            let median =
                sorted.isEmpty
                ? nil
                : sorted.count % 2 == 1
                    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            // The shifted clock keeps each command's milliseconds: a wait is within a few of the count.
            XCTAssertEqual(
                try XCTUnwrap(entry["medianWetWaitSeconds"] as? Double), try XCTUnwrap(median), accuracy: 0.01, person)
            XCTAssertEqual(
                try XCTUnwrap(entry["longestWetWaitSeconds"] as? Double), try XCTUnwrap(sorted.last), accuracy: 0.01,
                person)
            let share = try XCTUnwrap(entry["share"] as? Double)
            // A fraction to the thousandth, as every share in `--json`.
            XCTAssertEqual(
                share, Double(counted.started + counted.moved + counted.folded) / Double(steps), accuracy: 0.0005)
            shares += share
        }
        XCTAssertEqual(Set(json.compactMap { $0["person"] as? String }), Set(people))
        XCTAssertEqual(shares, 1, accuracy: 0.0005 * Double(people.count))
        let table = home.ok("stats", "--people", environment: on("Ben", at: now)).stdout
        XCTAssertTrue(table.hasPrefix("PERSON"), table)
        for person in people { XCTAssertTrue(table.contains(person), table) }
        print("stats --people:\n" + table)
    }

    /// The rotation: shared by every machine, passed on by whoever starts a load, shown by
    /// `household` and `status`; bad names refused in one line.
    func test_turnsAreSharedAndPassToTheOneAfterWhoeverStarted() throws {
        ok("Ana", start, "adopt", "Socks")
        ok("Ben", start, "adopt", "Towels")
        ok("Chloe", start, "adopt", "Sheets")
        ok("Ana", start + 60, "household", "turns", "Ana", "Ben", "Chloe")
        func household(_ person: String, _ at: Date) throws -> [String: Any] {
            try XCTUnwrap(home.json("household", environment: on(person, at: at)) as? [String: Any])
        }
        let first = try household("Ben", start + 120)
        XCTAssertEqual(first["people"] as? [String], ["Ana", "Ben", "Chloe"])
        XCTAssertEqual(first["turns"] as? [String], ["Ana", "Ben", "Chloe"])
        XCTAssertEqual(first["next"] as? String, "Ana")
        // Chloe takes Ana's turn: it counts as hers, and Ana is next.
        ok("Chloe", start + 180, "wash", "Socks", "--for", "30m")
        XCTAssertEqual(try household("Ana", start + 240)["next"] as? String, "Ana")
        ok("Ana", start + 300, "wash", "Towels", "--for", "30m")
        XCTAssertEqual(try household("Chloe", start + 360)["next"] as? String, "Ben")
        // The table, then a line naming whose turn it is (its words: Tests/Golden/outputs.txt).
        let pets = (home.json("status", environment: on("Chloe", at: start + 360)) as? [[String: Any]])?.count ?? 0
        let status = home.ok("status", environment: on("Chloe", at: start + 360)).stdout.split(separator: "\n")
        XCTAssertEqual(status.count, 1 + pets + 1, "a header, the pets, the next turn: \(status)")
        XCTAssertTrue(status.last?.contains("Ben") == true, "\(status)")
        let text = home.ok("household", environment: on("Ben", at: start + 360)).stdout
        XCTAssertTrue(text.contains("Ana → Ben → Chloe"), text)

        let twice = home.run(["household", "turns", "Ana", "ana"], environment: on("Ben", at: start + 400))
        XCTAssertEqual(twice.status, 1)
        XCTAssertEqual(twice.stderrLines.count, 1, twice.stderr)
        XCTAssertTrue(twice.stderr.contains("'ana'"), "names who is twice: \(twice.stderr)")
        XCTAssertEqual(home.run(["household", "turns"], environment: on("Ben", at: start + 400)).status, 64)
        // A name no machine answers to: refused, naming the people and how one becomes known.
        let stranger = home.run(["household", "turns", "Ana", "Zed"], environment: on("Ben", at: start + 400))
        XCTAssertEqual(stranger.status, 1)
        XCTAssertTrue(
            stranger.stderr.contains("'Zed'") && stranger.stderr.contains("Ana, Ben, Chloe")
                && stranger.stderr.contains("config.json"), stranger.stderr)
        // A later rotation from another machine wins everywhere; --clear removes it.
        ok("Ben", start + 420, "household", "turns", "Ben", "Chloe")
        XCTAssertEqual(try household("Ana", start + 480)["turns"] as? [String], ["Ben", "Chloe"])
        ok("Chloe", start + 500, "household", "turns", "--clear")
        let cleared = try household("Ana", start + 560)
        XCTAssertEqual(cleared["turns"] as? [String], [])
        XCTAssertTrue(cleared["next"] is NSNull)
        let table = home.ok("status", environment: on("Ana", at: start + 560)).stdout.split(separator: "\n")
        XCTAssertEqual(table.count, 1 + pets, "no turn under the table: \(table)")
    }
}
