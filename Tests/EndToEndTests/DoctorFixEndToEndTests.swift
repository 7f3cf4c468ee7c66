import Foundation
import LaundryTestSupport
import XCTest

/// `doctor`'s suggested fixes, run as written: afterwards doctor finds that problem gone.
final class DoctorFixEndToEndTests: DaemonTestCase {
    private func fixes(in report: String, for check: String) -> [String] {
        let lines = report.split(separator: "\n").map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("! \(check) ") || $0.hasPrefix("✗ \(check) ") })
        else { return [] }
        return lines[index...].dropFirst().prefix { $0.hasPrefix(" ") }.flatMap {
            HintPropertyTests.suggestions(in: $0)
        }
    }

    func test_theFixForAStoppedServiceStartsIt() throws {
        home.ok("adopt", "Socks")
        let before = home.run(["doctor"])
        let suggested = fixes(in: before.stdout, for: "daemon")
        XCTAssertEqual(suggested, ["laundry daemon start", "laundry daemon install"], before.stdout)
        home.environment["PATH"] =
            URL(fileURLWithPath: LaundryHome.binary).deletingLastPathComponent().path + ":"
            + (home.environment["PATH"] ?? "/usr/bin:/bin")
        let ran = home.runProgram("/bin/sh", ["-c", try XCTUnwrap(suggested.first)])
        XCTAssertEqual(ran.status, 0, ran.stderr)
        let after = home.run(["doctor"]).stdout
        XCTAssertTrue(after.contains("✓ daemon") && after.contains("running"), after)
    }

    func test_theFixForAWaitingCopyMergesIt() throws {
        home.ok("adopt", "Socks")
        let pet = try XCTUnwrap(home.files(in: "pets").first)
        let copy = pet.replacingOccurrences(of: ".json", with: ".sync-conflict-20261122-101010-ABCDEFG.json")
        try FileManager.default.copyItem(atPath: home.data + "/pets/" + pet, toPath: home.data + "/pets/" + copy)
        let before = home.run(["doctor"]).stdout
        let suggested = try XCTUnwrap(fixes(in: before, for: "conflicts").first, before)
        XCTAssertEqual(suggested, "laundry status")
        home.environment["PATH"] =
            URL(fileURLWithPath: LaundryHome.binary).deletingLastPathComponent().path + ":/usr/bin:/bin"
        XCTAssertEqual(home.runProgram("/bin/sh", ["-c", suggested]).status, 0)
        XCTAssertFalse(home.files(in: "pets").contains(copy), "merged and removed")
        XCTAssertFalse(home.run(["doctor"]).stdout.contains("sync-conflict"))
    }
}
