import Foundation
import LaundryTestSupport
import XCTest

/// Two machines of one household, on one computer: two laundry homes kept in step by two real
/// Syncthing instances on loopback, each machine with its own device id (its own state folder)
/// and, where daemons run, its own notification bus: A's is the suite's, B's a session of its own.
final class HouseholdEndToEndTests: XCTestCase {
    var a: LaundryHome!
    var b: LaundryHome!
    var sync: SyncthingPair!
    private var sessionB: Spawn.Running?
    let marker = String(UUID().uuidString.prefix(6))

    override func setUpWithError() throws {
        try XCTSkipUnless(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/syncthing"), "needs syncthing: run `make test`")
        a = LaundryHome(shared: true)
        b = LaundryHome(shared: true)
        sync = try SyncthingPair(root: a.path, folderA: a.data, folderB: b.data)
    }

    override func tearDown() {
        if sessionB != nil {
            b.run(["daemon", "stop"])
            _ = sessionB?.wait()
        }
        a?.run(["daemon", "stop"])
        sync?.stop()
    }

    // MARK: Every machine rings, and every machine stops

    func test_aLoadStartedOnOneMachineRingsOnBothAndAFoldOnTheOtherStopsBoth() throws {
        try XCTSkipUnless(NotifyLog.path != nil, "needs a notification server: run through `make test`")
        try startDaemons()
        let name = "Socks\(marker)"
        a.ok("adopt", name)
        a.ok("wash", name, "--for", "5s")
        let end = try XCTUnwrap(loadEnd(a), "A's timer file")

        let bLog = b.path + "/notify.log"
        let finishOnB = waitForCall(in: bLog, mentioning: name, summary: "Wash Complete", timeout: 15)
        let finishOnA = waitForCall(in: NotifyLog.path, mentioning: name, summary: "Wash Complete", timeout: 5)
        let popupB = try XCTUnwrap(finishOnB, "B never announced the load A started\n\(b.daemonLog)")
        let popupA = try XCTUnwrap(finishOnA, "A never announced its own load\n\(a.daemonLog)")
        print(
            "household: finish to popup on A (where the load was started): \(ms(popupA - end)); "
                + "on B (through Syncthing): \(ms(popupB - end))")
        XCTAssertLessThan(popupB - end, 3, "B learns of the load long before it ends: its popup is on time")
        XCTAssertTrue(waitUntil(5) { self.a.daemonLog.contains("alarm rings again for \(name)") }, a.daemonLog)

        let fold = Date().timeIntervalSince1970
        b.ok("fold", name)
        XCTAssertTrue(
            waitUntil(10) { self.a.daemonLog.contains("alarm for \(name) stopped: the pet changed") },
            "A's alarm goes on after a fold on B\n\(a.daemonLog)\nB:\n\(b.daemonLog)")
        XCTAssertTrue(waitUntil(5) { NotifyLog.closeCalls().contains { $0 >= fold } }, "A's popup stays up")
        let closed = NotifyLog.closeCalls().first { $0 >= fold } ?? fold
        print("household: fold on B to popup closed on A: \(ms(closed - fold))")
        XCTAssertTrue(b.daemonLog.contains("withdrew the popup for \(name)"), b.daemonLog)

        // The next load: after its end both folders settle, with no change going back and forth.
        a.ok("wash", name, "--for", "3s")
        let second = try XCTUnwrap(loadEnd(a))
        let watch = FolderWatch(a.data, b.data)
        watch.run(until: second + 12)
        let settled = [watch.lastChange(0), watch.lastChange(1)].compactMap { $0 }.max() ?? second
        print(
            "household: after a finished load, writes seen in A's folder: \(watch.changes(0, after: second)), "
                + "in B's: \(watch.changes(1, after: second)); last change \(ms(settled - second)) after the end")
        print("household: what changed after the end (seconds since 1970, file):\n\(watch.log)")
        XCTAssertLessThan(settled - second, 10, "the folders went on changing: \(watch.log)")
        XCTAssertEqual(files(a), files(b), "both folders hold the same")
        XCTAssertNotNil(
            waitForCall(in: bLog, mentioning: name, summary: "Wash Complete", after: second - 1, timeout: 1))
    }

    // MARK: Files that merge

    func test_changesMadeOnBothMachinesOutOfTouchMergeTheSameWayOnBoth() throws {
        for pet in ["Sheets", "Towels", "Socks", "Jeans"] { a.ok("adopt", pet) }
        a.ok("wash", "Sheets", "--for", "1s")
        a.ok("wash", "Towels", "--for", "1s")
        Thread.sleep(forTimeInterval: 1.1)
        a.ok("status")  // both loads end on A, and A writes it down
        XCTAssertTrue(waitUntil(15) { self.inSync() }, "B never caught up: \(files(a).keys.sorted())")
        b.ok("status")

        sync.pause()
        Thread.sleep(forTimeInterval: 0.5)
        // Different parts of one pet: a dryer on A, a rename on B.
        a.ok("dry", "Sheets")
        b.ok("set", "Sheets", "--name", "Duvet")
        // The same part: a fold on A, then a dryer on B, later.
        a.ok("fold", "Towels")
        Thread.sleep(forTimeInterval: 0.05)
        b.ok("dry", "Towels")
        // Released on A, then renamed on B: the later change keeps the pet.
        a.ok("release", "Socks", "--yes")
        Thread.sleep(forTimeInterval: 0.05)
        b.ok("set", "Socks", "--name", "Hats")
        // Renamed on B, then released on A: the later release wins.
        b.ok("set", "Jeans", "--name", "Pants")
        Thread.sleep(forTimeInterval: 0.05)
        a.ok("release", "Jeans", "--yes")
        sync.resume()

        // Any command merges what it finds; each machine runs one now and then, as people do.
        let merged = waitUntil(40, every: 0.5) {
            self.a.run(["list"])
            self.b.run(["list"])
            return self.conflictCopies().isEmpty && self.inSync() && self.names(self.a) == ["Duvet", "Hats", "Towels"]
        }
        XCTAssertTrue(merged, "not merged: copies \(conflictCopies()), A \(names(a)), B \(names(b))")
        for home in [a!, b!] {
            XCTAssertEqual(names(home), ["Duvet", "Hats", "Towels"])
            XCTAssertEqual(home.pet("Duvet")["stage"] as? String, "drying", "the dryer started on A is kept")
            XCTAssertEqual(home.pet("Towels")["stage"] as? String, "drying", "the later change (B's dryer) wins")
            XCTAssertTrue(home.historyEvents("Towels").contains("folded"), "A's fold stays in history")
            XCTAssertTrue(home.historyEvents("Towels").contains("superseded"), "…said to be superseded")
            XCTAssertTrue(home.historyEvents("Duvet").contains("dryStarted"))
            XCTAssertFalse(home.historyEvents("Duvet").contains("superseded"), "nothing of Sheets was lost")
        }
        XCTAssertEqual(history(a), history(b), "equal histories on both sides")
        XCTAssertEqual(
            timerFiles(a).count, 2,
            "one timer per drying pet, no leftover: \(timerFiles(a))\n\(a.run(["list", "--json"]).stdout)")
    }

    // MARK: Helpers

    private func startDaemons() throws {
        for home in [a!, b!] {
            try home.allowDaemon()
            try home.writeConfig(#"{"alarmRepeatSeconds": 1, "alarmMinutes": 1, "headsUpMinutes": 0}"#)
            try FileManager.default.createDirectory(
                atPath: home.path + "/state/laundry", withIntermediateDirectories: true)
        }
        a.ok("daemon", "start")
        // B's commands must not start a daemon on A's bus; its daemon runs in a session of its own.
        b.environment["LAUNDRY_NO_AUTOSTART"] = "1"
        var environment = b.environment
        for inherited in ["LAUNDRY_IN_PRIVATE_BUS", "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "PULSE_SERVER"] {
            environment[inherited] = nil
        }
        environment["LAUNDRY_SESSION_NOTIFY_LOG"] = b.path + "/notify.log"
        sessionB = Spawn.start(
            SourceTree.root + "/scripts/notification-session.sh",
            [
                "/bin/sh", "-c", #"exec "$0" daemon run 2>>"$1""#, LaundryHome.binary,
                b.path + "/state/laundry/daemon.log",
            ],
            environment: environment)
        XCTAssertTrue(waitUntil(20) { self.b.daemonLog.contains("notification server:") }, "B's daemon: \(b.daemonLog)")
    }

    private func waitForCall(
        in log: String?, mentioning name: String, summary: String, after: Double = 0, timeout: TimeInterval
    ) -> Double? {
        var found: Double?
        _ = waitUntil(timeout, every: 0.1) {
            found =
                NotifyLog.calls(mentioning: name, in: log).first { $0.summary.contains(summary) && $0.time >= after }?
                .time
            return found != nil
        }
        return found
    }

    /// The end of the load in the home's timer file, as seconds since 1970.
    private func loadEnd(_ home: LaundryHome) -> Double? {
        for name in home.files(in: "timers") where name.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: "\(home.data)/timers/\(name)"),
                let timer = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                let text = timer["endsAt"] as? String
            else { continue }
            let parser = ISO8601DateFormatter()
            parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return parser.date(from: text)?.timeIntervalSince1970
        }
        return nil
    }

