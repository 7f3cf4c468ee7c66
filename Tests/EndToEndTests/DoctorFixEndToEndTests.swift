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

    /// A unit written without the LAUNDRY_HOME the commands use watches another folder: doctor says so, not ✓, and
    /// its fix writes a unit that sets it.
    func test_aUnitWatchingAnotherFolderIsFlaggedAndItsFixSetsTheFolder() throws {
        home.ok("daemon", "install", environment: ["LAUNDRY_HOME": ""])
        let before = home.run(["doctor"]).stdout
        XCTAssertEqual(fixes(in: before, for: "unit"), ["laundry daemon install"], before)
        home.environment["PATH"] =
            URL(fileURLWithPath: LaundryHome.binary).deletingLastPathComponent().path + ":"
            + (home.environment["PATH"] ?? "/usr/bin:/bin")
        let ran = home.runProgram("/bin/sh", ["-c", "laundry daemon install"])
        XCTAssertEqual(ran.status, 0, ran.stderr)
        let after = home.run(["doctor"]).stdout
        XCTAssertEqual(fixes(in: after, for: "unit"), [], after)
        XCTAssertTrue(after.contains("✓ unit"), after)
    }
}
