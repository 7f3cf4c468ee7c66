import Foundation
import XCTest

/// `make test` runs a small version of each stress test; `make stress` sets LAUNDRY_STRESS=full.
enum StressScale {
    static var isFull: Bool { ProcessInfo.processInfo.environment["LAUNDRY_STRESS"] == "full" }

    /// `small` in `make test`, `full` in `make stress`.
    static func pick(small: Int, full: Int) -> Int { isFull ? full : small }
}

/// Polls `condition` until it holds or `timeout` seconds pass; true if it held.
func waitUntil(_ timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.05)
    }
    return condition()
}

/// A value many threads may change, one at a time.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// A seeded generator (SplitMix64): a failing run can be repeated with LAUNDRY_STRESS_SEED.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    let seed: UInt64

    init() {
        let chosen = ProcessInfo.processInfo.environment["LAUNDRY_STRESS_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64.max)
        self.init(seed: chosen)
    }

    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension LaundryHome {
    /// Lets commands start the daemon, with its runtime and state folders inside this home.
    func allowDaemon() throws {
        let runtime = path + "/runtime", state = path + "/state"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["XDG_STATE_HOME"] = state
        environment["LAUNDRY_NO_AUTOSTART"] = nil
    }

    var daemonLog: String { (try? String(contentsOfFile: path + "/state/laundry/daemon.log", encoding: .utf8)) ?? "" }

    var daemonPID: Int32? {
        guard let data = FileManager.default.contents(atPath: path + "/runtime/laundry/daemon.json"),
              let status = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return (status["pid"] as? NSNumber)?.int32Value
    }

    /// Every pet and timer file parses as a JSON object. A writer killed mid-write may leave its
    /// hidden temporary (`.<uuid>.json.tmp-<pid>-<n>`), which nothing reads: that is all it may leave.
    func assertEveryFileParses(file: StaticString = #filePath, line: UInt = #line) {
        for folder in ["pets", "timers"] {
            for name in files(in: folder) {
                if name.hasPrefix(".") {
                    XCTAssertNotNil(name.range(of: #"^\.[0-9a-f-]{36}\.json\.tmp-\d+-\d+$"#, options: .regularExpression),
                                    "\(folder)/\(name) is not a temporary this store writes", file: file, line: line)
                    continue
                }
                let full = "\(path)/\(folder)/\(name)"
                let data = FileManager.default.contents(atPath: full) ?? Data()
                XCTAssertFalse(data.isEmpty, "\(folder)/\(name) is empty", file: file, line: line)
                XCTAssertNotNil(try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                                "\(folder)/\(name) does not parse: \(String(decoding: data.prefix(200), as: UTF8.self))", file: file, line: line)
            }
        }
    }

    /// The raw history of every pet, by pet id (lower case), each line parsed.
    func allHistory() -> [String: [[String: Any]]] {
        var result: [String: [[String: Any]]] = [:]
        for name in files(in: "history") where name.hasSuffix(".jsonl") {
            let text = (try? String(contentsOfFile: "\(path)/history/\(name)", encoding: .utf8)) ?? ""
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
            guard let data = FileManager.default.contents(atPath: "\(path)/pets/\(name)"),
                  let pet = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let petName = pet["name"] as? String
            else { continue }
            result[petName] = String(name.dropLast(5))
        }
        return result
    }
}
