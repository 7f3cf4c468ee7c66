import Foundation
import LaundryTestSupport
import XCTest

/// A washer that reports itself through Home Assistant (scripts/fake-home-assistant.py, in the shapes Home Connect
/// and Matter give in Home Assistant 2025.4) sets the real daemon's load: its start, its end, its pauses, its finish,
/// its door; Home Assistant gone or talking nonsense leaves laundry on its own timer, never in a wrong stage.
final class MachineEndToEndTests: DaemonTestCase {
    private var ha: FakeHomeAssistant!
    private var pet: String { "Socks \(marker)" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        home.logsJSON()
    }

    override func tearDown() {
        super.tearDown()
        ha = nil
    }

    // MARK: - The washer's entities, as Home Connect (2025.4) and Matter name and shape them

    private static let operationStates = [
        "inactive", "ready", "delayedstart", "run", "pause", "actionrequired", "finished", "error", "aborting",
    ]

    private func operation(_ state: String) -> FakeHomeAssistant.Entity {
        .init(
            id: "sensor.washer_operation_state", state: state,
            attributes: ["device_class": "enum", "options": Self.operationStates])
    }

    private func finishTime(_ state: String, deviceClass: String = "timestamp") -> FakeHomeAssistant.Entity {
        .init(id: "sensor.washer_program_finish_time", state: state, attributes: ["device_class": deviceClass])
    }

    private func finishTime(_ moment: Date) -> FakeHomeAssistant.Entity { finishTime(Self.timestamp(moment)) }

    private func door(_ state: String) -> FakeHomeAssistant.Entity {
        .init(
            id: "sensor.washer_door", state: state,
            attributes: ["device_class": "enum", "options": ["closed", "locked", "open"]])
    }

    private func matterState(_ state: String) -> FakeHomeAssistant.Entity {
        .init(
            id: "sensor.washer_operational_state", state: state,
            attributes: ["device_class": "enum", "options": ["stopped", "running", "paused", "error"]])
    }

