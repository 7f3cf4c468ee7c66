import Foundation
import LaundryTestSupport
import XCTest

/// A temporary `LAUNDRY_HOME` and a way to run the real, built `laundry` binary against it.
final class LaundryHome {
    typealias Result = Spawn.Result

    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["LAUNDRY_BIN"], !explicit.isEmpty { return explicit }
        return SourceTree.root + "/.build/debug/laundry"
    }()

    let path: String
    /// `LAUNDRY_HOME`: the home itself, or for a machine of a household its `shared` folder, which
    /// a sync engine carries while config, state and runtime stay beside it.
    let data: String
    var environment: [String: String]

    init(shared: Bool = false) {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("laundry-e2e-\(UUID().uuidString.prefix(8))").path
        data = shared ? path + "/shared" : path
        try? FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["LAUNDRY_HOME"] = data
        environment["LAUNDRY_NO_AUTOSTART"] = "1"
        environment["NO_COLOR"] = nil
        environment["LAUNDRY_FAKE_NOW"] = nil
        environment["TZ"] = "UTC"
        environment["XDG_CONFIG_HOME"] = path + "/config"
        environment["XDG_STATE_HOME"] = path + "/state"
        self.environment = environment
    }

    /// Where the daemon and doctor read the user's settings.
    var configFile: String { path + "/config/laundry/config.json" }

    /// Writes the user's `config.json`.
    func writeConfig(_ json: String) throws {
        try FileManager.default.createDirectory(
            atPath: path + "/config/laundry", withIntermediateDirectories: true)
        try json.write(toFile: configFile, atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func run(
        _ arguments: [String], environment extra: [String: String] = [:], stdin: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Result {
        runProgram(Self.binary, arguments, environment: extra, stdin: stdin, file: file, line: line)
    }

    /// Runs any program (a shell, say) with this home's environment.
    @discardableResult
    func runProgram(
        _ executable: String, _ arguments: [String], environment extra: [String: String] = [:],
        stdin: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> Result {
        let result = Spawn.run(executable, arguments, environment: environment.merging(extra) { $1 }, stdin: stdin)
        if result.status == -1 { XCTFail(result.stderr, file: file, line: line) }
        return result
    }

    /// Runs a command that must succeed, failing the test with its stderr otherwise.
    @discardableResult
    func ok(
        _ arguments: String..., environment extra: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> Result {
        let result = run(arguments, environment: extra, file: file, line: line)
        XCTAssertEqual(
            result.status, 0, "laundry \(arguments.joined(separator: " ")) failed: \(result.stderr)",
            file: file, line: line)
        return result
    }

    /// `--json` output parsed.
    func json(
        _ arguments: String..., environment extra: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> Any? {
        let result = run(arguments + ["--json"], environment: extra, file: file, line: line)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    func pet(
        _ name: String, environment extra: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> [String: Any] {
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
        ((try? FileManager.default.contentsOfDirectory(atPath: data + "/" + folder)) ?? []).sorted()
    }

    /// The timer files no daemon wrote down as announced, with their pet and notes, for a failure.
    func unannouncedTimers() -> String {
        files(in: "timers").filter { !announced(timerFile: $0) }.map { name in
            let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(none)" }
            let notes = files(in: "devices").map { read("\(data)/devices/\($0)/\(name)") }.joined(separator: "\n")
            let timer = read("\(data)/timers/\(name)")
            return "timers/\(name): \(timer)\npet: \(read("\(data)/pets/\(name)"))\nnotes: \(notes)"
        }.joined(separator: "\n")
    }

    /// Whether some machine's daemon wrote down that it announced the load in `timers/<name>`
    /// (a timer file gone counts: the load was dealt with).
    func announced(timerFile name: String) -> Bool {
        guard let bytes = FileManager.default.contents(atPath: "\(data)/timers/\(name)") else { return true }
        guard let timer = (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any],
            let load = timer["id"] as? String, let pet = timer["petID"] as? String
        else { return false }
        return files(in: "devices").contains { device in
            let notes = FileManager.default.contents(atPath: "\(data)/devices/\(device)/\(pet.lowercased()).json")
            let fields = notes.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any]
            return (fields?["announcedLoad"] as? String)?.lowercased() == load.lowercased()
        }
    }
}

// MARK: - The daemon, and the files as the daemon and the stress tests read them

extension LaundryHome {
    /// Lets commands start the daemon, with its runtime and state folders inside this home.
    func allowDaemon() throws {
        let runtime = path + "/runtime"
        let state = path + "/state"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["XDG_STATE_HOME"] = state
        environment["LAUNDRY_NO_AUTOSTART"] = nil
    }

    var daemonLog: String { (try? String(contentsOfFile: path + "/state/laundry/daemon.log", encoding: .utf8)) ?? "" }

    var daemonPID: Int32? {
        guard let data = FileManager.default.contents(atPath: path + "/runtime/laundry/daemon.json"),
            let status = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return (status["pid"] as? NSNumber)?.int32Value
    }

    /// Every pet and timer file parses as a JSON object. A writer killed mid-write may leave its
    /// hidden temporary (`.<uuid>.json.tmp-<pid>-<n>`), which nothing reads: that is all it may leave.
    func assertEveryFileParses(file: StaticString = #filePath, line: UInt = #line) {
        for folder in ["pets", "timers"] {
            for name in files(in: folder) {
                if name.hasPrefix(".") {
                    let temporary = #"^\.[0-9a-f-]{36}\.json\.tmp-\d+-\d+$"#
                    XCTAssertNotNil(
                        name.range(of: temporary, options: .regularExpression),
                        "\(folder)/\(name) is not a temporary this store writes", file: file, line: line)
                    continue
                }
                let full = "\(data)/\(folder)/\(name)"
                let bytes = FileManager.default.contents(atPath: full) ?? Data()
                XCTAssertFalse(bytes.isEmpty, "\(folder)/\(name) is empty", file: file, line: line)
                let head = String(decoding: bytes.prefix(200), as: UTF8.self)
                XCTAssertNotNil(
                    try? JSONSerialization.jsonObject(with: bytes) as? [String: Any],
                    "\(folder)/\(name) does not parse: \(head)", file: file, line: line)
            }
        }
    }

    /// The raw history of every pet, by pet id (lower case), each line parsed.
    func allHistory() -> [String: [[String: Any]]] {
        var result: [String: [[String: Any]]] = [:]
        for name in files(in: "history") where name.hasSuffix(".jsonl") {
            let text = (try? String(contentsOfFile: "\(data)/history/\(name)", encoding: .utf8)) ?? ""
            result[String(name.dropLast(6))] = text.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
        return result
    }

    /// Pet ids (lower case) by name, from the pet files.
    func petIDs() -> [String: String] {
        var result: [String: String] = [:]
        for name in files(in: "pets") where name.hasSuffix(".json") {
            guard let bytes = FileManager.default.contents(atPath: "\(data)/pets/\(name)"),
                let pet = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any],
                let petName = pet["name"] as? String
            else { continue }
            result[petName] = String(name.dropLast(5))
        }
        return result
    }
}
