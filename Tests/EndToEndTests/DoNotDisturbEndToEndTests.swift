import Foundation
import LaundryTestSupport
import XCTest

/// Do-not-disturb as dunst keeps it (`dunstctl set-paused`), read by the real daemon.
final class DoNotDisturbEndToEndTests: DaemonTestCase {
    private func dunstPaused(_ paused: Bool) {
        let result = Spawn.run(
            "/usr/bin/dunstctl", ["set-paused", paused ? "true" : "false"], environment: home.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    override func setUpWithError() throws {
        try super.setUpWithError()
        home.logsJSON()
    }

    override func tearDown() {
        dunstPaused(false)
        super.tearDown()
    }

    func test_aFinishWhileDunstIsPausedIsShownWithin5SecondsOfItsEnd() throws {
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0}"#)
        let name = "Quiet \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        dunstPaused(true)
        home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(
            waitUntil(15) {
                !self.home.daemonEvents(["surface": "doNotDisturb", "desktop": "dunst", "state": "on"]).isEmpty
            },
            log)
        // The daemon decided at the finish: held, not shown.
        XCTAssertTrue(waitUntil(15) { !self.home.daemonEvents(["held": "doNotDisturb", "pet": name]).isEmpty }, log)
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).count, 0, "nothing sent while dunst is paused")
        // What `daemon status` says: popups and sound wait for the end of dunst's do-not-disturb.
        assertStatusSays(doNotDisturb: "dunst")
        let resumed = Date().timeIntervalSince1970
        dunstPaused(false)
        XCTAssertTrue(waitUntil(15) { !NotifyLog.calls(mentioning: marker).isEmpty }, log)
        let shown = try XCTUnwrap(NotifyLog.calls(mentioning: marker).first)
        print("do-not-disturb: its end → the held finish shown in \(Int((shown.time - resumed) * 1000)) ms")
        XCTAssertLessThan(shown.time - resumed, 5, "within 5 s of the end of do-not-disturb")
        XCTAssertEqual(shown.category, "x-laundry.done", "the finish")
        // Once: it is written down as announced, and the daemon has nothing due within a minute.
        let id = try XCTUnwrap(home.petIDs()[name])
        XCTAssertTrue(
            waitUntil(15) {
                self.home.announced(id, load: shown.loadID?.lowercased() ?? "?")
                    && self.home.daemonDeadline.map { $0.timeIntervalSinceNow > 60 } ?? true
            }, "\(home.daemonStatus)")
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).count, 1, "once")
    }

    /// The bell, heard on PulseAudio's null sink: silent while dunst is paused (`"dnd": "quiet"`),
    /// ringing once it is not; with `"dnd": "ring"`, ringing through the pause.
    private func bell(dnd: String, name: String) throws -> (whilePaused: Double, after: Double, popups: Int) {
        try XCTSkipUnless(Speakers.monitor != nil, "needs PulseAudio with a null sink: run through `make test`")
        try home.writeConfig(#"{"alarmRepeatSeconds": 1, "alarmMinutes": 1, "headsUpMinutes": 0, "dnd": "\#(dnd)"}"#)
        home.ok("adopt", name)
        home.ok("daemon", "start")
        dunstPaused(true)
        let speakers = try Speakers(folder: home.path)
        home.ok("wash", name, "--for", "1s")
        // Past the finish and two of the bell's 1-second repeats: as the daemon rang them, or, held,
        // as the recording went on.
        if dnd == "ring" {
            XCTAssertTrue(
                waitUntil(15) { self.home.daemonEvents(["surface": "alarm", "rings": "again"]).count >= 2 }, log)
        } else {
            XCTAssertTrue(
                waitUntil(15) { !self.home.daemonEvents(["held": "doNotDisturb", "pet": name]).isEmpty }, log)
            let held = speakers.recordedSeconds
            XCTAssertTrue(waitUntil(20) { speakers.recordedSeconds > held + 2.5 }, "recorded")
        }
        let popups = NotifyLog.calls(mentioning: marker).count
        let resumed = speakers.recordedSeconds
        dunstPaused(false)
        if dnd == "quiet" {
            XCTAssertTrue(waitUntil(20, every: 0.2) { speakers.loudest(from: resumed + 0.5) > 0.01 }, "rung: \(log)")
        }
        speakers.stop()
        return (
            speakers.maximumAmplitude(from: 0, seconds: resumed), speakers.maximumAmplitude(from: resumed + 0.5),
            popups
        )
    }

    func test_quietHoldsTheBellUntilDunstIsNoLongerPaused() throws {
        let heard = try bell(dnd: "quiet", name: "Hushed \(marker)")
        print("do-not-disturb, quiet: loudest while paused \(heard.whilePaused), after \(heard.after)")
        XCTAssertLessThan(heard.whilePaused, 0.001, "silent while dunst is paused")
        XCTAssertEqual(heard.popups, 0)
        XCTAssertGreaterThan(heard.after, 0.01, "the held finish rings once it ends")
    }

    func test_ringRingsThroughDunstsPause() throws {
        let heard = try bell(dnd: "ring", name: "Loud \(marker)")
        print("do-not-disturb, ring: loudest while paused \(heard.whilePaused)")
        XCTAssertGreaterThan(heard.whilePaused, 0.01, "the bell rings through the pause")
        XCTAssertEqual(heard.popups, 1, "and the popup is sent (dunst shows it when its pause ends)")
    }
}

