import Foundation
import LaundryTestSupport
import XCTest

/// The real daemon keeping the session awake and meeting a sleep, against python-dbusmock: the
/// portal's Inhibit, gnome-session and KDE's PowerManagement on a private session bus, logind's
/// template on a private system bus. Each mock logs every call it gets.
final class KeepAwakeEndToEndTests: DaemonTestCase {
    private var session: PrivateBus!
    private var system: PrivateBus!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try XCTSkipUnless(
            FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock"),
            "needs python3-dbusmock: `make test`")
        session = try PrivateBus(in: home.path + "/session")
        system = try PrivateBus(in: home.path + "/system", system: true)
        home.environment["DBUS_SESSION_BUS_ADDRESS"] = session.address
        home.environment["DBUS_SYSTEM_BUS_ADDRESS"] = system.address
        home.logsJSON()
        try session.startRecordingServer(broadcast: false)
    }

    override func tearDown() {
        super.tearDown()
        session = nil
        system = nil
    }

    // MARK: The mocks

    private func startPortal() throws -> String {
        let log = try session.startMock(
            ["org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Inhibit"],
            log: "portal.log")
        session.addMockMethod(
            "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
            interface: "org.freedesktop.portal.Inhibit", method: "Inhibit", in: "sua{sv}", out: "o",
            code: "ret = dbus.ObjectPath('/org/freedesktop/portal/desktop/request/1/' + args[2]['handle_token']); "
                + "self.AddObject(ret, 'org.freedesktop.portal.Request', {}, [('Close', '', '', '')])")
        return log
    }

    private func startGnomeSession() throws -> String {
        let log = try session.startMock(
            ["org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager"],
            log: "gnome-session.log")
        for (method, input, output, code) in [
            ("Inhibit", "susu", "u", "ret = dbus.UInt32(42)"), ("Uninhibit", "u", "", ""),
        ] {
            session.addMockMethod(
                "org.gnome.SessionManager", "/org/gnome/SessionManager", interface: "org.gnome.SessionManager",
                method: method, in: input, out: output, code: code)
        }
        return log
    }

    private func startPowerManagement() throws -> String {
        let path = "/org/freedesktop/PowerManagement/Inhibit"
        let interface = "org.freedesktop.PowerManagement.Inhibit"
        let log = try session.startMock(
            ["org.freedesktop.PowerManagement", path, interface], log: "power-management.log")
        for (method, input, output, code) in [
            ("Inhibit", "ss", "u", "ret = dbus.UInt32(7)"), ("UnInhibit", "u", "", ""),
        ] {
            session.addMockMethod(
                "org.freedesktop.PowerManagement", path, interface: interface, method: method, in: input,
                out: output, code: code)
        }
        return log
    }

    /// The settings portal answering GNOME's `clock-format`.
    private func startSettingsPortal(clockFormat: String) throws -> String {
        let log = try session.startMock(
            ["org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings"],
            log: "settings-portal.log")
        session.addMockMethod(
            "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
            interface: "org.freedesktop.portal.Settings", method: "ReadOne", in: "ss", out: "v",
            code: "ret = dbus.String('\(clockFormat)') if args == ['org.gnome.desktop.interface', 'clock-format'] "
                + "else dbus.String('')")
        return log
    }

    private func startLogind() throws -> String { try system.startMock(["-t", "logind"], log: "logind.log") }

    /// The calls a mock logged, without their times: `Inhibit "" 4 {...}`.
    private func calls(_ log: String) -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map {
            String($0.drop { $0 != " " }.dropFirst())
        }
    }

    private func inhibitions(_ log: String) -> [String] { calls(log).filter { $0.hasPrefix("Inhibit ") } }

    /// Releases logged: the portal's `Close`, gnome-session's `Uninhibit`, KDE's `UnInhibit`.
    private func releases(_ log: String) -> Int {
        calls(log).filter { $0.hasPrefix("Close") || $0.hasPrefix("Uninhibit") || $0.hasPrefix("UnInhibit") }.count
    }

    /// What logind's mock holds now: `[(what, who, why, mode, uid, pid)]` as gdbus prints it.
    private var logindInhibitors: String {
        system.call(
            "org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager.ListInhibitors"
        )
        .stdout
    }

    private func prepareForSleep(_ sleeping: Bool) {
        system.call(
            "org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.DBus.Mock.EmitSignal",
            "org.freedesktop.login1.Manager", "PrepareForSleep", "b", "[<\(sleeping)>]")
    }

    private func notified(_ marker: String) -> [String] {
        session.recordedCalls().compactMap { $0["body"] as? String }.filter { $0.contains(marker) }
    }

    // MARK: Tests

    /// One wash from its start to its acknowledgement, a second load, a cancel, a pause and the
    /// bell giving up: one suspend-only inhibitor (flag 4, never 8) whose reason follows, taken
    /// anew before the old one is given back, released when nothing runs or rings.
    func test_thePortalKeepsTheSessionAwakeWhileALoadRunsOrRingsAndNoLonger() throws {
        try home.writeConfig(#"{"alarmRepeatSeconds": 1, "alarmMinutes": 0.1}"#)
        let portal = try startPortal()
        let socks = "Socks \(marker)"
        let towels = "Towels \(marker)"
        home.ok("adopt", socks)
        home.ok("adopt", towels)
        home.ok("wash", socks, "--for", "3s")
        XCTAssertTrue(waitUntil(5) { self.inhibitions(portal).count == 1 }, "\(calls(portal))\n\(log)")
        XCTAssertTrue(inhibitions(portal)[0].contains(#" 4 {"reason": "\#(socks): wash ends at"#), "\(calls(portal))")
        let status = home.ok("daemon", "status").stdout
        XCTAssertTrue(status.contains("keep awake:     held until"), status)
        XCTAssertTrue(status.contains("through org.freedesktop.portal.Inhibit: \(socks): wash ends at"), status)

        home.ok("wash", towels, "--for", "1h")
        XCTAssertTrue(
            waitUntil(3) { self.inhibitions(portal).count == 2 && self.releases(portal) == 1 }, "\(calls(portal))")
        XCTAssertTrue(inhibitions(portal)[1].contains("2 loads, the last ends at"), "\(calls(portal))")
        home.ok("cancel", towels)
        XCTAssertTrue(waitUntil(3) { self.inhibitions(portal).count == 3 }, "\(calls(portal))")

        // Socks is done: it rings until someone acts, and the session stays awake for it.
        XCTAssertTrue(
            waitUntil(5) { self.inhibitions(portal).last?.contains("is done and waiting") == true }, "\(calls(portal))")
        // The new one is taken before the old one is given back: wait for that release too.
        XCTAssertTrue(waitUntil(3) { self.inhibitions(portal).count == self.releases(portal) + 1 }, "\(calls(portal))")
        let held = releases(portal)
        let popup = try XCTUnwrap(session.recordedCalls().last { ($0["body"] as? String)?.contains(socks) == true })
        session.tellServer("Invoke", String(try XCTUnwrap(popup["id"] as? Int)), "default")
        XCTAssertTrue(
            waitUntil(3) { self.releases(portal) == held + 1 }, "acknowledged: released at once \(calls(portal))")
        XCTAssertEqual(inhibitions(portal).count, releases(portal), "nothing held: \(calls(portal))")

        // A paused load holds nothing.
        home.ok("dry", socks, "--for", "1h")
        XCTAssertTrue(waitUntil(3) { self.inhibitions(portal).count == self.releases(portal) + 1 }, "\(calls(portal))")
        home.ok("pause", socks)
        XCTAssertTrue(waitUntil(3) { self.inhibitions(portal).count == self.releases(portal) }, "\(calls(portal))")

        // The bell gives up after alarmMinutes: released then.
        home.ok("cancel", socks)
        home.ok("dry", socks, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { self.inhibitions(portal).last?.contains("is done and waiting") == true })
        XCTAssertTrue(
            waitUntil(10) { self.inhibitions(portal).count == self.releases(portal) }, "\(calls(portal))\n\(log)")
        XCTAssertEqual(logged(["surface": "alarm", "pet": socks, "stoppedBy": "rangOut"]), 1, log)

        XCTAssertTrue(
            inhibitions(portal).allSatisfy { $0.hasPrefix(#"Inhibit "" 4 {"#) }, "suspend only: \(calls(portal))")
        print("portal calls for one wash and what followed:\n" + calls(portal).joined(separator: "\n"))
    }

    /// Without the portal, gnome-session; without either, KDE's PowerManagement; without any, the
    /// log and doctor say so.
    func test_theFallbackOrderIsPortalThenGnomeSessionThenPowerManagement() throws {
        let gnome = try startGnomeSession()
        let power = try startPowerManagement()
        let name = "Socks \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1h")
        XCTAssertTrue(waitUntil(5) { self.inhibitions(gnome).count == 1 }, "\(calls(gnome))\n\(log)")
        XCTAssertTrue(
            inhibitions(gnome)[0].hasPrefix(#"Inhibit "laundry" 0 "\#(name): wash ends at"#), "\(calls(gnome))")
        XCTAssertTrue(inhibitions(gnome)[0].hasSuffix(" 4"), "suspend only: \(calls(gnome))")
        XCTAssertEqual(inhibitions(power), [], "gnome-session answered first")
        home.ok("cancel", name)
        XCTAssertTrue(waitUntil(3) { self.calls(gnome).contains("Uninhibit 42") }, "\(calls(gnome))")

        home.ok("daemon", "stop")
        session.stopMock("org.gnome.SessionManager")
        home.ok("wash", name, "--for", "1h")
        XCTAssertTrue(waitUntil(5) { self.inhibitions(power).count == 1 }, "\(calls(power))\n\(log)")
        XCTAssertTrue(inhibitions(power)[0].hasPrefix(#"Inhibit "laundry" "\#(name): wash ends at"#), "\(calls(power))")
        home.ok("daemon", "stop")
        XCTAssertTrue(calls(power).contains("UnInhibit 7"), "released when the daemon stops: \(calls(power))")

        session.stopMock("org.freedesktop.PowerManagement")
        home.ok("daemon", "start")
        let failed = ["surface": "keepAwake", "event": "failed", "because": "noDesktop", "level": "warning"]
        XCTAssertTrue(waitUntil(5) { self.logged(failed) == 1 }, log)
        let doctor = home.run(["doctor"]).stdout
        XCTAssertTrue(doctor.contains("! keep awake") && doctor.contains("bare window manager"), doctor)
    }

    /// GNOME's top bar counts 12 hours though the locale counts 24: the times laundry sends read
    /// like the top bar's clock; `"clock"` in config.json wins over both.
    func test_timesFollowTheDesktopsClockSettingThroughThePortal() throws {
        let portal = try startSettingsPortal(clockFormat: "12h")
        let out = home.path + "/summary"
        try home.writeConfig(
            #"{"sound": false, "keepAwake": false, "hook": ["sh", "-c", "[ \"$LAUNDRY_EVENT\" = loadStarted ] "#
                + #"|| exit 0; echo \"$LAUNDRY_SUMMARY\" > \#(out)"]}"#)
        home.environment["LANG"] = "en_GB.UTF-8"
        let name = "Clock \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "2h")
        XCTAssertTrue(waitUntil(8) { FileManager.default.fileExists(atPath: out) }, log)
        let summary = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertNotNil(
            summary.range(
                of: #": done at ([A-Z][a-z]+ )?1?[0-9]:[0-5][0-9] (AM|PM|am|pm)\n$"#, options: .regularExpression),
            summary)
        XCTAssertTrue(calls(portal).contains { $0.hasPrefix("ReadOne ") }, "asked the portal")
        XCTAssertEqual(logged(["surface": "settings", "event": "desktopClock", "clock": "12h"]), 1, log)
    }

    func test_keepAwakeFalseAsksNothingOfTheDesktop() throws {
        // The daemon's next deadline tells when it has handled the wash: no card's minute before it.
        try home.writeConfig(#"{"keepAwake": false, "liveCard": false}"#)
        let portal = try startPortal()
        let name = "Socks \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1h")
        XCTAssertTrue(waitUntil(5) { self.logged(["surface": "settings", "keepAwake": "false"]) == 1 }, log)
        // daemon.json names the load's end once the wash's event is behind the daemon, the
        // inhibitor's turn included.
        XCTAssertTrue(waitUntil(5) { (self.home.daemonDeadline?.timeIntervalSinceNow ?? 0) > 1800 }, log)
        XCTAssertEqual(inhibitions(portal), [])
        XCTAssertTrue(home.ok("daemon", "status").stdout.contains(#"keep awake:     off ("keepAwake": false"#))
    }

    /// logind: only a delay lock, and only while a load runs; before a sleep the hook hears of
    /// the loads still running and the lock is given back at once; a load that ends while the
    /// computer sleeps is told so, once, when it wakes.
    func test_aSleepTheUserChoosesTellsTheHookAndTheLoadThatEndedIsToldOnWaking() throws {
        let logind = try startLogind()
        let out = home.path + "/hook"
        try home.writeConfig(
            #"{"sound": false, "hook": ["sh", "-c", "echo \"$LAUNDRY_EVENT $LAUNDRY_RUNNING\" >> \#(out)"]}"#)
        let name = "Socks \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "3s")
        XCTAssertTrue(waitUntil(5) { self.logindInhibitors.contains("'delay'") }, "\(logindInhibitors)\n\(log)")
        XCTAssertFalse(logindInhibitors.contains("'block'"), logindInhibitors)
        XCTAssertTrue(
            calls(logind).contains { $0.hasPrefix(#"Inhibit "sleep" "laundry""#) && $0.hasSuffix(#""delay""#) })

        let asleep = Date()
        prepareForSleep(true)
        XCTAssertTrue(waitUntil(1) { !self.logindInhibitors.contains("'delay'") }, "released within a second")
        let released = Date().timeIntervalSince(asleep)
        XCTAssertTrue(
            waitUntil(3) { (try? String(contentsOfFile: out, encoding: .utf8))?.contains("sleeping ") == true })
        let hook = try String(contentsOfFile: out, encoding: .utf8)
        let load = try XCTUnwrap((home.pet(name)["timer"] as? [String: Any]).flatMap { $0["startedAt"] as? String })
        XCTAssertFalse(load.isEmpty)
        XCTAssertTrue(hook.contains(#/sleeping [0-9a-f-]{36}:[0-9]{10}/#), hook)

        // Real time: the load's end must pass while the computer "sleeps" (the timerfd fires anyway
        // here, as a suspended kernel's would on resume).
        Thread.sleep(forTimeInterval: 3.5)
        prepareForSleep(false)
        XCTAssertTrue(waitUntil(5) { self.notified(self.marker).count == 1 }, log)
        XCTAssertEqual(
            notified(marker), ["\(name) is ready for the dryer! (finished just now, while this computer slept)"])
        XCTAssertTrue(waitUntil(2) { !self.logindInhibitors.contains("'delay'") }, "nothing runs now: no lock")
        // A later finish of the same daemon: a second announcement of the first would come before it.
        let later = "Later \(UUID().uuidString.prefix(6))"
        home.ok("adopt", later)
        home.ok("wash", later, "--for", "1s")
        XCTAssertTrue(waitUntil(5) { self.notified(later).count == 1 }, log)
        XCTAssertEqual(notified(marker).count, 1, "once")
        print("logind: the delay lock was given back \(Int(released * 1000)) ms after PrepareForSleep(true)")
    }
}
