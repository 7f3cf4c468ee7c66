import Foundation
import LaundryTestSupport
import XCTest

/// The live card as dunst receives it: one card per load, updated in place, its buttons pressed
/// through dunst's own menu, withdrawn as the finish's popup goes out.
final class LiveCardEndToEndTests: DaemonTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        home.logsJSON()
    }

    private func press(_ key: String) throws {
        let pick = try XCTUnwrap(ProcessInfo.processInfo.environment["LAUNDRY_DUNST_PICK"])
        try ",\(key)]".write(toFile: pick, atomically: true, encoding: .utf8)
        home.runProgram("/usr/bin/dunstctl", ["context"])
    }

    private var cards: [NotifyCall] { NotifyLog.cards(mentioning: marker) }

    private func timer(_ name: String) -> [String: Any] { home.pet(name)["timer"] as? [String: Any] ?? [:] }

    /// A pet washing for 45 minutes, on a screen cleared first, once its card is up.
    private func washingWithItsCard(_ name: String) throws -> String {
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0}"#)
        home.ok("adopt", name)
        home.runProgram("/usr/bin/dunstctl", ["close-all"])
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "45m")
        XCTAssertTrue(waitUntil(5) { self.cards.count == 1 }, log)
        return name
    }

    func test_oneLoadsCardFromStartToAcknowledgement() throws {
        let name = try washingWithItsCard("Card \(marker)")
        let first = try XCTUnwrap(cards.first)
        XCTAssertEqual(first.replacesID, 0, "a new card")
        XCTAssertEqual(first.urgency, 0, "low urgency")
        XCTAssertEqual(first.suppressSound, true, "no sound")
        XCTAssertFalse(first.hasSoundHint, "no sound named")
        XCTAssertEqual(first.resident, true)
        XCTAssertEqual(first.expireTimeout, 0, "kept until withdrawn")
        XCTAssertEqual(first.value, 0)
        XCTAssertEqual(first.summary, "🫧 \(name): 45m left")
        XCTAssertTrue(first.body.hasPrefix("Done at "), first.body)
        XCTAssertEqual(first.actions, ["extend", "+10 min", "pause", "Pause", "finish", "Finished"])

        home.ok("extend", name)
        XCTAssertTrue(waitUntil(5) { self.cards.count == 2 }, log)
        let cardID = try XCTUnwrap(cards.last?.replacesID)
        XCTAssertNotEqual(cardID, 0, "updated in place")
        XCTAssertEqual(cards.last?.summary, "🫧 \(name): 55m left")

        try press("pause")  // through dunst's menu, on the card itself
        XCTAssertTrue(waitUntil(5) { self.timer(name)["paused"] as? Bool == true }, log)
        XCTAssertTrue(waitUntil(5) { self.cards.count == 3 }, log)
        XCTAssertEqual(cards.last?.actions, ["extend", "+10 min", "resume", "Resume", "finish", "Finished"])
        try press("resume")
        XCTAssertTrue(waitUntil(5) { self.cards.count == 4 }, log)
        XCTAssertEqual(timer(name)["paused"] as? Bool, false)

        home.ok("finish", name)
        XCTAssertTrue(waitUntil(5) { !NotifyLog.calls(mentioning: self.marker).isEmpty }, log)
        // The close as the bus saw it, with its moment.
        let withdrawal = { zip(NotifyLog.closedIDs(), NotifyLog.closeCalls()).first { $0.0 == cardID }?.1 }
        XCTAssertTrue(waitUntil(3) { withdrawal() != nil }, "the card is withdrawn: \(log)")
        let popup = try XCTUnwrap(NotifyLog.calls(mentioning: marker).first)
        XCTAssertEqual(popup.urgency, 2, "the finish's popup, not a card")
        let withdrawn = try XCTUnwrap(withdrawal())
        print("live card: withdrawn \(Int((withdrawn - popup.time) * 1000)) ms after the finish's popup went out")
        XCTAssertLessThan(abs(withdrawn - popup.time), 0.2, "the card gives way to the popup within 200 ms")
        XCTAssertEqual(cards.count, 4, "one per change, none more: \(cards.map(\.summary))")
        XCTAssertTrue(cards.dropFirst().allSatisfy { $0.replacesID == cardID }, "always the same card")
        home.ok("dry", name, "--for", "1h")  // the acknowledgement: the dryer starts, with a card of its own
        XCTAssertTrue(waitUntil(5) { self.cards.count == 5 }, log)
        XCTAssertTrue(cards.last?.summary.hasPrefix("🌬️ ") ?? false)
        // The record for the closing note: every call about this pet, and every close, in order.
        let start = first.time
        func described(_ call: NotifyCall) -> String {
            let value = call.value.map(String.init) ?? "-"
            return "Notify replaces_id=\(call.replacesID) urgency=\(call.urgency ?? -1) value=\(value) "
                + "expire=\(call.expireTimeout) \"\(call.summary)\" \"\(call.body)\" \(call.actions)"
        }
        var lines = NotifyLog.calls().filter { $0.summary.contains(marker) || $0.body.contains(marker) }
            .map { ($0.time, described($0)) }
        lines += zip(NotifyLog.closedIDs(), NotifyLog.closeCalls()).filter { $0.1 >= start }
            .map { ($0.1, "CloseNotification id=\($0.0)") }
        print("live card: the calls of one load, from start to acknowledgement (card id \(cardID)):")
        for (time, line) in lines.sorted(by: { $0.0 < $1.0 }) {
            print("  +\(String(format: "%.3f", time - start)) s  \(line)")
        }
    }

    /// What dunst shows, counted by dunst.
    private var displayed: Int? {
        Int(
            home.runProgram("/usr/bin/dunstctl", ["count", "displayed"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    func test_stoppingTheDaemonWithdrawsEveryCard() throws {
        _ = try washingWithItsCard("Stop \(marker)")
        XCTAssertTrue(
            waitUntil(5) { self.displayed == 1 }, "the card on dunst's screen: \(String(describing: displayed))")
        home.ok("daemon", "stop")
        XCTAssertTrue(waitUntil(5) { self.displayed == 0 }, "no card left behind: \(String(describing: displayed))")
    }

    func test_aCardClosedByThePersonStaysClosedForItsLoad() throws {
        let name = try washingWithItsCard("Closed \(marker)")
        home.runProgram("/usr/bin/dunstctl", ["close"])  // the person closes it
        XCTAssertTrue(
            waitUntil(5) { self.logged(["surface": "liveCard", "event": "closedByPerson", "pet": name]) == 1 })
        home.ok("extend", name)
        XCTAssertTrue(waitUntil(3) { (self.timer(name)["remainingSeconds"] as? Double ?? 0) > 2700 })
        // Another pet's wash after the extend: its card comes after anything the extend would have sent.
        let later = "Later \(marker)"
        home.ok("adopt", later)
        home.ok("wash", later, "--for", "45m")
        XCTAssertTrue(waitUntil(5) { NotifyLog.cards(mentioning: later).count == 1 }, log)
        XCTAssertEqual(cards.filter { $0.summary.contains(name) }.count, 1, "not shown again for this load")
    }

    func test_noCardWithLiveCardOff() throws {
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0, "liveCard": false}"#)
        let name = "Off \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "45m")
        XCTAssertTrue(waitUntil(5) { self.logged(["surface": "settings", "liveCard": "false"]) == 1 }, log)
        // daemon.json's next deadline is the load's end once the wash is behind the daemon: no card's minute.
        XCTAssertTrue(waitUntil(5) { (self.home.daemonDeadline?.timeIntervalSinceNow ?? 0) > 1800 }, log)
        XCTAssertEqual(cards.count, 0)
    }
}

/// `laundry doctor` on the desktop: what the server does with the live card, and whose
/// do-not-disturb it reads, and what that says now.
final class DoctorDesktopEndToEndTests: DaemonTestCase {
    private func dunstPaused(_ paused: Bool) {
        home.runProgram("/usr/bin/dunstctl", ["set-paused", paused ? "true" : "false"])
    }

    override func tearDown() {
        dunstPaused(false)
        super.tearDown()
    }

    func test_doctorSaysWhatDunstDoesWithTheCardAndWhetherItIsPaused() throws {
        let doctor = home.run(["doctor"]).stdout
        XCTAssertTrue(doctor.contains("shows each running load's card with a progress bar"), doctor)
        XCTAssertTrue(doctor.contains("do not disturb"), doctor)
        XCTAssertTrue(doctor.contains("read from dunst: off"), doctor)
        dunstPaused(true)
        let paused = home.run(["doctor"]).stdout
        XCTAssertTrue(paused.contains("read from dunst: on (dunst): popups and sound wait for its end"), paused)
        try home.writeConfig(#"{"liveCard": false, "dnd": "ring"}"#)
        let off = home.run(["doctor"]).stdout
        XCTAssertTrue(off.contains(#"off ("liveCard": false or "notifications": false in config.json)"#), off)
        XCTAssertTrue(off.contains(#"on (dunst): laundry rings through it ("dnd": "ring")"#), off)
    }
}