extension DaemonTestCase {
    /// `daemon status` would say: popups and sound wait for the end of `desktop`'s do-not-disturb
    /// (daemon.json, which it reads, is written once the event that read it is handled).
    func assertStatusSays(doNotDisturb desktop: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(
            waitUntil(15) {
                self.home.daemonStatus["dnd"] as? String == "quiet"
                    && self.home.daemonStatus["doNotDisturb"] as? String == desktop
            }, "daemon.json: \(home.daemonStatus)", file: file, line: line)
        XCTAssertEqual(home.run(["daemon", "status"]).status, 0, file: file, line: line)
    }
}

/// Do-not-disturb as GNOME keeps it (`show-banners` false), read through the settings portal, which
/// python-dbusmock stands in for on a private session bus.
final class GNOMEDoNotDisturbEndToEndTests: DaemonTestCase {
    private var session: PrivateBus!
    private let portal = "org.freedesktop.portal.Desktop"
    private let path = "/org/freedesktop/portal/desktop"

    override func setUpWithError() throws {
        try super.setUpWithError()
        session = try PrivateBus.sessionWithMocks(for: home)
        try session.startRecordingServer(broadcast: false)
        _ = try session.startMock([portal, path, "org.freedesktop.portal.Settings"], log: "settings-portal.log")
    }

    override func tearDown() {
        super.tearDown()
        session = nil
    }

    /// What the portal answers for `show-banners` from now on (a method added again replaces it).
    private func banners(_ shown: Bool) {
        session.addMockMethod(
            portal, path, interface: "org.freedesktop.portal.Settings", method: "ReadOne", in: "ss", out: "v",
            code: "ret = dbus.Boolean(\(shown ? "True" : "False")) "
                + "if args == ['org.gnome.desktop.notifications', 'show-banners'] else dbus.String('')")
    }

    func test_gnomeHidingBannersHoldsTheFinishUntilTheyShowAgain() throws {
        home.logsJSON()
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0}"#)
        banners(false)
        let name = "Gnome \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "1s")
        let said = { (state: String) in
            !self.home.daemonEvents(["surface": "doNotDisturb", "desktop": "GNOME", "state": state]).isEmpty
        }
        let shown = { self.home.daemonEvents(["surface": "popup", "pet": name, "event": "washDone", "level": "info"]) }
        XCTAssertTrue(waitUntil(15) { said("on") }, log)
        assertStatusSays(doNotDisturb: "GNOME")
        XCTAssertTrue(waitUntil(15) { !self.home.daemonEvents(["held": "doNotDisturb", "pet": name]).isEmpty }, log)
        XCTAssertEqual(shown().count, 0, log)
        banners(true)
        XCTAssertTrue(waitUntil(15) { shown().count == 1 }, log)
        XCTAssertTrue(said("off"), log)
    }
}

/// Do-not-disturb as swaync keeps it (`GetDnd` on its control centre, python-dbusmock standing in)
/// and as mako keeps it (a mode named `do-not-disturb`, listed by `ListModes`, which the recording
/// server answers as mako 1.7 does): neither runs without a Wayland compositor here.
final class OtherDesktopsDoNotDisturbEndToEndTests: DaemonTestCase {
    private var session: PrivateBus!
    private let swaync = "org.erikreider.swaync.cc"
    private let swayncPath = "/org/erikreider/swaync/cc"
    private var modes: String { home.path + "/mako-modes" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        session = try PrivateBus.sessionWithMocks(for: home)
    }

    override func tearDown() {
        super.tearDown()
        session = nil
    }

    private func heldUntilItEnds(by desktop: String, turnOff: () throws -> Void) throws {
        home.logsJSON()
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0}"#)
        let name = "\(desktop) \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "1s")
        let said = { (state: String) in
            !self.home.daemonEvents(["surface": "doNotDisturb", "desktop": desktop, "state": state]).isEmpty
        }
        XCTAssertTrue(waitUntil(15) { said("on") }, log)
        assertStatusSays(doNotDisturb: desktop)
        XCTAssertTrue(waitUntil(15) { !self.home.daemonEvents(["held": "doNotDisturb", "pet": name]).isEmpty }, log)
        let popups = { self.session.recordedCalls().filter { ($0["category"] as? String) == "x-laundry.done" } }
        XCTAssertEqual(popups().count, 0, "nothing shown while it lasts")
        try turnOff()
        XCTAssertTrue(waitUntil(15) { popups().count == 1 }, log)
        XCTAssertTrue(said("off"), log)
    }

    func test_swayncInDoNotDisturbHoldsTheFinishUntilItEnds() throws {
        try session.startRecordingServer(broadcast: true)
        try session.startMock([swaync, swayncPath, swaync], log: "swaync.log")
        func dnd(_ on: Bool) {
            session.addMockMethod(
                swaync, swayncPath, interface: swaync, method: "GetDnd", in: "", out: "b",
                code: "ret = \(on ? "True" : "False")")
        }
        dnd(true)
        try heldUntilItEnds(by: "swaync") { dnd(false) }
    }

    func test_makoInItsDoNotDisturbModeHoldsTheFinishUntilItLeavesIt() throws {
        try "default\ndo-not-disturb\n".write(toFile: modes, atomically: true, encoding: .utf8)
        try session.startRecordingServer(broadcast: true, makoModes: modes)
        try heldUntilItEnds(by: "mako") {
            try "default\n".write(toFile: modes, atomically: true, encoding: .utf8)
        }
    }
}
