import Foundation
import LaundryTestSupport
import XCTest

/// Commands that only read take no lock and write no byte under the data folder, seen by
/// `strace -f` of the real binary: a load that ended is settled in the view, not written down.
final class ReadOnlyEndToEndTests: XCTestCase {
    /// Calls that change a folder, a file or a lock: none may name the data folder.
    private static let changing: Set<String> = [
        "rename", "renameat", "renameat2", "unlink", "unlinkat", "mkdir", "mkdirat", "rmdir", "link", "linkat",
        "symlink", "symlinkat", "truncate", "ftruncate", "fallocate", "write", "pwrite64", "writev", "chmod",
        "fchmod", "fchmodat", "fchown", "utimensat", "flock",
    ]

    private static let traced = (changing.union(["openat", "open", "creat", "fcntl"])).sorted().joined(separator: ",")

    /// Two machines' records (one renamed the pet), a load that ended while nobody looked, a
    /// neglected pet.
    private func household() throws -> (home: LaundryHome, data: String) {
        let home = LaundryHome(shared: true)
        home.environment["LAUNDRY_FAKE_NOW"] = "2026-11-20T09:00:00Z"
        home.ok("adopt", "Socks")
        home.ok("adopt", "Towels", "--kind", "towels")
        home.ok("wash", "Socks", "--for", "1m")
        let other = ["XDG_STATE_HOME": home.path + "/other-state", "LAUNDRY_FAKE_NOW": "2026-11-20T09:00:30Z"]
        home.ok("set", "Towels", "--name", "Bath Towels", environment: other)
        XCTAssertEqual(home.machines().count, 2, "two machines wrote")
        home.environment["LAUNDRY_FAKE_NOW"] = "2026-11-29T10:00:00Z"
        return (home, home.data)
    }

    /// The calls of `strace -f -y` that change something under `folder`.
    private func changes(_ home: LaundryHome, _ arguments: [String], under folder: String) throws -> [String] {
        let trace = home.path + "/trace-\(UUID().uuidString.prefix(6)).txt"
        let result = home.runProgram(
            "/usr/bin/strace",
            ["-f", "-qq", "-y", "-o", trace, "-e", "trace=" + Self.traced, LaundryHome.binary] + arguments,
            stdin: "")
        XCTAssertEqual(result.status, 0, "laundry \(arguments.joined(separator: " ")): \(result.stderr)")
        let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertFalse(calls.isEmpty, "strace recorded nothing")
        return calls.filter { call in
            guard call.contains(folder) else { return false }
            let name = call.drop { $0.isNumber || $0 == " " }.prefix { $0 != "(" }
            if Self.changing.contains(String(name)) { return true }
            if name == "openat" || name == "open" {
                return ["O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC"].contains { call.contains($0) }
            }
            if name == "fcntl" { return ["F_SETLK", "F_OFD_SETLK", "F_SETLKW"].contains { call.contains($0) } }
            return name == "creat"
        }
    }

    func test_readCommandsWriteAndLockNothingUnderTheDataFolder() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace: run `make test`")
        let (home, data) = try household()
        let before = home.snapshot(of: data)
        let socks = home.pet("Socks")
        XCTAssertEqual(socks["stage"] as? String, "washed", "the ended load is settled in the view: \(socks)")
        let commands: [[String]] = [
            ["list"], ["status"], ["status", "--json"], ["status", "Socks"], ["status", "Bath"],
            ["history"], ["history", "Socks", "--json"], ["stats"], ["watch", "--exit-when-done"],
            ["---completion", "wash", "--", "positional@0", "2", "0", "laundry", "wash", ""],
            ["status", "--format", "waybar"], ["status", "--format", "i3blocks"],
        ]
        for arguments in commands {
            let found = try changes(home, arguments, under: data)
            XCTAssertEqual(found, [], "laundry \(arguments.joined(separator: " ")) changed the data folder")
        }
        XCTAssertEqual(home.snapshot(of: data), before, "a read command changed a file")
        XCTAssertEqual(home.pet("Socks")["stage"] as? String, "washed")
    }

    /// The check itself: a command that writes is caught.
    func test_aCommandThatWritesIsCaught() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace: run `make test`")
        let (home, data) = try household()
        let found = try changes(home, ["fold", "Socks"], under: data)
        XCTAssertTrue(found.contains { $0.contains("rename") }, found.joined(separator: "\n"))
    }
}
