import Foundation
import XCTest

/// Broken and hostile files in LAUNDRY_HOME: reported clearly, other pets unharmed. A report is
/// checked here by its exit code and the file it names; its words are in Tests/Golden/messages.txt
/// and outputs.txt.
final class FileFaultEndToEndTests: XCTestCase {
    private func petFile(_ home: LaundryHome, _ name: String) -> String { home.recordPath(of: name) }

    /// A reader names the file and passes it over; this machine's next change to that pet sets it
    /// aside (kept, never deleted).
    func test_aRecordThatIsNotJSONIsNamedPassedOverAndSetAsideByTheNextChange() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("adopt", "Towels")
        let path = petFile(home, "Socks")
        try Data("\u{0}\u{1}garbage".utf8).write(to: URL(fileURLWithPath: path))
        let before = home.snapshot()
        let list = home.run(["list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stdout.contains("Towels"), list.stdout)
        assertWarned(list, about: path)
        XCTAssertEqual(home.snapshot(), before, "a reader changes nothing")
        home.ok("adopt", "Socks")
        XCTAssertEqual(home.run(["list"]).stderrLines.count, 1, "still reported: only a change to it sets it aside")
    }

    func test_aNewerSchemaIsShownAndNeverOverwritten() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let path = petFile(home, "Socks")
        let newer = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "\"schemaVersion\" : 2", with: "\"schemaVersion\" : 7")
        try Data(newer.utf8).write(to: URL(fileURLWithPath: path))
        let list = home.run(["list"])
        XCTAssertTrue(list.stdout.contains("Socks"))
        assertWarned(list, about: path)
        let wash = home.run(["wash", "socks"])
        XCTAssertEqual(wash.status, 1)
        XCTAssertEqual(wash.stderrLines.count, 2, "the warning, then the refusal: \(wash.stderr)")
        XCTAssertTrue(wash.stderrLines.last?.hasPrefix("laundry: error: ") == true, wash.stderr)
        XCTAssertTrue(wash.stderrLines.last?.contains(path) == true, "names the file: \(wash.stderr)")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), newer)
    }

    /// A record whose load names another pet (edited by hand) is passed over, named.
    func test_aRecordWhoseLoadBelongsToAnotherPetIsReported() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("wash", "socks")
        let path = petFile(home, "Socks")
        let id = try XCTUnwrap(home.pet("Socks")["id"] as? String).uppercased()
        let stray = UUID().uuidString
        let edited = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "\"petID\" : \"\(id)\"", with: "\"petID\" : \"\(stray)\"")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
        let status = home.run(["status"])
        XCTAssertEqual(status.status, 0)
        assertWarned(status, about: path)
        XCTAssertEqual((home.json("status") as? [[String: Any]])?.count, 0, "the pet is passed over")
    }

    func test_anUnwritableHomeIsAClearErrorAndChangesNothing() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let untouched = home.snapshot()
        // A home below a regular file cannot be created, even by root.
        let blocked = LaundryHome()
        let file = blocked.path + "/not-a-folder"
        try Data().write(to: URL(fileURLWithPath: file))
        let result = blocked.run(["adopt", "Socks"], environment: ["LAUNDRY_HOME": file + "/home"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertTrue(result.stderr.contains(file), "names where: \(result.stderr)")
        XCTAssertTrue(result.stderr.contains("LAUNDRY_HOME"), result.stderr)

        // Read-only permissions, as an ordinary user (root ignores them).
        if getuid() == 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path)
            let device = try XCTUnwrap(home.device)
            for folder in [
                "", "/machines", "/machines/\(device)", "/machines/\(device)/pets", "/machines/\(device)/history",
            ] {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path + folder)
            }
            for file in home.snapshot().keys {
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: home.path + "/" + file)
            }
            let before = home.snapshot()
            // Run as nobody: a real user without write permission.
            let result = home.runProgram(
                "/usr/bin/setpriv",
                ["--reuid=65534", "--regid=65534", "--clear-groups", LaundryHome.binary, "wash", "socks"])
            let stderr = result.stderr
            XCTAssertEqual(result.status, 1, stderr)
            XCTAssertTrue(stderr.contains(home.path), "names where: \(stderr)")
            XCTAssertEqual(stderr.split(separator: "\n").count, 1, stderr)
            XCTAssertEqual(home.snapshot(), before)
        } else {
            XCTAssertEqual(home.snapshot(), untouched)
        }
    }

    func test_doctorReportsACorruptFileWithoutMovingIt() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let path = petFile(home, "Socks")
        try Data("nonsense".utf8).write(to: URL(fileURLWithPath: path))
        let doctor = home.run(["doctor"])
        XCTAssertEqual(doctor.status, 1)
        XCTAssertTrue(doctor.stdout.contains("✗ files") && doctor.stdout.contains(path), doctor.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "doctor changes nothing")
    }

    func test_aMissingDataFolderSaysWhereItLooked() {
        let home = LaundryHome()
        let result = home.run(["list"], environment: ["LAUNDRY_DATA_DIR": "/nonexistent/laundry-data"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("LAUNDRY_DATA_DIR=/nonexistent/laundry-data"), "where it looked: \(result.stderr)")
    }

    /// One warning, naming the file passed over.
    private func assertWarned(_ result: LaundryHome.Result, about path: String, line: UInt = #line) {
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("laundry: warning: "), result.stderr, line: line)
        XCTAssertTrue(result.stderr.contains(path), "names the file: \(result.stderr)", line: line)
    }
}
