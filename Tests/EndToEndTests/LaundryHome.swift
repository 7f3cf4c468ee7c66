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
        // English, whatever the machine running the tests speaks; LOCPATH holds the locales the
        // language tests switch to (scripts/make-test-locales.sh).
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        environment["LC_TIME"] = nil
        environment["LANGUAGE"] = nil
        environment["LOCPATH"] = SourceTree.root + "/.build/test-locales"
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
        let result = runProgram(Self.binary, arguments, environment: extra, stdin: stdin, file: file, line: line)
        // Every `--json` a test sees answers to its schema.
        if result.status == 0, let schema = SchemaCheck.schema(for: arguments),
            let problems = SchemaCheck.problems(result.stdout, against: schema)
        {
            XCTFail(
                "laundry \(arguments.joined(separator: " ")): not as \(schema).schema.json says:\n\(problems)",
                file: file, line: line)
        }
        return result
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

    /// The pet's events, oldest first, read at `environment`'s time (a fixed `LAUNDRY_FAKE_NOW`
    /// keeps a test that made its history in the past from seeing the pet die since).
    func historyEvents(_ name: String, environment extra: [String: String] = [:]) -> [String] {
        let entries = (json("history", name, environment: extra) as? [[String: Any]]) ?? []
        return entries.compactMap { $0["event"] as? String }.reversed()
    }

    /// The names in every machine's `folder` (`pets`, `history`) of the shared folder.
    func files(in folder: String) -> [String] {
        machines().flatMap { machine in
            ((try? FileManager.default.contentsOfDirectory(atPath: "\(data)/machines/\(machine)/\(folder)")) ?? [])
        }.sorted()
    }

    /// The machines that wrote to the shared folder.
    func machines() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: data + "/machines")) ?? []).filter { $0.count == 16 }
            .sorted()
    }

    /// This machine's device id (once a change made it).
    var device: String? {
        (try? String(contentsOfFile: path + "/state/laundry/device-id", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// This machine's record of the pet with this name.
    func recordPath(of name: String) -> String {
        let id = (pet(name)["id"] as? String) ?? "missing"
        return recordFile(id) ?? "\(data)/machines/none/pets/\(id).json"
    }

    /// This machine's record of a pet, by its id (lower case).
    func recordFile(_ id: String) -> String? {
        device.map { "\(data)/machines/\($0)/pets/\(id).json" }
    }

    /// Every record in the shared folder, parsed, with its path.
    func records() -> [(path: String, record: [String: Any])] {
        machines().flatMap { machine -> [(String, [String: Any])] in
            let folder = "\(data)/machines/\(machine)/pets"
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasSuffix(".json")
            }
            .compactMap { name in
                let path = folder + "/" + name
                guard let bytes = FileManager.default.contents(atPath: path),
                    let record = (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any]
                else { return nil }
                return (path, record)
            }
        }
    }

    /// The loads (cycle loads in the records) whose end has passed and which no daemon on this
    /// machine wrote down as announced, with their pet and notes, for a failure.
    func unannouncedLoads(now: Date = Date()) -> String {
        endedLoads(now: now).filter { !announced($0.pet, load: $0.load) }.map { ended in
            let notes = (try? String(contentsOfFile: notesFile(ended.pet), encoding: .utf8)) ?? "(none)"
            return "pet \(ended.pet), load \(ended.load): notes \(notes)"
        }.joined(separator: "\n")
    }

    /// The pets (lower-case ids) whose current load, by the latest cycle of every record, has ended.
    func endedLoads(now: Date = Date()) -> [(pet: String, load: String)] {
        var latest: [String: (at: String, cycle: [String: Any])] = [:]
        for (_, record) in records() {
            guard let id = (record["id"] as? String)?.lowercased(), let cycle = record["cycle"] as? [String: Any],
                let stamp = cycle["stamp"] as? [String: Any], let at = stamp["at"] as? String
            else { continue }
            let key = at + (stamp["device"] as? String ?? "")
            if latest[id].map({ $0.at < key }) ?? true { latest[id] = (key, cycle) }
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return latest.compactMap { id, newest in
            guard let value = newest.cycle["value"] as? [String: Any], let load = value["load"] as? [String: Any],
                load["pausedRemaining"] == nil, let ends = (load["endsAt"] as? String).flatMap(formatter.date),
                ends < now, let loadID = (load["id"] as? String)?.lowercased()
            else { return nil }
            return (id, loadID)
        }
    }

    func notesFile(_ pet: String) -> String { "\(path)/state/laundry/notes/\(pet).json" }

    /// Whether this machine's daemon wrote down that it announced the pet's load.
    func announced(_ pet: String, load: String) -> Bool {
        guard let bytes = FileManager.default.contents(atPath: notesFile(pet)),
            let notes = (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any]
        else { return false }
        return (notes["announcedLoad"] as? String)?.lowercased() == load
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

    /// The daemon's log as facts, for a home whose daemon writes JSON lines (`logsJSON()`): each line's keys
    /// (`level`, `message`, and `surface`, `event`, `pet`, `load`, … where the line has them) as strings.
    var daemonEvents: [[String: String]] {
        daemonLog.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?.mapValues { "\($0)" }
        }
    }

    /// The daemon events that have every key and value of `fields`.
    func daemonEvents(_ fields: [String: String]) -> [[String: String]] {
        daemonEvents.filter { event in fields.allSatisfy { event[$0.key] == $0.value } }
    }

    /// The daemon started from here writes its log as JSON lines (`LAUNDRY_LOG_FORMAT=json`).
    func logsJSON() { environment["LAUNDRY_LOG_FORMAT"] = "json" }

    var daemonPID: Int32? { (daemonStatus["pid"] as? NSNumber)?.int32Value }

    /// The running daemon's daemon.json (empty when there is none): rewritten after each event it
    /// handled, so a value seen here says that event is behind it.
    var daemonStatus: [String: Any] {
        guard let data = FileManager.default.contents(atPath: path + "/runtime/laundry/daemon.json"),
            let status = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [:] }
        return status
    }

    /// daemon.json's next deadline.
    var daemonDeadline: Date? {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return (daemonStatus["nextDeadline"] as? String).flatMap { format.date(from: $0) }
    }

    /// Every record and history line parses. A writer killed mid-write may leave its hidden
    /// temporary (`.<uuid>.json.tmp-<pid>-<n>`), which nothing reads: that is all it may leave.
    func assertEveryFileParses(file: StaticString = #filePath, line: UInt = #line) {
        for machine in machines() {
            for folder in ["pets", "history"] {
                let base = "\(data)/machines/\(machine)/\(folder)"
                for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] {
                    if name.hasPrefix(".") {
                        let temporary = #"^\.[0-9a-f-]{36}\.jsonl?\.tmp-\d+-\d+$"#
                        XCTAssertNotNil(
                            name.range(of: temporary, options: .regularExpression),
                            "\(folder)/\(name) is not a temporary this store writes", file: file, line: line)
                        continue
                    }
                    let bytes = FileManager.default.contents(atPath: base + "/" + name) ?? Data()
                    XCTAssertFalse(
                        bytes.isEmpty && folder == "pets", "\(folder)/\(name) is empty", file: file, line: line)
                    let lines = folder == "pets" ? [bytes] : bytes.split(separator: UInt8(ascii: "\n")).map { Data($0) }
                    for text in lines {
                        XCTAssertNotNil(
                            try? JSONSerialization.jsonObject(with: text) as? [String: Any],
                            "\(folder)/\(name) does not parse: \(String(decoding: text.prefix(200), as: UTF8.self))",
                            file: file, line: line)
                    }
                }
            }
        }
    }

    /// The raw history of every pet, by pet id (lower case), every machine's lines together.
    func allHistory() -> [String: [[String: Any]]] {
        var result: [String: [[String: Any]]] = [:]
        for machine in machines() {
            let base = "\(data)/machines/\(machine)/history"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
            where name.hasSuffix(".jsonl") {
                let text = (try? String(contentsOfFile: "\(base)/\(name)", encoding: .utf8)) ?? ""
                result[String(name.dropLast(6)), default: []] += text.split(separator: "\n").compactMap {
                    try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
                }
            }
        }
        return result
    }

    /// Pet ids (lower case) by name, from the latest identity of every record.
    func petIDs() -> [String: String] {
        var latest: [String: (at: String, name: String)] = [:]
        for (_, record) in records() {
            guard let id = (record["id"] as? String)?.lowercased(), let identity = record["identity"] as? [String: Any],
                let stamp = identity["stamp"] as? [String: Any], let at = stamp["at"] as? String,
                let name = (identity["value"] as? [String: Any])?["name"] as? String
            else { continue }
            if latest[id].map({ $0.at < at }) ?? true { latest[id] = (at, name) }
        }
        return Dictionary(latest.map { ($0.value.name, $0.key) }, uniquingKeysWith: { first, _ in first })
    }
}
