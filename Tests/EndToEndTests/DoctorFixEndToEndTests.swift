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
}
