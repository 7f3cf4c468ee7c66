import Foundation
import LaundryTestSupport
import XCTest

/// Three machines of one household on one computer: three laundry homes kept in step by three real
/// Syncthing instances on loopback, each machine with its own device id, state and runtime folders,
/// and a daemon on its own notification bus (A's the suite's, B's and C's sessions of their own).
final class HouseholdEndToEndTests: XCTestCase {
    var homes: [LaundryHome] = []
    var sync: SyncthingHousehold!
    private var sessions: [Spawn.Running] = []
    let marker = String(UUID().uuidString.prefix(6))
    /// Every name a sync-conflict copy had, seen by a watch that looks every 50 ms.
    private let conflicts = Locked<Set<String>>([])
    private let watching = Locked(true)

    override func setUpWithError() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/syncthing"), "needs syncthing: run `make test`")
        try XCTSkipUnless(NotifyLog.path != nil, "needs a notification server: run through `make test`")
        homes = (0..<3).map { _ in LaundryHome(shared: true) }
        sync = try SyncthingHousehold(root: homes[0].path, folders: homes.map(\.data))
        let folders = homes.map(\.data)
        Thread.detachNewThread { [conflicts, watching] in
            // Looked at every 50 ms for as long as the test runs: a copy Syncthing makes may be gone again soon.
            _ = waitUntil(86_400) {
                for folder in folders {
                    guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
                    while let name = walker.nextObject() as? String {
                        if name.contains(".sync-conflict-") {
                            conflicts.withLock { _ = $0.insert(folder + "/" + name) }
                        }
                    }
                }
                return !watching.withLock { $0 }
            }
        }
    }

    override func tearDown() {
        watching.withLock { $0 = false }
        for home in homes { home.run(["daemon", "stop"]) }
        for session in sessions { _ = session.wait() }
        sync?.stop()
    }

    private var a: LaundryHome { homes[0] }
    private var b: LaundryHome { homes[1] }
    private var c: LaundryHome { homes[2] }

    func test_aHouseholdOfThreeKeepsEveryChangeRingsEverywhereAndNeverMakesAConflictCopy() throws {
        try startDaemons()
        let name = "Socks\(marker)"
        a.ok("adopt", name)
        a.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(20) { self.inSync() }, "the machines never caught up")

        // Out of touch: a dryer on A, a rename on B. Both are kept, with one end time everywhere.
        sync.pause()
        a.ok("dry", name, "--for", "25s")
        let renamed = "Sox\(marker)"
        b.ok("set", name, "--name", renamed)
        sync.resume()
        XCTAssertTrue(waitUntil(20) { self.inSync() }, "the machines never caught up after the pause")
        let ends = homes.map { ($0.pet(renamed)["timer"] as? [String: Any])?["endsAt"] as? String }
        XCTAssertEqual(Set(ends).count, 1, "one end time: \(ends)")
        XCTAssertNotNil(ends[0], "the dryer runs on every machine: \(homes.map { $0.pet(renamed) })")

        // Its end is announced on all three.
        for (index, log) in logs.enumerated() {
            XCTAssertNotNil(
                waitForCall(in: log, mentioning: renamed, summary: "Dry Complete", timeout: 40),
                "machine \(index) never announced the dryer\n\(homes[index].daemonLog)")
        }
        // A fold on C stops A's and B's alarms and closes their popups.
        let fold = Date().timeIntervalSince1970
        c.ok("fold", renamed)
        for home in [a, b] {
            XCTAssertTrue(
                waitUntil(15) {
                    !home.daemonEvents(["surface": "alarm", "pet": renamed, "stoppedBy": "petChanged"]).isEmpty
                },
                home.daemonLog)
        }
        XCTAssertTrue(waitUntil(5) { NotifyLog.closeCalls().contains { $0 >= fold } }, "A's popup stays up")
        XCTAssertTrue(waitUntil(5) { NotifyLog.closeCalls(in: self.logs[1]).contains { $0 >= fold } }, "B's too")

        // A cancel on A and a pause on B a second later: the pause wins, the cancel is superseded.
        a.ok("wash", renamed, "--for", "1h")
        XCTAssertTrue(waitUntil(20) { self.inSync() })
        sync.pause()
        a.ok("cancel", renamed)
        // B's clock a second ahead of A's, as a second later would be.
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        b.ok("pause", renamed, environment: ["LAUNDRY_FAKE_NOW": format.string(from: Date().addingTimeInterval(1))])
        sync.resume()
        XCTAssertTrue(waitUntil(20) { self.inSync() })
        for home in homes {
            let timer = home.pet(renamed)["timer"] as? [String: Any]
            XCTAssertEqual(timer?["paused"] as? Bool, true, "the pause wins")
            XCTAssertTrue(home.historyEvents(renamed).contains("superseded"), "\(home.historyEvents(renamed))")
        }
        XCTAssertEqual(Set(homes.map { $0.run(["history", "--json"]).stdout }).count, 1, "one history everywhere")

        // Two rotations set while out of touch: the later one is every machine's.
        sync.pause()
        b.ok("household", "turns", "Ana", "Ben", "Chloe")
        c.ok("household", "turns", "Chloe", "Ana", environment: ["LAUNDRY_FAKE_NOW": format.string(from: Date() + 2)])
        sync.resume()
        XCTAssertTrue(waitUntil(20) { self.inSync() })
        let households = homes.map { ($0.json("household") as? [String: Any])?["turns"] as? [String] }
        XCTAssertEqual(households, Array(repeating: ["Chloe", "Ana"], count: 3), "the later rotation everywhere")

        // The folders settle: nothing goes back and forth once every machine has seen everything.
        let settling = Date().timeIntervalSince1970
        let watch = FolderWatch(a.data, b.data, c.data)
        watch.run(until: settling + 6)
        XCTAssertEqual(watch.changes(0, after: settling + 3) + watch.changes(1, after: settling + 3), 0, watch.log)
        XCTAssertEqual(conflicts.withLock { $0 }, [], "a conflict copy appeared")
    }

    /// `extend` on one machine moves the end on every machine; `finish` on another ends the load
    /// there, and every machine announces the finish.
    func test_extendAndFinishReachEveryMachine() throws {
        try startDaemons()
        let name = "Shirts\(marker)"
        a.ok("adopt", name)
        a.ok("wash", name, "--for", "1h")
        XCTAssertTrue(waitUntil(20) { self.inSync() }, "the machines never caught up")
        let endsAt = { (home: LaundryHome) in (home.pet(name)["timer"] as? [String: Any])?["endsAt"] as? String }
        let before = try XCTUnwrap(endsAt(a))
        b.ok("extend", name, "--by", "12m")
        XCTAssertTrue(waitUntil(20) { self.inSync() }, "the machines never caught up after the extend")
        let moved = homes.map(endsAt)
        XCTAssertEqual(Set(moved).count, 1, "one end everywhere: \(moved)")
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let shift = try XCTUnwrap(moved[0].flatMap(format.date)).timeIntervalSince(
            try XCTUnwrap(format.date(from: before)))
        XCTAssertEqual(shift, 720, accuracy: 0.01, "12 minutes later")
        c.ok("finish", name)
        for (index, log) in logs.enumerated() {
            XCTAssertNotNil(
                waitForCall(in: log, mentioning: name, summary: "Wash Complete", timeout: 30),
                "machine \(index) never announced the early finish\n\(homes[index].daemonLog)")
        }
        for home in homes {
            XCTAssertEqual(home.pet(name)["stage"] as? String, "washed")
            XCTAssertEqual(
                Array(home.historyEvents(name).suffix(3)), ["extended", "finishedEarly", "washDone"],
                "\(home.historyEvents(name))")
        }
    }

    // MARK: Helpers

    private var logs: [String?] { [NotifyLog.path, b.path + "/notify.log", c.path + "/notify.log"] }

    private func startDaemons() throws {
        for (home, person) in zip(homes, ["Ana", "Ben", "Chloe"]) {
            try home.allowDaemon()
            home.logsJSON()
            try home.writeConfig(
                #"{"alarmRepeatSeconds": 1, "alarmMinutes": 2, "headsUpMinutes": 0, "person": "\#(person)"}"#)
            try FileManager.default.createDirectory(
                atPath: home.path + "/state/laundry", withIntermediateDirectories: true)
        }
        a.ok("daemon", "start")
        // B's and C's commands must not start a daemon on A's bus; each runs in a session of its own.
        for home in [b, c] {
            home.environment["LAUNDRY_NO_AUTOSTART"] = "1"
            var environment = home.environment
            for inherited in ["LAUNDRY_IN_PRIVATE_BUS", "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "PULSE_SERVER"] {
                environment[inherited] = nil
            }
            environment["LAUNDRY_SESSION_NOTIFY_LOG"] = home.path + "/notify.log"
            sessions.append(
                Spawn.start(
                    SourceTree.root + "/scripts/notification-session.sh",
                    [
                        "/bin/sh", "-c", #"exec "$0" daemon run 2>>"$1""#, LaundryHome.binary,
                        home.path + "/state/laundry/daemon.log",
                    ],
                    environment: environment))
            XCTAssertTrue(
                waitUntil(20) { !home.daemonEvents(["surface": "notificationServer", "event": "found"]).isEmpty },
                home.daemonLog)
        }
    }

    private func waitForCall(in log: String?, mentioning name: String, summary: String, timeout: TimeInterval)
        -> Double?
    {
        var found: Double?
        _ = waitUntil(timeout, every: 0.1) {
            found = NotifyLog.calls(mentioning: name, in: log).first { $0.summary.contains(summary) }?.time
            return found != nil
        }
        return found
    }

    /// The shared files of a home (temporaries and Syncthing's own left out).
    private func files(_ home: LaundryHome) -> [String: Data] {
        home.snapshot(of: home.data).filter { path, _ in
            !path.hasPrefix(".st") && !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }

    private func inSync() -> Bool {
        let first = files(a)
        return !first.isEmpty && files(b) == first && files(c) == first
    }
}

/// Polls folders and keeps when each file changed (a new inode, size or change time), to see when
/// a household's folders stop changing.
final class FolderWatch {
    private let folders: [String]
    private var versions: [[String: String]]
    private var changes: [[(time: Double, path: String)]]

    init(_ folders: String...) {
        self.folders = folders
        versions = folders.map { Self.versions(of: $0) }
        changes = folders.map { _ in [] }
    }

    /// Looks at the folders every 50 ms until `end`: what changed, and when.
    func run(until end: Double) {
        _ = waitUntil(end - Date().timeIntervalSince1970) {
            look()
            return false
        }
    }

    private func look() {
        let now = Date().timeIntervalSince1970
        for index in folders.indices {
            let fresh = Self.versions(of: folders[index])
            for path in Set(fresh.keys).union(versions[index].keys) where fresh[path] != versions[index][path] {
                changes[index].append((now, path))
            }
            versions[index] = fresh
        }
    }

    func changes(_ index: Int, after time: Double) -> Int { changes[index].filter { $0.time >= time }.count }
    var log: String {
        changes.enumerated().map { index, list in
            "\(index): " + list.map { String(format: "%.2f %@", $0.time, $0.path) }.joined(separator: ", ")
        }.joined(separator: "\n")
    }

    private static func versions(of root: String) -> [String: String] {
        var result: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return result }
        while let relative = walker.nextObject() as? String {
            if relative.hasPrefix(".st") { continue }
            var info = stat()
            guard lstat(root + "/" + relative, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            result[relative] = "\(info.st_ino) \(info.st_size) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        }
        return result
    }
}

/// `laundry doctor` on a folder shared with other machines.
final class HouseholdDoctorEndToEndTests: XCTestCase {
    func test_doctorNamesThisMachineAndEveryMachineThatWrote() throws {
        let home = LaundryHome(shared: true)
        try FileManager.default.createDirectory(atPath: home.data + "/.stfolder", withIntermediateDirectories: true)
        var lines = home.run(["doctor"]).stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("device") && $0.contains("no id yet") }, "\(lines)")
        home.ok("adopt", "Socks")
        let id = try XCTUnwrap(home.device)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.data + "/device-id"), "never in the shared folder")
        // Another machine's folder, as Syncthing brings it.
        let other = home.data + "/machines/ffff000000000000"
        try FileManager.default.createDirectory(atPath: other + "/pets", withIntermediateDirectories: true)
        try #"{"device":"ffff000000000000","host":"laptop","machineID":"x","layout":2}"#
            .write(toFile: other + "/machine.json", atomically: true, encoding: .utf8)
        lines = home.run(["doctor"]).stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("this machine is \(id)") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("\(id) (this machine): last wrote") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("ffff000000000000 (laptop)") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.contains("the data folder is in the Syncthing folder") }, "\(lines)")
        XCTAssertFalse(lines.contains { $0.contains(".stignore") }, "no .stignore line is needed: \(lines)")
    }

    /// A cloned disk: another host writes under this machine's id. Doctor says so; the next change
    /// made on the machine that finds its folder claimed (the newer of the two) gives it a new id.
    func test_aClonedDeviceIdIsFoundAndTheNewerMachineTakesANewOne() throws {
        let home = LaundryHome(shared: true)
        home.ok("adopt", "Socks")
        let id = try XCTUnwrap(home.device)
        let machineFile = home.data + "/machines/\(id)/machine.json"
        try #"{"device":"\#(id)","host":"","machineID":"","layout":2}"#
            .write(toFile: machineFile, atomically: true, encoding: .utf8)
        let doctor = home.run(["doctor"]).stdout
        XCTAssertTrue(doctor.contains("writes under this machine's device id too"), doctor)
        let snooze = home.run(["snooze", "Socks"])
        XCTAssertEqual(snooze.status, 0, snooze.stderr)
        XCTAssertTrue(snooze.stderr.contains("this machine shared its device id \(id)"), snooze.stderr)
        let fresh = try XCTUnwrap(home.device)
        XCTAssertNotEqual(fresh, id)
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.data + "/machines/\(fresh)/machine.json"))
        XCTAssertEqual(home.pet("Socks")["name"] as? String, "Socks", "its pets stay")
        XCTAssertNotNil(home.pet("Socks")["snoozedUntil"] as? String, "and its change went to its new folder")
    }
}
