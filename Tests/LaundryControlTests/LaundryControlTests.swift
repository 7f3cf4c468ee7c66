import Foundation
import LaundryCore
import LaundryTestSupport
import Synchronization
import XCTest

@testable import LaundryControl

/// The daemon seen from outside, without GLib: its lock, its status file, and what doctor and
/// `notify-test` find about sound and the desktop entry, on real files and a real socket.
final class LaundryControlTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("control-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: folder) }

    func test_oneDaemonHoldsTheLockAndItIsFreeOnceItLetsGo() throws {
        let paths = RuntimePaths(runtime: folder + "/run/laundry", state: folder + "/state")
        XCTAssertFalse(DaemonLock.isHeld(paths: paths), "nobody has taken it yet")
        var lock: DaemonLock? = try DaemonLock(paths: paths)
        XCTAssertTrue(DaemonLock.isHeld(paths: paths))
        XCTAssertThrowsError(try DaemonLock(paths: paths)) { error in
            guard case DaemonError.alreadyRunning = error else { return XCTFail("\(error)") }
        }
        XCTAssertNotNil(lock)
        lock = nil
        XCTAssertFalse(DaemonLock.isHeld(paths: paths), "released when its holder goes")
    }

    /// Commands ask "is a daemon running?" at any moment; asking must never make a daemon that is
    /// starting then find its lock taken (the probe used to take it for a moment, so the daemon
    /// tried 25 times).
    func test_askingWhetherTheLockIsHeldNeverTakesItFromADaemonStarting() throws {
        let paths = RuntimePaths(runtime: folder + "/run/laundry", state: folder + "/state")
        try FileManager.default.createDirectory(atPath: paths.runtime, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: paths.lock, contents: nil))
        let asking = Mutex(true)
        let asker = Thread {
            while asking.withLock({ $0 }) { _ = DaemonLock.isHeld(paths: paths) }
        }
        asker.start()
        defer { asking.withLock { $0 = false } }
        for attempt in 0..<300 {
            do {
                let lock = try DaemonLock(paths: paths)
                XCTAssertTrue(DaemonLock.isHeld(paths: paths))
                withExtendedLifetime(lock) {}
            } catch {
                return XCTFail("attempt \(attempt): \(error)")
            }
        }
    }

    func test_theKernelsLockTableIsReadByDeviceAndInode() {
        let table = """
            1: POSIX  ADVISORY  WRITE 900 00:2f:77 0 EOF
            2: FLOCK  ADVISORY  WRITE 4242 fe:00:16220179 0 EOF
            2: -> FLOCK  ADVISORY  WRITE 4243 fe:01:5 0 EOF
            """
        let device = UInt64(0xfe) << 8
        XCTAssertTrue(ProcLocks.holdsFlock(table, device: device, inode: 16_220_179))
        XCTAssertFalse(ProcLocks.holdsFlock(table, device: device, inode: 1_622_017), "another inode")
        XCTAssertFalse(ProcLocks.holdsFlock(table, device: device | 1, inode: 5), "only waiting, not holding")
        XCTAssertFalse(ProcLocks.holdsFlock(table, device: 0x2f, inode: 77), "a POSIX lock is not the daemon's")
    }

    func test_theStatusFileReadsBackAsWritten() throws {
        let path = folder + "/daemon.json"
        let status = DaemonStatus(
            pid: 4242, startedAt: Date(timeIntervalSince1970: 1_800_000_000), home: "/home/me/laundry", pets: 3,
            timersArmed: 2, nextDeadline: Date(timeIntervalSince1970: 1_800_000_600), server: "dunst 1.9",
            serverCapabilities: ["actions", "body"],
            awake: .init(through: "portal", reason: "Socks: wash ends at 14:35", until: nil, problem: nil))
        status.write(to: path)
        XCTAssertEqual(DaemonStatus.read(from: path), status)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(DaemonStatus.read(from: path), "a torn file is no status, not a crash")
    }

    func test_theSoundProbeTellsAMissingServerFromAMissingTheme() throws {
        let runtime = folder + "/run"
        let data = folder + "/data"
        let environment = ["XDG_RUNTIME_DIR": runtime, "XDG_DATA_HOME": data, "XDG_DATA_DIRS": folder + "/none"]
        XCTAssertEqual(SoundCheck.probe(environment: environment), .noServer)

        // A listening socket where a PulseAudio server keeps its own.
        try FileManager.default.createDirectory(atPath: runtime + "/pulse", withIntermediateDirectories: true)
        let server = try listen(at: runtime + "/pulse/native")
        defer { close(server) }
        XCTAssertEqual(SoundCheck.probe(environment: environment), .noTheme)

        let stereo = data + "/sounds/freedesktop/stereo"
        try FileManager.default.createDirectory(atPath: stereo, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: stereo + "/complete.oga", contents: Data("OggS".utf8)))
        XCTAssertEqual(SoundCheck.probe(environment: environment), .serverAndTheme)
        XCTAssertEqual(SoundCheck.themeSound(environment: environment), stereo + "/complete.oga")
    }

    func test_theDesktopLooksInTheUsersDataFolderFirst() {
        let folders = DesktopEntry.searchedFolders(environment: [
            "HOME": "/home/me", "XDG_DATA_DIRS": "/opt/share:rel:/usr/share",
        ])
        XCTAssertEqual(
            folders, ["/home/me/.local/share", "/opt/share", "/usr/share"], "relative entries are passed over")
        XCTAssertEqual(
            DesktopEntry.searchedFolders(environment: ["XDG_DATA_HOME": "/data"]),
            ["/data", "/usr/local/share", "/usr/share"])
    }

    private func listen(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, Glibc.listen(fd, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
        return fd
    }
}
