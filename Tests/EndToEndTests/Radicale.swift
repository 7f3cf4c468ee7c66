import Foundation
import LaundryTestSupport
import XCTest

/// A real Radicale CalDAV server on loopback (Debian's `radicale`), with one user and one
/// calendar, read back through the caldav library (scripts/caldav-read.py).
final class Radicale {
    let folder =
        FileManager.default.temporaryDirectory.appendingPathComponent("radicale-\(UUID().uuidString.prefix(8))").path
    private(set) var port = Int.random(in: 20_000...40_000)
    private var process: Spawn.Running?
    let username = "ana"
    let password = "s3cret-\(UUID().uuidString.prefix(4))"

    init() throws {
        try FileManager.default.createDirectory(atPath: folder + "/store", withIntermediateDirectories: true)
        try "\(username):\(password)\n".write(toFile: folder + "/users", atomically: true, encoding: .utf8)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    var calendarURL: String { "http://127.0.0.1:\(port)/\(username)/laundry/" }

    /// Starts it (on the same port and store after a `stop`); makes the calendar the first time.
    func start() throws {
        for _ in 0..<5 {
            process = Spawn.start(
                "/usr/bin/radicale",
                [
                    "--config", "", "--server-hosts", "127.0.0.1:\(port)", "--storage-filesystem-folder",
                    folder + "/store", "--auth-type", "htpasswd", "--auth-htpasswd-filename", folder + "/users",
                    "--auth-htpasswd-encryption", "plain",
                ], environment: ["PATH": "/usr/bin:/bin"])
            if waitUntil(8, { self.answers() }) {
                if !FileManager.default.fileExists(atPath: folder + "/store/collection-root/\(username)/laundry") {
                    let made = request("MKCALENDAR", calendarURL)
                    guard made == "201" else { throw Failure(description: "MKCALENDAR answered \(made)") }
                }
                return
            }
            stop()
            port = Int.random(in: 20_000...40_000)
        }
        throw Failure(description: "radicale did not start")
    }

    func stop() {
        process?.kill(SIGTERM)
        _ = process?.wait()
        process = nil
    }

    private func answers() -> Bool { request("OPTIONS", "http://127.0.0.1:\(port)/") != "000" }

    /// A request through curl, for what the test itself writes: the status code.
    @discardableResult
    func request(_ method: String, _ url: String, headers: [String] = [], body: String? = nil) -> String {
        var arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-u", "\(username):\(password)", "-X", method]
        for header in headers { arguments += ["-H", header] }
        if let body { arguments += ["--data-binary", body] }
        return Spawn.run("/usr/bin/curl", arguments + [url], environment: [:]).stdout
    }

    /// Every entry, as the caldav library reads it and icalendar parses it.
    func entries() throws -> [[String: Any]] {
        let result = Spawn.run(
            "/usr/bin/python3", [SourceTree.root + "/scripts/caldav-read.py", calendarURL, username, password],
            environment: ["PATH": "/usr/bin:/bin"])
        guard result.status == 0 else { throw Failure(description: "caldav-read: \(result.stderr)") }
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// The entry of `uid`, once `ready` holds for it (within `seconds`).
    func entry(
        _ uid: String, within seconds: Double = 5, where ready: @escaping ([String: Any]) -> Bool = { _ in true }
    )
        -> [String: Any]?
    {
        var found: [String: Any]?
        _ = waitUntil(seconds) {
            found = (try? self.entries())?.first { $0["uid"] as? String == uid }
            return found.map(ready) ?? false
        }
        return found
    }

    struct Failure: Error, CustomStringConvertible { let description: String }
}
