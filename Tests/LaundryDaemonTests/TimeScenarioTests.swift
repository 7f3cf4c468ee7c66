import Foundation
import LaundryActions
import LaundryCore
import LaundryDaemon
import LaundryRendering
import LaundryTestSupport
import XCTest

/// The daemon against a clock that jumps: many timers, a suspend, a clock set back, DST changes and
/// a pause across midnight. No sleeping: the manual clock moves, and the engine is woken the way
/// the main loop would wake it (the timerfd at each armed deadline, the 30-second tick, the watch).
///
/// Every engine call is recorded with the clock's reading and what it posted, so each scenario can
/// check that every deadline was announced exactly once, at the first engine event at or after it.
final class TimeScenarioTests: EngineTestCase {
    // MARK: Scenarios

    func test_thirtyTimersWokenLikeATimerfdAreEachAnnouncedOnceAtExactlyTheirDeadlineInOrder() throws {
        let seed: UInt64 = 0x7153_CE4A_2026_0001
        var random = SplitMix64(seed: seed)
        var loads: [Load] = []
        for index in 0..<30 {
            let name = "Pet \(index)"
            let id = try adopt(name)
            // Commands typed by hand: a few seconds apart, at odd milliseconds.
            clock.advance(by: Double(random.int(in: 0...3000)) / 1000)
            let minutes = random.int(in: 1...120)
            try perform(.wash(.minutes(minutes)), name)
            let endsAt = try XCTUnwrap(state(name).load?.endsAt)
            XCTAssertEqual(endsAt.timeIntervalSince(clock.now()), Double(minutes * 60), accuracy: 0.001, "seed \(seed)")
            loads.append(Load(id: id, name: name, endsAt: endsAt))
        }
        // One reminder each keeps the file fast; the other scenarios run the default four.
        let config = DaemonConfig.withoutAlarms(nagIntervalMinutes: 15, nagLimit: 1)
        let engine = try makeEngine(config: config)
        record("start") { engine.start() }
        run(engine, until: .distantFuture)

        assertEachLoadAnnouncedOnceOnTime(loads, config: config, context: "seed \(seed)")
        let finishes = announcements(in: "x-laundry.done")
        XCTAssertEqual(
            finishes.map(\.at), loads.map(\.endsAt).sorted(),
            "each at exactly its deadline, in deadline order (seed \(seed))")
        XCTAssertEqual(Set(finishes.map(\.content.petID)), Set(loads.map(\.id)))
        XCTAssertEqual(announcements(in: "x-laundry.reminder").count, 30, "every reminder too, then silence")
        XCTAssertNil(engine.nextDeadline)
        XCTAssertEqual(announcements(in: "x-laundry.warning").count, 0)
    }

    func test_aThreeHourSuspendAnnouncesEveryMissedDeadlineOnceAtResumeSayingHowLate() throws {
        let lengths = [
            ("Ten", 600), ("Forty", 2400), ("TwoHours", 7200), ("HalfAMinuteLate", 3 * 3600 - 30), ("After", 200 * 60),
        ]
        var loads: [Load] = []
        for (name, seconds) in lengths {
            let id = try adopt(name)
            try perform(.wash(try LaundryDuration(seconds: seconds)), name)
            loads.append(Load(id: id, name: name, endsAt: start + Double(seconds)))
        }
        var engine = try makeEngine()
        record("start") { engine.start() }

        clock.advance(by: 3 * 3600)  // asleep: nothing runs until the timerfd fires at resume
        let atResume = record("timerfd at resume") { engine.deadlinesDue() }
        XCTAssertEqual(atResume.map(\.petID), loads.prefix(4).map(\.id), "in deadline order")
        let expected: [Announcement.Reason?] = [
            .finished(.wash, .late(2 * 3600 + 50 * 60)), .finished(.wash, .late(2 * 3600 + 20 * 60)),
            .finished(.wash, .late(3600)), .finished(.wash, .onTime),
        ]
        XCTAssertEqual(atResume.map(\.reason), expected, "under a minute late is on time")

        // Whatever else wakes it at resume says nothing more, and neither does a restart.
        record("clock changed") { engine.clockChanged() }
        record("tick", deadlines: false) { engine.tick() }
        record("watch, events lost") { engine.filesChanged(nil) }
        engine = try makeEngine()
        record("restart") { engine.start() }
        XCTAssertEqual(notifier.shown.count, 4)

        run(engine, until: start + 5 * 3600, ticks: true)
        assertEachLoadAnnouncedOnceOnTime(loads)
        XCTAssertEqual(announcements(in: "x-laundry.done").map(\.content.petID).last, loads.last?.id)
        XCTAssertEqual(announcements(in: "x-laundry.warning").count, 0)
    }