    /// A timestamp sensor's state: UTC to the second, `+00:00` as Home Assistant writes it.
    private static func timestamp(_ moment: Date) -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime]
        return format.string(from: moment).replacingOccurrences(of: "Z", with: "+00:00")
    }

    /// Now plus `seconds`, to the second (a timestamp sensor has no fractions).
    private static func whole(_ seconds: TimeInterval) -> Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + seconds).rounded())
    }

    private static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = format.date(from: text) { return date }
        format.formatOptions = [.withInternetDateTime]
        return format.date(from: text)
    }

    // MARK: - The daemon and the fake Home Assistant

    /// The fake Home Assistant with `entities`, the daemon following its washer (`preset`), connected.
    private func start(
        preset: String = "homeConnect", _ entities: [FakeHomeAssistant.Entity], options: [String] = [],
        connected: Bool = true, alsoDries: Bool = false
    ) throws {
        ha = try FakeHomeAssistant(["--version", "2025.4.4"] + options, entities: entities, folder: home.path)
        let token = home.path + "/ha-token"
        try "test-token\n".write(toFile: token, atomically: true, encoding: .utf8)
        chmod(token, 0o600)
        try home.writeConfig(
            #"{"sound": false, "headsUpMinutes": 0, "# + ha.settings(tokenFile: token)
                + #", "appliances": {"washer": {"homeAssistant": {"preset": "\#(preset)", "device": "washer", "#
                + #""alsoDries": \#(alsoDries)}}}}"#)
        home.ok("adopt", pet)
        home.ok("daemon", "start")
        guard connected else { return }
        XCTAssertTrue(waitUntil(8) { self.logged(["surface": "homeAssistant", "event": "connected"]) == 1 }, log)
    }

    /// A Home Connect washer, ready, its door closed.
    private func startReadyWasher() throws {
        try start([operation("ready"), finishTime("unavailable"), door("closed")])
    }

    private var timer: [String: Any]? { home.pet(pet)["timer"] as? [String: Any] }
    private var endsAt: Date? { Self.date(timer?["endsAt"] as? String) }
    private var stage: String? { home.pet(pet)["stage"] as? String }

    /// The load's end in `status --json` is `end` (to the second: the machine's own is whole seconds).
    private func endsAt(_ end: Date, within seconds: TimeInterval = 5) -> Bool {
        waitUntil(seconds) { self.endsAt.map { abs($0.timeIntervalSince(end)) < 1 } ?? false }
    }

    /// daemon.json's word on Home Assistant, and on the washer.
    private var homeAssistant: [String: Any] { home.daemonStatus["homeAssistant"] as? [String: Any] ?? [:] }
    private var washer: [String: Any] {
        (homeAssistant["machines"] as? [[String: Any]])?.first { $0["appliance"] as? String == "washer" } ?? [:]
    }

    private func history(_ event: String) -> [[String: Any]] {
        ((home.json("history", pet) as? [[String: Any]]) ?? []).filter { $0["event"] as? String == event }
    }

    private func washerSays(_ event: String, _ more: [String: String] = [:]) -> Int {
        logged(["surface": "appliance", "appliance": "washer", "event": event].merging(more) { $1 })
    }

    /// `laundry wash` (its own default length), then the washer starts: the load follows the washer's `end`.
    private func washFollowingTheWasher(until end: Date) throws {
        home.ok("wash", pet)
        XCTAssertEqual(stage, "washing")
        ha.set(finishTime(end))
        ha.set(operation("run"))
        XCTAssertTrue(endsAt(end), "the washer's end, not the pet's own: \(timer ?? [:]) \(log)")
    }

    // MARK: - The machine sets the load

    func test_aWasherStartingWhileThePetIsIdleAsksWhoseLoadAndThePickedWashEndsWithTheWasher() throws {
        try startReadyWasher()
        let id = try XCTUnwrap(home.pet(pet)["id"] as? String)
        home.runProgram("/usr/bin/dunstctl", ["close-all"])
        let started = Date().timeIntervalSince1970
        let end = Self.whole(97 * 60)
        ha.set(finishTime(end))
        ha.set(operation("run"))
        let asked = {
            NotifyLog.calls().last {
                $0.time >= started && $0.category == "x-laundry.appliance" && $0.actions.contains("load:\(id)")
            }
        }
        XCTAssertTrue(waitUntil(5) { asked() != nil }, log)
        XCTAssertEqual(washerSays("started", ["through": "homeAssistant"]), 1, log)
        XCTAssertEqual(stage, "idle", "nothing starts before someone says whose load it is")
        // Pressed as dunst's menu presses it.
        let pick = try XCTUnwrap(ProcessInfo.processInfo.environment["LAUNDRY_DUNST_PICK"])
        try ",load:\(id)]".write(toFile: pick, atomically: true, encoding: .utf8)
        home.runProgram("/usr/bin/dunstctl", ["context"])
        XCTAssertTrue(waitUntil(5) { self.stage == "washing" }, log)
        XCTAssertTrue(endsAt(end), "the washer's end, not the pet's 45 minutes: \(timer ?? [:]) \(log)")
        XCTAssertEqual(washer["activity"] as? String, "running", "\(homeAssistant)")
    }

    func test_aWashStartedInTheTerminalWhileTheWasherRunsEndsWithTheWasherAndAnswersWhoseLoad() throws {
        home.runProgram("/usr/bin/dunstctl", ["close-all"])
        let end = Self.whole(71 * 60)
        try start([operation("run"), finishTime(Self.timestamp(end)), door("locked")])
        XCTAssertTrue(
            waitUntil(5) { self.logged(["surface": "popup", "event": "whoseLoad", "shown": "true"]) == 1 }, log)
        let washed = Date().timeIntervalSince1970
        home.ok("wash", pet)
        XCTAssertTrue(endsAt(end), "the washer's end, not the pet's 45 minutes: \(timer ?? [:]) \(log)")
        XCTAssertEqual(washerSays("end", ["pet": pet]), 1, log)
        // The question on screen is answered: withdrawn, its buttons no more (one would start a second load).
        XCTAssertTrue(waitUntil(5) { NotifyLog.closeCalls().contains { $0 >= washed } }, "CloseNotification: \(log)")
    }

    func test_aChangedEndReachesStatusWithinFiveSecondsAndAPauseAndResumeFollowTheWasher() throws {
        try startReadyWasher()
        let end = Self.whole(60 * 60)
        try washFollowingTheWasher(until: end)
        // A rinse added: 12 minutes more.
        let later = end.addingTimeInterval(12 * 60)
        let changed = Date()
        ha.set(finishTime(later))
        XCTAssertTrue(endsAt(later), "\(timer ?? [:]) \(log)")
        let latency = Date().timeIntervalSince(changed)
        print("machine: a changed end reached `status --json` in \(Int(latency * 1000)) ms")
        XCTAssertLessThanOrEqual(latency, 5)
        ha.set(operation("pause"))
        XCTAssertTrue(waitUntil(5) { self.timer?["paused"] as? Bool == true }, log)
        XCTAssertEqual(history("paused").count, 1)
        // Paused, the programme's end moved on; it runs again with that end.
        let resumedEnd = later.addingTimeInterval(5 * 60)
        ha.set(finishTime(resumedEnd))
        ha.set(operation("run"))
        XCTAssertTrue(waitUntil(5) { self.timer?["paused"] as? Bool == false }, log)
        XCTAssertTrue(endsAt(resumedEnd), "\(timer ?? [:]) \(log)")
        XCTAssertEqual(history("resumed").count, 1)
        XCTAssertEqual(stage, "washing")
    }

    func test_theWasherFinishingEndsTheWashNowAnnouncedAsAFinishStoppedByTheWasher() throws {
        try startReadyWasher()
        try washFollowingTheWasher(until: Self.whole(40 * 60))
        let finished = Date()
        ha.set(finishTime(Self.whole(0)))
        ha.set(operation("finished"))
        XCTAssertTrue(waitUntil(5) { self.stage == "washed" }, log)
        let done = try XCTUnwrap(history("washDone").first, log)
        XCTAssertEqual(done["stoppedBy"] as? String, "washer")
        let at = try XCTUnwrap(Self.date(done["at"] as? String))
        XCTAssertLessThan(abs(at.timeIntervalSince(finished)), 5, "ended now, not at its planned end")
        XCTAssertTrue(
            waitUntil(5) { NotifyLog.calls(mentioning: self.marker).contains { $0.category == "x-laundry.done" } }, log)
        let announced = ["pet": pet, "event": "washDone", "stoppedBy": "washer", "shown": "true"]
        XCTAssertTrue(waitUntil(5) { self.logged(announced) == 1 }, log)
        XCTAssertEqual(washerSays("finished", ["pet": pet]), 1, log)
    }

    // MARK: - The door ends the nagging

    func test_theDoorOpeningWhileTheWasherRunsChangesNothingAndAfterTheFinishUnloadsAndWithdrawsThePopup() throws {
        try startReadyWasher()
        let end = Self.whole(50 * 60)
        try washFollowingTheWasher(until: end)
        ha.set(door("open"))
        XCTAssertTrue(waitUntil(5) { self.washerSays("doorOpened", ["load": "none"]) == 1 }, log)
        XCTAssertEqual(stage, "washing")
        XCTAssertTrue(endsAt(end, within: 0))
        ha.set(door("closed"))
        ha.set(door("locked"))
        ha.set(finishTime(Self.whole(0)))
        ha.set(operation("finished"))
        let announced = ["pet": pet, "event": "washDone", "stoppedBy": "washer", "shown": "true"]
        XCTAssertTrue(waitUntil(5) { self.logged(announced) == 1 }, log)
        XCTAssertTrue(history("unloaded").isEmpty, "a door that opened while it ran counts for nothing")
        let opened = Date().timeIntervalSince1970
        ha.set(door("open"))
        XCTAssertTrue(waitUntil(5) { !self.history("unloaded").isEmpty }, log)
        XCTAssertEqual(history("unloaded").first?["appliance"] as? String, "washer", "the washer's door did it")
        XCTAssertTrue(
            waitUntil(5) { self.logged(["surface": "popup", "pet": self.pet, "withdrawn": "true"]) == 1 }, log)
        XCTAssertTrue(waitUntil(5) { NotifyLog.closeCalls().contains { $0 >= opened } }, "CloseNotification: \(log)")
        XCTAssertEqual(washerSays("doorOpened", ["pet": pet]), 1, log)
    }

    // MARK: - The edges

    func test_aWasherStillRunningPastItsEndKeepsTheLoadRunningWithItsEndAMinuteAhead() throws {
        try startReadyWasher()
        // laundry's own timer would end it in two seconds.
        home.ok("wash", pet, "--for", "2s")
        ha.set(finishTime(Self.whole(-30)))
        ha.set(operation("run"))
        XCTAssertTrue(waitUntil(5) { self.washerSays("end", ["pet": self.pet]) == 1 }, log)
        // Past laundry's own two seconds, and past the half minute after which the end a minute ahead is renewed:
        // still washing, its end never in the past, renewed to a minute ahead.
        var ahead: [TimeInterval] = []
        let renewed = waitUntil(40, every: 0.5) {
            let pet = self.home.pet(self.pet)
            XCTAssertEqual(pet["stage"] as? String, "washing", self.log)
            let end = Self.date((pet["timer"] as? [String: Any])?["endsAt"] as? String)
            ahead.append(end?.timeIntervalSinceNow ?? -1)
            return self.washerSays("stillRuns", ["pet": self.pet]) == 1
        }
        XCTAssertTrue(renewed, log)
        XCTAssertGreaterThan(ahead.min() ?? 0, 25, "never in the past: \(ahead)")
        XCTAssertLessThanOrEqual(ahead.max() ?? 99, 61, "\(ahead)")
        let end = try XCTUnwrap(endsAt)
        XCTAssertGreaterThan(end.timeIntervalSinceNow, 55, "a minute ahead again")
        XCTAssertTrue(history("washDone").isEmpty, log)
    }

    func test_aFinishReportedWhileTheEndIsAnHourOffIsIgnored() throws {
        try startReadyWasher()
        let end = Self.whole(60 * 60)
        try washFollowingTheWasher(until: end)
        ha.set(operation("finished"))
        XCTAssertTrue(waitUntil(5) { self.washerSays("finishIgnored") == 1 }, log)
        XCTAssertEqual(stage, "washing")
        XCTAssertTrue(endsAt(end, within: 0), "\(timer ?? [:])")
        XCTAssertTrue(history("washDone").isEmpty, log)
        // It runs on, then finishes for real: that finish is believed.
        ha.set(operation("run"))
        ha.set(finishTime(Self.whole(0)))
        ha.set(operation("finished"))
        XCTAssertTrue(waitUntil(5) { self.stage == "washed" }, log)
        XCTAssertEqual(history("washDone").first?["stoppedBy"] as? String, "washer")
        XCTAssertEqual(washerSays("finishIgnored"), 1, log)
    }

    func test_aMatterWasherStoppingAfterRunningFinishesTheWash() throws {
        try start(preset: "matter", [matterState("stopped")])
        home.ok("wash", pet)
        ha.set(matterState("running"))
        XCTAssertTrue(waitUntil(5) { self.washer["activity"] as? String == "running" }, "\(homeAssistant)")
        XCTAssertEqual(stage, "washing")
        ha.set(matterState("stopped"))
        XCTAssertTrue(waitUntil(5) { self.stage == "washed" }, log)
        XCTAssertEqual(history("washDone").first?["stoppedBy"] as? String, "washer")
        XCTAssertEqual(washerSays("finished", ["pet": pet]), 1, log)
    }

    /// A washer-dryer is one machine with two stages: the same entities end the wash, then the dryer.
    func test_aWasherDryerFollowsTheWashAndThenTheDryerWithTheSameEntities() throws {
        try start([operation("ready"), finishTime("unavailable"), door("closed")], alsoDries: true)
        try washFollowingTheWasher(until: Self.whole(50 * 60))
        ha.set(finishTime(Self.whole(0)))
        ha.set(operation("finished"))
        XCTAssertTrue(waitUntil(5) { self.stage == "washed" }, log)
        home.ok("dry", pet)
        let dryEnd = Self.whole(80 * 60)
        ha.set(finishTime(dryEnd))
        ha.set(operation("run"))
        XCTAssertTrue(endsAt(dryEnd), "the dryer stage follows the same machine: \(timer ?? [:]) \(log)")
        XCTAssertEqual(timer?["kind"] as? String, "dry")
        XCTAssertEqual(
            logged(["surface": "popup", "event": "whoseLoad"]), 0, "the machine's start on the dryer load asks nothing")
        ha.set(finishTime(Self.whole(0)))
        ha.set(operation("finished"))
        XCTAssertTrue(waitUntil(5) { self.stage == "dried" }, log)
        XCTAssertEqual(history("dryDone").first?["stoppedBy"] as? String, "dryer")
    }

    /// A machine that meters itself (Matter's and SmartThings' energy sensor, kWh in all): a run's growth is its
    /// stage's energy, which the plan prices, naming the dryer as the stage with no figure.
    func test_aMachinesOwnEnergyMeterMeasuresTheWashAndThePlanPricesIt() throws {
        func meter(_ kWh: String) -> FakeHomeAssistant.Entity {
            .init(
                id: "sensor.washer_energy", state: kWh,
                attributes: ["device_class": "energy", "unit_of_measurement": "kWh", "state_class": "total_increasing"])
        }
        try start(preset: "matter", [matterState("stopped"), meter("12.40")])
        home.ok("wash", pet)
        ha.set(matterState("running"))
        XCTAssertTrue(waitUntil(5) { self.washer["activity"] as? String == "running" }, "\(homeAssistant)")
        ha.set(meter("12.91"))
        ha.set(meter("13.25"))
        ha.set(matterState("stopped"))
        XCTAssertTrue(waitUntil(5) { !self.history("energyMeasured").isEmpty }, log)
        let measured = try XCTUnwrap(history("energyMeasured").first)
        XCTAssertEqual(measured["appliance"] as? String, "washer")
        XCTAssertEqual(try XCTUnwrap(measured["wattHours"] as? Double), 850, accuracy: 0.001)
        // Half a day ahead (UTC, as the home runs), whatever the hour: a fixed 07:00 left no room from 05:15 on.
        let ahead = (Int(Date().timeIntervalSince1970) + 12 * 3600) % 86_400
        let finishBy = String(format: "%02d:%02d", ahead / 3600, ahead / 60 % 60)
        let plan = try XCTUnwrap(home.json("plan", pet, "--finish-by", finishBy) as? [String: Any])
        XCTAssertEqual(try XCTUnwrap(plan["washEnergyWh"] as? Double), 850, accuracy: 0.001)
        XCTAssertEqual(plan["unmeasured"] as? [String], ["dry"])
    }

    // MARK: - Home Assistant gone

    func test_anUnavailableEntityOrHomeAssistantGoneFallsBackToLaundrysTimerAndTheWasherIsFollowedAgain() throws {
        try startReadyWasher()
        let end = Self.whole(50 * 60)
        try washFollowingTheWasher(until: end)
        ha.set(operation("unavailable"))
        XCTAssertTrue(waitUntil(5) { self.washer["activity"] as? String == "unknown" }, "\(homeAssistant)")
        XCTAssertEqual(washerSays("nothing", ["pet": pet]), 1, log)
        XCTAssertEqual(stage, "washing")
        XCTAssertTrue(endsAt(end, within: 0), "its last end stands: \(timer ?? [:])")
        ha.set(operation("run"))
        XCTAssertTrue(waitUntil(5) { self.washer["activity"] as? String == "running" }, "\(homeAssistant)")
        // Home Assistant restarts.
        let closed = Date()
        ha.send(["close": 1001, "reason": "restart"])
        XCTAssertTrue(waitUntil(5) { self.homeAssistant["state"] as? String == "down" }, "\(homeAssistant)")
        let problem = homeAssistant["problem"] as? [String: Any]
        XCTAssertEqual((problem?["closed"] as? [String: Any])?["code"] as? Int, 1001, "\(homeAssistant)")
        XCTAssertEqual(washer["activity"] as? String, "unknown", "laundry's own timer: \(homeAssistant)")
        XCTAssertEqual(stage, "washing")
        XCTAssertTrue(waitUntil(30) { self.ha.count("subscribe") == 2 }, "\(ha.seen)")
        let back = Date().timeIntervalSince(closed)
        print("machine: Home Assistant closed → subscribed again in \(Int(back * 1000)) ms")
        XCTAssertEqual(ha.count("connected"), 2)
        XCTAssertLessThan(back, 5, "the first retry comes after a second")
        XCTAssertTrue(waitUntil(5) { self.homeAssistant["state"] as? String == "connected" }, "\(homeAssistant)")
        XCTAssertTrue(waitUntil(5) { self.washer["activity"] as? String == "running" }, "\(homeAssistant)")
        // Followed again: a new end reaches the load.
        let later = end.addingTimeInterval(10 * 60)
        ha.set(finishTime(later))
        XCTAssertTrue(endsAt(later), "\(timer ?? [:]) \(log)")
    }

    // MARK: - Bad input

    func test_hostileFramesAndUnreadableEntitiesAreLoggedOnceAndChangeNothing() throws {
        try startReadyWasher()
        let end = Self.whole(45 * 60)
        try washFollowingTheWasher(until: end)
        // An entity event whose state is a number, not a string.
        let misshapen =
            #"{"id": 1, "type": "event", "event": {"c": {"sensor.washer_operation_state": {"+": {"s": 5}}}}}"#
        let hostile: [[String: Any]] = [
            ["text": "not json {"], ["text": String(repeating: "x", count: 5 * 1024 * 1024)], ["hex": "ff00fe80c0"],
            ["text": misshapen],
        ]
        for _ in 0..<2 { for frame in hostile { ha.send(frame) } }
        // Unreadable entities, each twice.
        for _ in 0..<2 {
            ha.set(finishTime(Self.timestamp(end.addingTimeInterval(600)), deviceClass: "duration"))
            ha.set(finishTime("soon"))
        }
        // Then a good end, read once everything before it was: the connection was kept.
        let later = end.addingTimeInterval(20 * 60)
        ha.set(finishTime(later))
        XCTAssertTrue(endsAt(later, within: 10), "\(timer ?? [:]) \(log)")
        for problem in ["notJSON", "tooLarge", "notUTF8", "badEntityEvent"] {
            let fact = ["surface": "homeAssistant", "event": "badMessage", "problem": problem]
            XCTAssertEqual(logged(fact), 1, "\(problem): \(log)")
        }
        let entity = "sensor.washer_program_finish_time"
        XCTAssertEqual(washerSays("unreadable", ["entity": entity, "problem": "wrongDeviceClass"]), 1, log)
        XCTAssertEqual(washerSays("unreadable", ["entity": entity, "problem": "notATime"]), 1, log)
        XCTAssertEqual(ha.count("connected"), 1, "the connection kept: \(ha.seen)")
        XCTAssertEqual(ha.count("closed"), 0, "\(ha.seen)")
        XCTAssertEqual(stage, "washing")
        XCTAssertTrue(history("washDone").isEmpty, log)
        XCTAssertNotNil(home.daemonPID)
    }

    func test_aRefusedTokenIsSaidInDaemonStatusAndNothingCrashes() throws {
        try start(
            [operation("run"), finishTime(Self.whole(30 * 60))], options: ["--token", "other"], connected: false)
        let refused = ["surface": "homeAssistant", "event": "down", "problem": "tokenRefused"]
        XCTAssertTrue(waitUntil(5) { self.logged(refused) == 1 }, log)
        XCTAssertTrue(waitUntil(5) { self.homeAssistant["state"] as? String == "down" }, "\(homeAssistant)")
        XCTAssertNotNil((homeAssistant["problem"] as? [String: Any])?["tokenRefused"], "\(homeAssistant)")
        XCTAssertEqual(washer["activity"] as? String, "unknown", "laundry's own timer: \(homeAssistant)")
        // The refused token is not sent again (each try is a failed login in Home Assistant's log, and may get this
        // machine banned): the tries after a second and two find it unchanged in the file.
        let firstRetry = homeAssistant["retryAt"] as? String
        XCTAssertTrue(
            waitUntil(5) { (self.homeAssistant["retryAt"] as? String).map { $0 != firstRetry } ?? false },
            "tried again: \(homeAssistant)")
        XCTAssertNotNil((homeAssistant["problem"] as? [String: Any])?["tokenRefused"], "\(homeAssistant)")
        XCTAssertEqual(ha.count("auth"), 1, "\(ha.seen)")
        // A new token in the file is tried (and refused too): one line in the log still.
        try "another-token\n".write(toFile: home.path + "/ha-token", atomically: true, encoding: .utf8)
        chmod(home.path + "/ha-token", 0o600)
        XCTAssertTrue(waitUntil(10) { self.ha.count("auth") == 2 }, "\(ha.seen)")
        XCTAssertTrue(
            ha.seen.filter { $0["event"] as? String == "auth" }.allSatisfy { $0["accepted"] as? Bool == false })
        XCTAssertEqual(logged(refused), 1, log)
        XCTAssertEqual(stage, "idle")
        XCTAssertNotNil(home.daemonPID)
        XCTAssertEqual(home.run(["daemon", "status"]).status, 0)
        let doctor = home.run(["doctor"]).status
        XCTAssertTrue(doctor == 0 || doctor == 1, "doctor ends as it should, not by a signal: \(doctor)")
    }
}
