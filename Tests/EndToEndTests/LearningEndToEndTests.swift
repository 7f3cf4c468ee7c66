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

        let learned = home.ok("wash", "Socks", environment: at(now, in: home)).stdout
        XCTAssertTrue(learned.contains("1h, learned from your last 5 washes"), learned)
        XCTAssertEqual(try length(home, now), 3600)
        home.ok("cancel", "Socks", environment: at(now, in: home))

        let typed = home.ok("wash", "Socks", "--for", "25m", environment: at(now, in: home)).stdout
        XCTAssertFalse(typed.contains("learned"), typed)
        XCTAssertEqual(try length(home, now), 25 * 60, "--for always wins")
        home.ok("cancel", "Socks", environment: at(now, in: home))

        home.ok("set", "Socks", "--learn", "off", environment: at(now, machine: 1, in: home))
        let off = home.ok("wash", "Socks", environment: at(now, in: home)).stdout
        XCTAssertFalse(off.contains("learned"), off)
        XCTAssertEqual(try length(home, now), 45 * 60, "learning off: the length set")
        let card = home.ok("status", "Socks", environment: at(now, in: home)).stdout
        XCTAssertTrue(card.contains("not used (laundry set --learn on)"), card)
        XCTAssertEqual(
            home.run(["set", "Socks", "--learn", "maybe"], environment: at(now, in: home)).stderr
                .contains("'maybe' is neither on nor off"), true)
    }
}
