import Foundation
import XCTest

/// Broken and hostile files in LAUNDRY_HOME: reported clearly, other pets unharmed.
final class FileFaultEndToEndTests: XCTestCase {
    private func petFile(_ home: LaundryHome, _ name: String) -> String {
        let id = (home.pet(name)["id"] as? String) ?? "missing"
        return "\(home.path)/pets/\(id).json"
    }

    func test_aPetFileThatIsNotJSONIsNamedAndSetAside() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("adopt", "Towels")
        let path = petFile(home, "Socks")
        try Data("\u{0}\u{1}garbage".utf8).write(to: URL(fileURLWithPath: path))
        let list = home.run(["list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stdout.contains("Towels"), list.stdout)
        XCTAssertEqual(list.stderrLines.count, 1, list.stderr)
        XCTAssertTrue(
            list.stderr.contains(
                "laundry: warning: \(path) is corrupt (it is not valid JSON); it was set aside as \(path).corrupt-"),
            list.stderr)
        XCTAssertTrue(home.files(in: "pets").contains { $0.contains(".corrupt-") })
        home.ok("wash", "towels")
        XCTAssertEqual(home.run(["list"]).stderr, "", "reported once, then out of the way")
    }

    func test_aNewerSchemaIsShownAndNeverOverwritten() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        let path = petFile(home, "Socks")
        let newer = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 7")
        try Data(newer.utf8).write(to: URL(fileURLWithPath: path))
        let list = home.run(["list"])
        XCTAssertTrue(list.stdout.contains("Socks"))
        XCTAssertTrue(list.stderr.contains("newer laundry (schema 7)"), list.stderr)
        let wash = home.run(["wash", "socks"])
        XCTAssertEqual(wash.status, 1)
        XCTAssertTrue(wash.stderr.contains("upgrade laundry to change it"), wash.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), newer)
    }

    func test_aTimerFileForAPetThatDoesNotExistIsReportedAndIgnored() throws {
        let home = LaundryHome()
        home.ok("adopt", "Socks")
        home.ok("wash", "socks")
        let timer = try XCTUnwrap(home.files(in: "timers").first)
        let stray = UUID().uuidString.lowercased()
        try FileManager.default.copyItem(
            atPath: "\(home.path)/timers/\(timer)", toPath: "\(home.path)/timers/\(stray).json")
        let status = home.run(["status"])
        XCTAssertEqual(status.status, 0)
        XCTAssertTrue(
            status.stderr.contains("ignoring \(home.path)/timers/\(stray).json: it belongs to no pet"), status.stderr)
        XCTAssertEqual((home.json("status") as? [Any])?.count, 1)
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
        XCTAssertTrue(result.stderr.contains("cannot write"), result.stderr)
        XCTAssertTrue(result.stderr.contains("LAUNDRY_HOME"), result.stderr)

        // Read-only permissions, as an ordinary user (root ignores them).
        if getuid() == 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path)
            for folder in ["", "/pets", "/timers", "/history", "/locks"] {
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
            XCTAssertTrue(stderr.contains("permission denied"), stderr)
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
        XCTAssertEqual(
            result.stderrLines,
            [
                "laundry: error: cannot find laundry's data folder "
                    + "(looked in LAUNDRY_DATA_DIR=/nonexistent/laundry-data); "
                    + "set LAUNDRY_DATA_DIR to the folder that holds kinds.json"
            ])
    }
}