    func test_aClockSetBackAnHourRepeatsNothingFiresNothingEarlyAndKeepsTheAbsoluteDeadlines() throws {
        var loads: [Load] = []
        for (index, name) in ["A", "B", "C", "D", "E"].enumerated() {
            let id = try adopt(name)
            try perform(.wash(.minutes(10 * (index + 1))), name)
            loads.append(Load(id: id, name: name, endsAt: start + Double(600 * (index + 1))))
        }
        let engine = try makeEngine()
        record("start") { engine.start() }
        run(engine, until: start + 25 * 60, ticks: true)
        XCTAssertEqual(announcements(in: "x-laundry.done").map(\.content.summary).count, 2, "A and B ended")
        let before = notifier.shown.count

        clock.set(clock.now() - 3600)
        record("clock set back") { engine.clockChanged() }
        XCTAssertEqual(engine.nextDeadline, start + 30 * 60, "absolute deadlines do not move with the clock")
        // An hour of ticks (and the odd spurious wake) while the clock is behind: silence.
        run(engine, until: start + 25 * 60 - 1, ticks: true)
        record("spurious wake") { engine.deadlinesDue() }
        record("watch, events lost") { engine.filesChanged(nil) }
        XCTAssertEqual(notifier.shown.count, before, "nothing again, nothing early while the clock is behind")

        run(engine, until: start + 3 * 3600, ticks: true)
        assertEachLoadAnnouncedOnceOnTime(loads)
        XCTAssertEqual(Set(announcements(in: "x-laundry.done").map(\.content.petID)).count, 5)
    }

    func test_aTenMinuteTimerStartedFiveMinutesBeforeTheFallBackIsAnnouncedSixHundredSecondsLater() throws {
        // America/New_York leaves summer time at 2026-11-01 06:00 UTC: 02:00 EDT becomes 01:00 EST.
        try assertTenMinuteTimerAcross(transition: Timestamp.parse("2026-11-01T06:00:00Z")!, localJump: -3600)
    }

    func test_aTenMinuteTimerStartedFiveMinutesBeforeTheSpringForwardIsAnnouncedSixHundredSecondsLater() throws {
        // America/New_York enters summer time at 2026-03-08 07:00 UTC: 02:00 EST becomes 03:00 EDT.
        try assertTenMinuteTimerAcross(transition: Timestamp.parse("2026-03-08T07:00:00Z")!, localJump: 3600)
    }

