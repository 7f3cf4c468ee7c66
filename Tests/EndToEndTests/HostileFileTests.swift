import Foundation
import LaundryCore
import LaundryRendering
import XCTest

/// Files someone or something planted in LAUNDRY_HOME: truncated, mistyped, huge, symlinked, a
/// folder instead of a file. Each is reported in one clear line, nothing is followed or crashes,
/// and the other pets carry on.
final class HostileFileTests: XCTestCase {
    private var home: LaundryHome!
    private var victim = ""

    override func setUp() {
        home = LaundryHome()
        home.ok("adopt", "Victim")
        home.ok("adopt", "Bystander")
        home.ok("wash", "Victim", "--for", "1h")
        victim = home.pet("Victim")["id"] as? String ?? "missing"
    }

    private var petPath: String { home.recordFile(victim) ?? "missing" }

    /// The bystander is listed, washed and cancelled as if nothing happened; a warning names the
    /// file and contains `expected`.
    private func assertOthersUnharmed(
        warningContains expected: String..., file: StaticString = #filePath, line: UInt = #line
    ) {
        let list = home.run(["list"])
        XCTAssertEqual(list.status, 0, list.stderr, file: file, line: line)
        XCTAssertTrue(list.stdout.contains("Bystander"), list.stdout, file: file, line: line)
        XCTAssertEqual(list.stderrLines.count, 1, list.stderr, file: file, line: line)
        XCTAssertTrue(
            list.stderrLines.allSatisfy { $0.hasPrefix("laundry: warning: ") }, list.stderr, file: file, line: line)
        for part in expected {
            XCTAssertTrue(list.stderr.contains(part), "'\(part)' in \(list.stderr)", file: file, line: line)
        }
        for text in [list.stdout, list.stderr] {
            XCTAssertFalse(showsSwiftInternals(text), text, file: file, line: line)
        }
        home.ok("wash", "Bystander", "--for", "1h", file: file, line: line)
        home.ok("cancel", "Bystander", file: file, line: line)
    }

    func test_aTruncatedRecordIsPassedOver() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: petPath))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: petPath))
        assertOthersUnharmed(warningContains: petPath, ErrorText.line(for: FileProblem.json(.notJSON)))
    }

    func test_aFieldOfTheWrongTypeIsNamed() throws {
        let text = try String(contentsOfFile: petPath, encoding: .utf8)
        try text.replacingOccurrences(of: "\"name\" : \"Victim\"", with: "\"name\" : 42").write(
            toFile: petPath, atomically: true, encoding: .utf8)
        assertOthersUnharmed(
            warningContains: petPath, ErrorText.line(for: FileProblem.json(.wrongType(at: "identity.value.name"))))
        XCTAssertTrue(FileManager.default.fileExists(atPath: petPath), "passed over, not deleted")
    }

    func test_aHundredMegabyteFileIsRefusedWithoutReadingIt() throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: petPath))
        try handle.truncate(atOffset: 100 << 20)
        try handle.close()
        let started = Date()
        assertOthersUnharmed(warningContains: petPath)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "not parsed byte by byte")
    }

    func test_aSymlinkPlantedAsARecordIsNotFollowed() throws {
        let target = home.path + "/elsewhere.json"
        try FileManager.default.moveItem(atPath: petPath, toPath: target)
        let secret = try String(contentsOfFile: target, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: petPath, withDestinationPath: target)
        assertOthersUnharmed(warningContains: petPath, ErrorText.line(for: FileProblem.symbolicLink))
        XCTAssertNotEqual(home.run(["status", "Victim"]).status, 0, "the pet it points to is not read")
        home.ok("adopt", "Victim")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), secret, "never written through")
    }

    func test_aFolderWhereAPetFileShouldBeIsReported() throws {
        try FileManager.default.removeItem(atPath: petPath)
        try FileManager.default.createDirectory(atPath: petPath, withIntermediateDirectories: false)
        assertOthersUnharmed(warningContains: petPath)
        XCTAssertTrue(FileManager.default.fileExists(atPath: petPath), "a folder is not deleted")
    }
}
