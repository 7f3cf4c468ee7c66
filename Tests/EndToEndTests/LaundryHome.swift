import Foundation
import XCTest

/// A temporary `LAUNDRY_HOME` and a way to run the real, built `laundry` binary against it.
final class LaundryHome {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    }

    /// The source tree this test file belongs to.
    static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["LAUNDRY_BIN"], !explicit.isEmpty { return explicit }
        return sourceRoot + "/.build/debug/laundry"
    }()

    let path: String
    var environment: [String: String]

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("laundry-e2e-\(UUID().uuidString.prefix(8))").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["LAUNDRY_HOME"] = path
        environment["LAUNDRY_NO_AUTOSTART"] = "1"
        environment["NO_COLOR"] = nil
        environment["LAUNDRY_FAKE_NOW"] = nil
        environment["TZ"] = "UTC"
        self.environment = environment
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil,
             file: StaticString = #filePath, line: UInt = #line) -> Result {
        runProgram(Self.binary, arguments, environment: extra, stdin: stdin, file: file, line: line)
    }

    /// Runs any program (a shell, say) with this home's environment.
    @discardableResult
    func runProgram(_ executable: String, _ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil,
                    file: StaticString = #filePath, line: UInt = #line) -> Result {
        let result = Spawn.run(executable, arguments, environment: environment.merging(extra) { $1 }, stdin: stdin)
        if result.status == -1 { XCTFail(result.stderr, file: file, line: line) }
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Runs a command that must succeed, failing the test with its stderr otherwise.
    @discardableResult
    func ok(_ arguments: String..., environment extra: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) -> Result {
        let result = run(arguments, environment: extra, file: file, line: line)
        XCTAssertEqual(result.status, 0, "laundry \(arguments.joined(separator: " ")) failed: \(result.stderr)", file: file, line: line)
        return result
    }

    /// `--json` output parsed.
    func json(_ arguments: String..., environment extra: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) -> Any? {
        let result = run(arguments + ["--json"], environment: extra, file: file, line: line)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    func pet(_ name: String, environment extra: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        (json("status", name, environment: extra, file: file, line: line) as? [String: Any]) ?? [:]
    }

    /// Every file under the home with its bytes, to prove a failed command changed nothing.
    func snapshot() -> [String: Data] { snapshot(of: path) }

    /// The same for another folder (a home on its own file system).
    func snapshot(of root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let relative = walker.nextObject() as? String {
            if relative.hasPrefix("locks") { continue }
            var isFolder: ObjCBool = false
            let full = root + "/" + relative
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files[relative] = FileManager.default.contents(atPath: full) ?? Data()
            }
        }
        return files
    }

    func historyEvents(_ name: String) -> [String] {
        let entries = (json("history", name) as? [[String: Any]]) ?? []
        return entries.compactMap { $0["event"] as? String }.reversed()
    }

    func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder)) ?? []).sorted()
    }
}
