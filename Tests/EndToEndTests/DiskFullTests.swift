import Foundation
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// `LAUNDRY_HOME` on a 64 KiB tmpfs (mounting needs root): when the disk fills, each command says
/// so in one line, exits 1, and leaves the previous state exactly as it was.
final class DiskFullTests: XCTestCase {
    private var mountPoint: String?

    override func tearDown() {
        if let mountPoint {
            _ = Spawn.run("/bin/umount", [mountPoint], environment: [:])
            try? FileManager.default.removeItem(atPath: mountPoint)
        }
    }

    func test_aFullDiskGivesAClearErrorAndKeepsThePreviousState() throws {
        let point = FileManager.default.temporaryDirectory.appendingPathComponent(
            "laundry-full-\(UUID().uuidString.prefix(8))"
        ).path
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        let mount = Spawn.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", point], environment: [:])
        guard mount.status == 0 else {
            try? FileManager.default.removeItem(atPath: point)
            throw XCTSkip("mounting a tmpfs needs root: \(mount.stderr)")
        }
        mountPoint = point
        let home = LaundryHome()
        home.environment["LAUNDRY_HOME"] = point + "/home"

        home.ok("adopt", "Socks")
        home.ok("adopt", "Towels")

        // With not one byte free, every change is refused the same way and nothing is lost.
        _ = Spawn.run("/bin/dd", ["if=/dev/zero", "of=\(point)/filler", "bs=1k"], environment: [:])
        for command in [
            ["wash", "Socks", "--for", "1h"], ["set", "Socks", "--every", "3"], ["adopt", "One more"],
            ["snooze", "Towels"],
            ["set", "Towels", "--name", "Sheets"],
        ] {
            let before = home.snapshot(of: point + "/home")
            let result = home.run(command)
            XCTAssertEqual(
                result.status, 1, "laundry \(command.joined(separator: " ")) on a full disk: \(result.stdout)")
            assertDiskFullError(result)
            XCTAssertEqual(
                home.snapshot(of: point + "/home"), before, "laundry \(command.joined(separator: " ")) left a trace")
        }
        let status = home.run(["status", "--json"])
        XCTAssertEqual(status.status, 0, "reading still works: \(status.stderr)")
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [Any])?.count, 2)

        // Space again: everything works as before.
        try FileManager.default.removeItem(atPath: point + "/filler")
        home.ok("wash", "Socks", "--for", "1h")
        XCTAssertEqual(home.pet("Socks")["stage"] as? String, "washing")

        // Now fill it with pets until one no longer fits: that adopt must leave no trace.
        var refusal: LaundryHome.Result?
        for index in 0..<64 {
            let before = home.snapshot(of: point + "/home")
            let result = home.run(["adopt", "Pet \(index)"])
            if result.status == 0 { continue }
            refusal = result
            XCTAssertEqual(home.snapshot(of: point + "/home"), before, "a refused adopt changes nothing")
            break
        }
        assertDiskFullError(try XCTUnwrap(refusal, "64 pets fit in 64 KiB?"))
        home.assertEveryFileParses()
    }

    private func assertDiskFullError(_ result: LaundryHome.Result, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 1, file: file, line: line)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("laundry: error: "), result.stderr, file: file, line: line)
        // A write that failed for want of space, said as laundry says it (Tests/Golden/messages.txt).
        XCTAssertTrue(
            result.stderr.contains(ErrorText.line(for: FileProblem.system(ENOSPC))), result.stderr, file: file,
            line: line)
    }
}