    /// The shared files (locks and temporaries are each machine's own).
    private func files(_ home: LaundryHome) -> [String: Data] {
        home.snapshot(of: home.data).filter { path, _ in
            !path.hasPrefix(".st") && !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }

    private func inSync() -> Bool { files(a) == files(b) }

    private func conflictCopies() -> [String] {
        (files(a).keys.map { "A " + $0 } + files(b).keys.map { "B " + $0 }).filter { $0.contains(".sync-conflict-") }
            .sorted()
    }

    private func names(_ home: LaundryHome) -> [String] {
        ((home.json("list") as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }.sorted()
    }

    private func history(_ home: LaundryHome) -> [String: Data] { files(home).filter { $0.key.hasPrefix("history/") } }
    private func timerFiles(_ home: LaundryHome) -> [String] {
        files(home).keys.filter { $0.hasPrefix("timers/") }.sorted()
    }
    private func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
}

/// Polls two folders and keeps when each file changed (a new inode, size or change time), to
/// see when a household's folders stop changing.
final class FolderWatch {
    private let folders: [String]
    private var versions: [[String: String]]
    private var changes: [[(time: Double, path: String)]]

    init(_ folders: String...) {
        self.folders = folders
        versions = folders.map { Self.versions(of: $0) }
        changes = folders.map { _ in [] }
    }

    func run(until end: Double) {
        while Date().timeIntervalSince1970 < end {
            Thread.sleep(forTimeInterval: 0.05)
            let now = Date().timeIntervalSince1970
            for index in folders.indices {
                let fresh = Self.versions(of: folders[index])
                for path in Set(fresh.keys).union(versions[index].keys) where fresh[path] != versions[index][path] {
                    changes[index].append((now, path))
                }
                versions[index] = fresh
            }
        }
    }

    func lastChange(_ index: Int) -> Double? { changes[index].last?.time }
    func changes(_ index: Int, after time: Double) -> Int { changes[index].filter { $0.time >= time }.count }
    var log: String {
        changes.enumerated().map { index, list in
            "\(index == 0 ? "A" : "B"): "
                + list.map { String(format: "%.2f %@", $0.time, $0.path) }.joined(separator: ", ")
        }.joined(separator: "\n")
    }

    private static func versions(of root: String) -> [String: String] {
        var result: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return result }
        while let relative = walker.nextObject() as? String {
            if relative.hasPrefix("locks") || relative.hasPrefix(".st") { continue }
            var info = stat()
            guard lstat(root + "/" + relative, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            result[relative] = "\(info.st_ino) \(info.st_size) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        }
        return result
    }
}

/// `laundry doctor` on a folder shared with other machines, and its suggested fix, run.
final class HouseholdDoctorEndToEndTests: XCTestCase {
    func test_doctorNamesTheDeviceAndItsStignoreFixWorks() throws {
        let home = LaundryHome(shared: true)
        try FileManager.default.createDirectory(atPath: home.data + "/.stfolder", withIntermediateDirectories: true)
        var lines = home.run(["doctor"]).stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("device") && $0.contains("no id yet") }, "\(lines)")
        home.ok("adopt", "Socks")
        let id = try String(contentsOfFile: home.path + "/state/laundry/device-id", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.data + "/device-id"), "never in the shared folder")
        lines = home.run(["doctor"]).stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.contains("this machine is \(id)") }, "\(lines)")
        let advice = try XCTUnwrap(lines.firstIndex { $0.contains(".stignore") }, "\(lines)")
        let fix = lines[advice + 1].replacingOccurrences(of: "→", with: "").trimmingCharacters(in: .whitespaces)
        XCTAssertTrue(fix.hasPrefix("printf"), fix)
        XCTAssertEqual(home.runProgram("/bin/sh", ["-c", fix]).status, 0)
        lines = home.run(["doctor"]).stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(
            lines.contains { $0.contains(".stignore") && $0.contains("keeps each machine's own files") }, "\(lines)")
    }

    func test_aCopyWaitingIsReportedByDoctorAndMergedByTheNextCommand() throws {
        let home = LaundryHome(shared: true)
        home.ok("adopt", "Socks")
        let id = try XCTUnwrap(home.petIDs()["Socks"])
        let copy = "\(home.data)/pets/\(id).sync-conflict-20261122-041518-ABCDEFG.json"
        var theirs = try XCTUnwrap(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(home.data)/pets/\(id).json")))
                as? [String: Any])
        theirs["snoozedUntil"] = "2030-01-01T00:00:00.000Z"
        var parts = theirs["parts"] as? [String: Any] ?? [:]
        parts["reminders"] = [["at": "2030-01-01T00:00:00.000Z", "device": "ffff000000000000"]]
        theirs["parts"] = parts
        try JSONSerialization.data(withJSONObject: theirs).write(to: URL(fileURLWithPath: copy))
        let doctor = home.run(["doctor"]).stdout
        XCTAssertTrue(doctor.contains("waiting to be merged"), doctor)
        XCTAssertTrue(FileManager.default.fileExists(atPath: copy), "doctor changes nothing")
        let status = home.run(["status", "Socks"])
        XCTAssertTrue(status.stderr.contains("merged"), status.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
        let merged = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "\(home.data)/pets/\(id).json")))
        XCTAssertEqual(
            (merged as? [String: Any])?["snoozedUntil"] as? String, "2030-01-01T00:00:00.000Z", "their snooze is in")
    }
}
