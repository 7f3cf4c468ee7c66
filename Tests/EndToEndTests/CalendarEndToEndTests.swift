import Foundation
import LaundryTestSupport
import XCTest

/// The calendar that rings with no app: the real daemon writes each running load to a real
/// Radicale on loopback, read back with the caldav library and parsed by icalendar.
final class CalendarEndToEndTests: DaemonTestCase {
    private var radicale: Radicale!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: "/usr/bin/radicale"), "needs radicale")
        radicale = try Radicale()
        try radicale.start()
        home.logsJSON()
    }

    override func tearDown() {
        super.tearDown()
        radicale?.stop()
    }

    private func configure(as form: String = "event", mode: Int = 0o600) throws {
        let passwordFile = home.path + "/caldav-password"
        try (radicale.password + "\n").write(toFile: passwordFile, atomically: true, encoding: .utf8)
        chmod(passwordFile, mode_t(mode))
        try home.writeConfig(
            #"{"sound": false, "headsUpMinutes": 0, "caldav": {"url": "\#(radicale.calendarURL)", "#
                + #""username": "\#(radicale.username)", "passwordFile": "\#(passwordFile)", "as": "\#(form)"}}"#)
    }

    private func load(_ pet: String) throws -> String {
        let status = home.pet(pet)
        return try XCTUnwrap((status["timer"] as? [String: Any])?["id"] as? String ?? lastLoad(pet))
    }

    private func lastLoad(_ pet: String) -> String? {
        let history = home.json("history", pet) as? [[String: Any]] ?? []
        return history.first { ($0["event"] as? String)?.hasSuffix("Started") == true }?["timerId"] as? String
    }

    /// Why daemon.json says the calendar is not written now (nil while it writes): the problem doctor words.
    private var calendarProblem: [String: Any]? {
        (home.daemonStatus["calendar"] as? [String: Any])?["problem"] as? [String: Any]
    }

    private func endsAt(_ pet: String) -> Date? {
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return ((home.pet(pet)["timer"] as? [String: Any])?["endsAt"] as? String).flatMap(iso.date)
    }

    private func seconds(_ text: Any?) -> Date? {
        (text as? String).flatMap {
            ISO8601DateFormatter().date(from: $0.replacingOccurrences(of: "+00:00", with: "Z"))
        }
    }

    func test_anEventFollowsTheLoadFromStartToCancel() throws {
        try configure()
        let name = "Socks, Shirts; \\ More \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        let writing = ["surface": "caldav", "event": "started", "form": "event"]
        XCTAssertTrue(waitUntil(5) { self.logged(writing) == 1 }, log)
        home.ok("wash", name, "--for", "1h")
        let uid = try load(name)
        let started = Date()
        let created = try XCTUnwrap(radicale.entry(uid), "written within 5 s: \(log)")
        print("calendar: created in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
        XCTAssertEqual(created["kind"] as? String, "VEVENT")
        XCTAssertEqual(created["summary"] as? String, "Move \(name) to the dryer", "escaped, and read back whole")
        let end = try XCTUnwrap(endsAt(name))
        XCTAssertEqual(
            try XCTUnwrap(seconds(created["end"])).timeIntervalSince1970, end.timeIntervalSince1970, accuracy: 1)
        XCTAssertEqual((created["alarms"] as? [String])?.count, 1, "a VALARM at the end")
        XCTAssertEqual(
            try XCTUnwrap(seconds((created["alarms"] as? [String])?.first)).timeIntervalSince1970,
            end.timeIntervalSince1970, accuracy: 1)
        print("calendar entry as the server stored it:\n" + (created["raw"] as? String ?? ""))

        home.ok("extend", name, "--by", "10m")
        let extended = radicale.entry(uid) { entry in
            (self.seconds(entry["end"])?.timeIntervalSince(end) ?? 0) > 590
        }
        XCTAssertNotNil(extended, "the end moved 10 minutes later: \(String(describing: radicale.entry(uid)))")

        home.ok("pause", name)
        XCTAssertNotNil(radicale.entry(uid) { ($0["alarms"] as? [String])?.isEmpty == true }, "paused: the alarm goes")
        home.ok("resume", name)
        XCTAssertNotNil(radicale.entry(uid) { ($0["alarms"] as? [String])?.count == 1 }, "resumed: it is back")

        home.ok("cancel", name)
        XCTAssertTrue(
            waitUntil(5) { (try? self.radicale.entries())?.contains { $0["uid"] as? String == uid } == false },
            "\(String(describing: try? radicale.entries().map { $0["uid"] ?? "" })) \(log)")
    }

    /// An event's alarm goes once the finished load is dealt with; the entry stays, as the record.
    func test_anEventsAlarmGoesWhenTheLoadIsDealtWith() throws {
        try configure()
        let name = "Jeans \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "1h")
        let uid = try load(name)
        XCTAssertEqual((radicale.entry(uid)?["alarms"] as? [String])?.count, 1)
        home.ok("finish", name)
        XCTAssertTrue(waitUntil(5) { !NotifyLog.calls(mentioning: self.marker).isEmpty }, "the finish popped up")
        home.ok("fold", name)
        let dealtWith = radicale.entry(uid) { ($0["alarms"] as? [String])?.isEmpty == true }
        XCTAssertNotNil(dealtWith, "folded: no alarm left \(log)")
        XCTAssertEqual(dealtWith?["kind"] as? String, "VEVENT")
        XCTAssertNil(dealtWith?["status"] as? String, "an event has no status to complete")
    }

    /// A task app's entry: done once the finished load is dealt with; and the wash finished early.
    func test_aTaskIsCompletedWhenTheLoadIsDealtWith() throws {
        try configure(as: "task")
        let name = "Towels \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "1h")
        let uid = try load(name)
        XCTAssertEqual(radicale.entry(uid)?["status"] as? String, "NEEDS-ACTION")
        XCTAssertEqual(radicale.entry(uid)?["kind"] as? String, "VTODO")
        home.ok("finish", name)
        let finished = radicale.entry(uid) { entry in
            (self.seconds(entry["end"]).map { abs($0.timeIntervalSinceNow) < 30 }) ?? false
        }
        XCTAssertNotNil(finished, "finished early: due now")
        XCTAssertTrue(waitUntil(5) { !NotifyLog.calls(mentioning: self.marker).isEmpty }, "the finish popped up")
        home.ok("dry", name, "--for", "1h")
        let done = radicale.entry(uid) { $0["status"] as? String == "COMPLETED" }
        XCTAssertNotNil(done, "acknowledged: \(String(describing: radicale.entry(uid))) \(log)")
        XCTAssertEqual((done?["alarms"] as? [String])?.count, 0)
        XCTAssertNotNil(radicale.entry(try load(name)), "the dryer has its own entry")
    }

    /// Two writers: a change made on the server meanwhile makes the daemon's next write fail its
    /// If-Match; it reads the server's version and writes on it. A server down mid-load is retried.
    func test_aStaleIfMatchIsReadAgainAndAServerDownIsRetried() throws {
        try configure()
        let name = "Sheets \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "1h")
        let uid = try load(name)
        let first = try XCTUnwrap(radicale.entry(uid))
        let other = (first["raw"] as? String ?? "").replacingOccurrences(of: "SUMMARY:", with: "SUMMARY:(edited) ")
            .replacingOccurrences(of: "\n", with: "\r\n")
        let replaced = radicale.request(
            "PUT", radicale.calendarURL + uid + ".ics", headers: ["Content-Type: text/calendar"], body: other)
        XCTAssertTrue(["201", "204"].contains(replaced), "another writer changed it: \(replaced)")
        home.ok("extend", name, "--by", "20m")
        let rewritten = radicale.entry(uid) { !($0["summary"] as? String ?? "").hasPrefix("(edited)") }
        XCTAssertNotNil(rewritten, "written again on the other writer's version: \(log)")
        XCTAssertEqual(logged(["surface": "caldav", "event": "rebased", "entry": uid]), 1, log)

        radicale.stop()
        home.ok("extend", name, "--by", "5m")
        let waiting = ["surface": "caldav", "event": "waiting", "problem": "unreachable"]
        XCTAssertTrue(waitUntil(5) { self.logged(waiting) == 1 }, log)
        // daemon.json, which doctor reads, follows the calendar's queue within two seconds.
        XCTAssertTrue(waitUntil(5) { self.calendarProblem?["unreachable"] != nil }, "\(home.daemonStatus)")
        let end = try XCTUnwrap(endsAt(name))
        try radicale.start()
        let caughtUp = radicale.entry(uid, within: 70) { entry in
            (self.seconds(entry["end"]).map { abs($0.timeIntervalSince(end)) < 1 }) ?? false
        }
        XCTAssertNotNil(caughtUp, "the waiting change is written once it answers: \(log)")
        XCTAssertTrue(waitUntil(5) { self.logged(["surface": "caldav", "event": "answersAgain"]) == 1 }, log)
        XCTAssertEqual(logged(waiting), 1, "logged once, not at each retry: \(log)")
        XCTAssertTrue(waitUntil(5) { self.calendarProblem == nil }, "\(home.daemonStatus)")
    }

    /// A cancel made while the server is down, and the daemon stopped before it came back: the
    /// daemon started again still removes the entry (what is unwritten is kept across a restart).
    func test_aChangeLeftUnwrittenIsWrittenAfterARestart() throws {
        try configure()
        let name = "Quilt \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "1h")
        let uid = try load(name)
        XCTAssertNotNil(radicale.entry(uid), log)
        radicale.stop()
        home.ok("cancel", name)
        XCTAssertTrue(waitUntil(5) { self.logged(["surface": "caldav", "problem": "unreachable"]) == 1 }, log)
        home.ok("daemon", "stop")
        let pending = home.path + "/state/laundry/calendar-pending.json"
        XCTAssertTrue(FileManager.default.fileExists(atPath: pending), "the unwritten delete is kept")
        try radicale.start()
        home.ok("daemon", "start")
        XCTAssertTrue(
            waitUntil(10) { (try? self.radicale.entries())?.contains { $0["uid"] as? String == uid } == false }, log)
        XCTAssertTrue(waitUntil(5) { !FileManager.default.fileExists(atPath: pending) }, "nothing left to write")
    }

    /// A server that refuses a write for good (here: another user's calendar, 403) drops it with a
    /// log line, and doctor says so; it does not retry it forever.
    func test_aWriteRefusedForGoodIsDroppedAndNamed() throws {
        try configure()
        let config = try String(contentsOfFile: home.configFile, encoding: .utf8)
        try config.replacingOccurrences(of: "/\(radicale.username)/laundry/", with: "/someone-else/laundry/")
            .write(toFile: home.configFile, atomically: true, encoding: .utf8)
        let name = "Rugs \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "1h")
        let dropped = ["surface": "caldav", "event": "dropped", "problem": "refused", "status": "403"]
        XCTAssertTrue(waitUntil(5) { self.logged(dropped) == 1 }, log)
        XCTAssertEqual(home.daemonEvents(dropped).first?["level"], "error", log)
        home.ok("extend", name, "--by", "5m")
        XCTAssertTrue(waitUntil(5) { self.logged(dropped) == 2 }, "the next change is tried on its own: \(log)")
        XCTAssertTrue(
            waitUntil(5) { (self.calendarProblem?["refused"] as? [String: Any])?["status"] as? Int == 403 },
            "\(home.daemonStatus)")
    }

    /// A password file others can read is not used: nothing is written, and doctor says why.
    func test_aPasswordFileOthersCanReadIsRefused() throws {
        try configure(mode: 0o644)
        home.ok("daemon", "start")
        let notStarted = ["surface": "caldav", "event": "notStarted", "problem": "passwordOpenToOthers"]
        XCTAssertTrue(waitUntil(5) { self.logged(notStarted) == 1 }, log)
        XCTAssertEqual(logged(["surface": "caldav", "event": "started"]), 0, log)
        let doctor = home.run(["doctor"])
        XCTAssertTrue(doctor.stdout.contains("can be read by others (mode 644)"), doctor.stdout)
        XCTAssertTrue(doctor.stdout.contains("is plain http"), "http to a server at home is allowed, with a warning")
    }
}
