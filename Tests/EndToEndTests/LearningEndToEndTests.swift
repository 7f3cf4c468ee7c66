import Foundation
import LaundryTestSupport
import XCTest

/// A pet learns how long its washes take from the loads themselves, on every machine of the
/// household: the real binary, on a shifted clock, two machines on one folder.
final class LearningEndToEndTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_795_000_000)

    private func at(_ date: Date, machine: Int = 0, in home: LaundryHome) -> [String: String] {
        var environment = ["LAUNDRY_FAKE_NOW": ISO8601DateFormatter().string(from: date)]
        // The second machine: its own state folder, so its own device id, on the same data folder.
        if machine == 1 { environment["XDG_STATE_HOME"] = home.path + "/state-b" }
        return environment
    }

    private func learnedWash(_ home: LaundryHome, _ now: Date) throws -> Double? {
        let pet = try XCTUnwrap(home.json("status", "Socks", environment: at(now, in: home)) as? [String: Any])
        let learned = try XCTUnwrap(pet["learned"] as? [String: Any])
        return learned["washSeconds"] as? Double
    }

    private func length(_ home: LaundryHome, _ now: Date) throws -> Double {
        let pet = try XCTUnwrap(home.json("status", "Socks", environment: at(now, in: home)) as? [String: Any])
        let timer = try XCTUnwrap(pet["timer"] as? [String: Any])
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let started = try XCTUnwrap(iso.date(from: try XCTUnwrap(timer["startedAt"] as? String)))
        let ends = try XCTUnwrap(iso.date(from: try XCTUnwrap(timer["endsAt"] as? String)))
        return ends.timeIntervalSince(started).rounded()
    }

    func test_washesFromBothMachinesTeachTheLengthAndForAndLearnOffWin() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks", "--wash", "45m", environment: at(start, in: home))
        let lengths: [Double] = [30, 50, 40, 70, 60, 20, 90]
        var now = start
        var medians: [Int: Double?] = [:]
        for (index, minutes) in lengths.enumerated() {
            let machine = index % 2
            home.ok("wash", "Socks", "--for", "\(Int(minutes))m", environment: at(now, machine: machine, in: home))
            now = now.addingTimeInterval(minutes * 60 + 120)
            home.ok("fold", "Socks", environment: at(now, machine: machine, in: home))
            now = now.addingTimeInterval(86_400)
            medians[index + 1] = try learnedWash(home, now)
        }
        XCTAssertEqual(medians[2], .some(nil), "two washes teach nothing yet")
        XCTAssertEqual(medians[3], 40 * 60, "the median of 30, 50 and 40")
        XCTAssertEqual(medians[5], 50 * 60, "of 30, 50, 40, 70 and 60")
        XCTAssertEqual(medians[7], 60 * 60, "of the last five: 40, 70, 60, 20 and 90")

        // A second line says where the length came from (its words: Tests/Golden/outputs.txt).
        let learned = home.ok("wash", "Socks", environment: at(now, in: home)).stdout
        XCTAssertEqual(learned.split(separator: "\n").count, 2, learned)
        XCTAssertEqual(try length(home, now), 3600)
        home.ok("cancel", "Socks", environment: at(now, in: home))

        let typed = home.ok("wash", "Socks", "--for", "25m", environment: at(now, in: home)).stdout
        XCTAssertEqual(typed.split(separator: "\n").count, 1, "a typed length: \(typed)")
        XCTAssertEqual(try length(home, now), 25 * 60, "--for always wins")
        home.ok("cancel", "Socks", environment: at(now, in: home))

        home.ok("set", "Socks", "--learn", "off", environment: at(now, machine: 1, in: home))
        let off = home.ok("wash", "Socks", environment: at(now, in: home)).stdout
        XCTAssertEqual(off.split(separator: "\n").count, 1, "learning off: \(off)")
        XCTAssertEqual(try length(home, now), 45 * 60, "learning off: the length set")
        let pet = try XCTUnwrap(home.json("status", "Socks", environment: at(now, in: home)) as? [String: Any])
        let shown = try XCTUnwrap(pet["learned"] as? [String: Any])
        XCTAssertEqual(shown["learns"] as? Bool, false)
        XCTAssertEqual(shown["washSeconds"] as? Double, 3600, "still learned, not used")
        let maybe = home.run(["set", "Socks", "--learn", "maybe"], environment: at(now, in: home))
        XCTAssertEqual(maybe.status, 64, maybe.stderr)
        XCTAssertTrue(maybe.stderr.contains("'maybe'"), "names what was typed: \(maybe.stderr)")
    }

    /// Named programmes: each learns from its own washes, on both machines; `--for` still wins; a
    /// programme the pet does not have is refused with the ones it has.
    func test_eachProgrammeLearnsFromItsOwnWashesOnBothMachines() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks", "--wash", "45m", environment: at(start, in: home))
        let set = home.ok(
            "set", "Socks", "--programme", "eco=2h15m", "--programme", "Quick=30m", environment: at(start, in: home))
        XCTAssertTrue(set.stdout.contains("Programmes: eco 2h15m, quick 30m."), set.stdout)

        var now = start
        // Three eco washes finished early after 2h10m, 2h0m and 2h5m, on alternating machines; a
        // quick one and a plain one between them must not count.
        let runs: [(programme: String?, minutes: Double)] = [
            ("eco", 130), ("quick", 25), ("eco", 120), (nil, 40), ("eco", 125),
        ]
        for (index, run) in runs.enumerated() {
            let machine = index % 2
            var arguments = ["wash", "Socks"]
            if let programme = run.programme { arguments += ["--programme", programme] }
            let result = home.run(arguments, environment: at(now, machine: machine, in: home))
            XCTAssertEqual(result.status, 0, result.stderr)
            let started = result.stdout
            XCTAssertEqual(started.split(separator: "\n").count, 1, "nothing learned yet: \(started)")
            now = now.addingTimeInterval(run.minutes * 60)
            home.ok("finish", "Socks", environment: at(now, machine: machine, in: home))
            now = now.addingTimeInterval(120)
            home.ok("fold", "Socks", environment: at(now, machine: machine, in: home))
            now = now.addingTimeInterval(86_400)
        }
        XCTAssertEqual(try length(home, now, ["wash", "Socks", "--programme", "quick"]), 30 * 60, "the typed 30m")
        home.ok("cancel", "Socks", environment: at(now, in: home))

        let eco = home.ok("wash", "Socks", "--programme", "eco", environment: at(now, machine: 1, in: home)).stdout
        XCTAssertEqual(eco.split(separator: "\n").count, 2, "whence the length: \(eco)")
        XCTAssertEqual(try length(home, now), 125 * 60, "the median of 130, 120 and 125")
        home.ok("cancel", "Socks", environment: at(now, in: home))
        XCTAssertEqual(
            try length(home, now, ["wash", "Socks", "--programme", "eco", "--for", "1h"]), 3600, "--for wins")
        home.ok("cancel", "Socks", environment: at(now, in: home))
        XCTAssertEqual(try length(home, now, ["wash", "Socks"]), 45 * 60, "plain washes learn apart (one so far)")
        home.ok("cancel", "Socks", environment: at(now, in: home))

        let status = try XCTUnwrap(home.json("status", "Socks", environment: at(now, in: home)) as? [String: Any])
        let programmes = try XCTUnwrap((status["learned"] as? [String: Any])?["programmes"] as? [[String: Any]])
        XCTAssertEqual(programmes.map { $0["name"] as? String }, ["eco", "quick"])
        XCTAssertEqual(programmes[0]["typedSeconds"] as? Double, 8100)
        XCTAssertEqual(programmes[0]["washSeconds"] as? Double, 7500)
        XCTAssertEqual(programmes[0]["washRuns"] as? Int, 3)
        XCTAssertTrue(programmes[1]["washSeconds"] is NSNull, "one quick wash teaches nothing yet")

        let loads = try XCTUnwrap(home.json("loads", "Socks", environment: at(now, in: home)) as? [[String: Any]])
        XCTAssertEqual(
            loads.filter { $0["end"] as? String == "folded" }.map { $0["washProgramme"] as? String ?? "-" },
            ["eco", "-", "eco", "quick", "eco"], "newest first")

        let refused = home.run(["wash", "Socks", "--programme", "spin"], environment: at(now, in: home))
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderrLines.count, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("'spin'"), "names what was typed: \(refused.stderr)")
        home.ok("set", "Socks", "--remove-programme", "quick", environment: at(now, machine: 1, in: home))
        let gone = home.run(["wash", "Socks", "--programme", "quick"], environment: at(now, in: home))
        XCTAssertEqual(gone.status, 1, "removed on the other machine: " + gone.stdout)
    }

    private func length(_ home: LaundryHome, _ now: Date, _ wash: [String]) throws -> Double {
        let result = home.run(wash, environment: at(now, in: home))
        XCTAssertEqual(result.status, 0, result.stderr)
        return try length(home, now)
    }
}