    func test_aTimerPausedAcrossMidnightIsSilentWhilePausedAndAnnouncedOnceAtResumePlusWhatWasLeft() throws {
        let newYork = try XCTUnwrap(TimeZone(identifier: "America/New_York"))
        let washStart = try XCTUnwrap(Timestamp.parse("2026-11-22T04:45:00Z"))
        let pauseAt = washStart + 600
        let resumeAt = try XCTUnwrap(Timestamp.parse("2026-11-22T05:10:00Z"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = newYork
        XCTAssertEqual(
            calendar.dateComponents([.day, .hour, .minute], from: pauseAt),
            DateComponents(day: 21, hour: 23, minute: 55))
        XCTAssertEqual(
            calendar.dateComponents([.day, .hour, .minute], from: resumeAt),
            DateComponents(day: 22, hour: 0, minute: 10))

        clock.set(washStart)
        let socks = try adopt("Socks")
        try perform(.wash(.minutes(15)), "Socks")  // would end at 00:00 local
        let engine = try makeEngine()
        record("start") { engine.start() }
        run(engine, until: pauseAt, ticks: true)
        try perform(.pause, "Socks")
        XCTAssertEqual(try state("Socks").load?.pausedRemaining, 300)

        // The watch has not reported the pause when the timerfd armed for midnight fires.
        run(engine, until: washStart + 900 + 60, ticks: true)
        record("watch: the pause") { engine.filesChanged([socks]) }
        XCTAssertNil(engine.nextDeadline, "a paused timer has no deadline")
        run(engine, until: resumeAt, ticks: true)
        XCTAssertEqual(notifier.shown, [], "nothing while paused, midnight included")

        try perform(.resume, "Socks")
        record("watch: the resume") { engine.filesChanged([socks]) }
        XCTAssertEqual(engine.nextDeadline, resumeAt + 300, "resumed with the five minutes that were left")
        run(engine, until: resumeAt + 3600, ticks: true)

        XCTAssertEqual(try state("Socks").load?.endsAt, resumeAt + 300)
        assertEachLoadAnnouncedOnceOnTime([Load(id: socks, name: "Socks", endsAt: resumeAt + 300)])
        XCTAssertEqual(announcements(in: "x-laundry.done").map(\.at), [resumeAt + 300])
        XCTAssertEqual(announcements(in: "x-laundry.done").first?.content.reason, .finished(.wash, .onTime))
    }

    // MARK: DST

    /// A ten-minute wash started five minutes before New York's clocks jump, and a pet whose health
    /// reaches the 25 % warning just after the jump: its `--last-washed` was read in local time.
    private func assertTenMinuteTimerAcross(
        transition: Date, localJump: Int, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let newYork = try XCTUnwrap(TimeZone(identifier: "America/New_York"))
        XCTAssertEqual(
            newYork.secondsFromGMT(for: transition) - newYork.secondsFromGMT(for: transition - 1), localJump,
            "the premise: local time jumps at this moment", file: file, line: line)
        let begin = transition - 300
        clock.set(begin)
        let socks = try adopt("Socks")
        try perform(.wash(.minutes(10)), "Socks")

        let lastWashed = try DateInputParser(timeZone: newYork).parse("5 days ago", now: begin)
        let crossing = transition + 130  // health reaches 25 % here, between two ticks (+120 s and +150 s)
        let cycleDays = crossing.timeIntervalSince(lastWashed) / 86_400 / 0.745
        let towels = try adopt("Towels", every: cycleDays, lastWashed: lastWashed)

        let engine = try makeEngine()
        record("start") { engine.start() }
        run(engine, until: transition + 20 * 60, ticks: true)

        let endsAt = try XCTUnwrap(state("Socks").load?.endsAt)
        XCTAssertEqual(endsAt.timeIntervalSince(begin), 600, "ten minutes of absolute time", file: file, line: line)
        assertEachLoadAnnouncedOnceOnTime([Load(id: socks, name: "Socks", endsAt: endsAt)], file: file, line: line)
        XCTAssertEqual(announcements(in: "x-laundry.done").map(\.at), [begin + 600], file: file, line: line)

        let warnings = announcements(in: "x-laundry.warning")
        XCTAssertEqual(
            warnings.map(\.content.petID), [towels], "one warning across the repeated or skipped local hour",
            file: file, line: line)
        XCTAssertEqual(
            warnings.first?.at, transition + 150, "at the first tick after health reached 25 %", file: file, line: line)
        XCTAssertEqual(warnings.first?.content.reason, .healthWarning(25), file: file, line: line)
    }

    // MARK: Driving the engine

    /// One engine call: the clock when it returned, what it posted, and whether it could announce a
    /// deadline at all (the health tick only sends warnings).
    private struct Event {
        let label: String
        let at: Date
        let handlesDeadlines: Bool
        let shown: [NotificationContent]
    }

    /// A load that must be announced once when it ends, then reminded about at the configured pace.
    private struct Load {
        let id: UUID
        let name: String
        let endsAt: Date
    }

    private var events: [Event] = []

    @discardableResult
    private func record(_ label: String, deadlines: Bool = true, _ call: () -> Void) -> [NotificationContent] {
        let before = notifier.shown.count
        call()
        let shown = Array(notifier.shown[before...])
        events.append(Event(label: label, at: clock.now(), handlesDeadlines: deadlines, shown: shown))
        return shown
    }

    /// Moves the clock as the kernel would wake the daemon, up to `end`: to each armed deadline in
    /// turn (the timerfd), and with `ticks` every 30 s for the health tick.
    private func run(
        _ engine: DaemonEngine, until end: Date, ticks: Bool = false, file: StaticString = #filePath, line: UInt = #line
    ) {
        var nextTick = ticks ? clock.now() + 30 : nil
        for _ in 0..<100_000 {
            let deadline = engine.nextDeadline
            if let deadline, deadline <= clock.now() {
                return XCTFail(
                    "a deadline at \(Timestamp.format(deadline)) is still armed at \(Timestamp.format(clock.now())): "
                        + "the timerfd would spin",
                    file: file, line: line)
            }
            guard let next = [deadline, nextTick].compactMap({ $0 }).filter({ $0 <= end }).min() else {
                if end < .distantFuture { clock.set(end) }
                return
            }
            clock.set(next)
            if next == deadline {
                // As MainLoop does: the watch was just read and, between the scenario's own
                // filesChanged calls, has nothing to report.
                record("timerfd") { engine.filesChanged([]) }
            } else {
                record("tick", deadlines: false) { engine.tick() }
                nextTick = next + 30
            }
        }
        XCTFail("the engine never ran out of deadlines", file: file, line: line)
    }

    private func announcements(in category: String) -> [(at: Date, content: NotificationContent)] {
        events.flatMap { event in event.shown.filter { $0.category == category }.map { (event.at, $0) } }
    }

    /// Every load announced exactly once, at the first engine event at or after its end (never
    /// before), then reminded about at the first event at or after each reminder's time; nothing
    /// else said about a load, and no finish or reminder about any other pet.
    private func assertEachLoadAnnouncedOnceOnTime(
        _ loads: [Load], config: DaemonConfig = .withoutAlarms(), context: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let aboutLoads: Set<String> = ["x-laundry.done", "x-laundry.reminder"]
        for load in loads {
            var due: Date? = load.endsAt
            var said = 0
            for event in events {
                let mine = event.shown.filter { $0.petID == load.id && aboutLoads.contains($0.category) }
                guard event.handlesDeadlines, let next = due, event.at >= next else {
                    if !mine.isEmpty {
                        XCTFail(
                            "\(load.name): \(mine.map(\.summary)) at \(Timestamp.format(event.at)) (\(event.label)), "
                                + "but nothing was due before \(due.map(Timestamp.format) ?? "never") \(context)",
                            file: file, line: line)
                        // Carry on from what was said, so one early word is reported once.
                        said += mine.count
                        due = said <= config.nagLimit ? event.at + config.nagInterval : nil
                    }
                    continue
                }
                let expected = said == 0 ? "x-laundry.done" : "x-laundry.reminder"
                if mine.map(\.category) != [expected] {
                    XCTFail(
                        "\(load.name): expected one \(expected) at \(Timestamp.format(event.at)) (\(event.label)), "
                            + "the first event at or after \(Timestamp.format(next)); "
                            + "got \(mine.map(\.summary)) \(context)",
                        file: file, line: line)
                }
                if said == 0, let reason = mine.first?.reason {
                    let late = event.at.timeIntervalSince(load.endsAt)
                    let toldLate = if case .finished(_, .late) = reason { true } else { false }
                    XCTAssertEqual(
                        toldLate, late >= 60, "\(load.name), \(late) s late: \(reason) \(context)", file: file,
                        line: line)
                }
                said += 1
                due = said <= config.nagLimit ? event.at + config.nagInterval : nil
            }
            if said == 0 {
                XCTFail(
                    "\(load.name) was never announced; it ended at \(Timestamp.format(load.endsAt)) \(context)",
                    file: file, line: line)
            }
        }
        let ids = Set(loads.map(\.id))
        for event in events {
            for content in event.shown where aboutLoads.contains(content.category) && !ids.contains(content.petID) {
                XCTFail(
                    "unexpected \(content.summary) at \(Timestamp.format(event.at)) \(context)", file: file, line: line)
            }
        }
    }
}
