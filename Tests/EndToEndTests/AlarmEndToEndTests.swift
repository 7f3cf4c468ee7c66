import Foundation
import LaundryTestSupport
import XCTest

/// The alarm for real: the daemon against dunst on a private bus, playing through GSound into
/// PulseAudio's null sink, recorded and measured.
final class AlarmEndToEndTests: DaemonTestCase {
    override func setUpWithError() throws {
        try XCTSkipUnless(Speakers.monitor != nil, "needs PulseAudio with a null sink: run through `make test`")
        try super.setUpWithError()
        home.runProgram("/usr/bin/dunstctl", ["close-all"])
        home.logsJSON()
    }

    /// When the daemon logged the events that have every one of `fields`.
    private func logTimes(_ fields: [String: String]) -> [Date] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return home.daemonEvents(fields).compactMap { $0["time"].flatMap(formatter.date(from:)) }
    }

    /// The events of the alarm for the test's pet that have every one of `fields`.
    private func alarm(_ fields: [String: String]) -> [[String: String]] {
        home.daemonEvents(fields.merging(["surface": "alarm", "pet": "Alarm \(marker)"]) { $1 })
    }

    /// A pet whose 1-second wash starts now, with the daemon running on `config`.
    private func washOneSecond(_ name: String, config: String) throws {
        try home.writeConfig(config)
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "1s")
    }

    /// Records a finished load's alarm, acknowledges it during its second ring with `acknowledge`,
    /// and returns how long after that the speakers fell silent.
    private func silenceAfter(
        _ acknowledge: (String) throws -> Void, file: StaticString = #filePath, line: UInt = #line
    )
        throws -> (silence: Double, acknowledged: Date)
    {
        let name = "Alarm \(marker)"
        let speakers = try Speakers(folder: home.path)
        try washOneSecond(name, config: #"{"alarmRepeatSeconds": 2, "alarmMinutes": 1, "headsUpMinutes": 0}"#)
        XCTAssertTrue(
            waitUntil(8) { self.logTimes(["surface": "alarm", "rings": "again"]).count >= 1 }, log, file: file,
            line: line)
        // Real time: into the second ring, while its sound plays.
        Thread.sleep(forTimeInterval: 0.3)
        let acknowledged = Date()
        try acknowledge(name)
        // Real time: the speakers are recorded past the next ring, which must not sound.
        Thread.sleep(forTimeInterval: 3.5)
        speakers.stop()
        let finished = try XCTUnwrap(
            logTimes(["surface": "popup", "event": "washDone", "level": "info"]).first, log, file: file, line: line)
        let onsets = speakers.onsets
        XCTAssertGreaterThanOrEqual(onsets.count, 2, "the finish and one repeat were heard", file: file, line: line)
        // The recording's first sound is the finish: that lines the recording up with the clock.
        let offset = try XCTUnwrap(onsets.first) - finished.timeIntervalSince1970
        let ackInRecording = acknowledged.timeIntervalSince1970 + offset
        XCTAssertEqual(
            onsets[1] - onsets[0], 2, accuracy: 0.3, "rung again after alarmRepeatSeconds: \(onsets)", file: file,
            line: line)
        XCTAssertGreaterThan(
            speakers.maximumAmplitude(from: 0, seconds: ackInRecording), 0.1, "audible before", file: file, line: line)
        XCTAssertLessThan(
            speakers.maximumAmplitude(from: ackInRecording + 1), 0.001, "silent from a second after", file: file,
            line: line)
        XCTAssertLessThan(
            ackInRecording - onsets[1], 1.0, "acknowledged while the second ring was playing", file: file, line: line)
        let silence = max(0, (speakers.lastSound ?? 0) - ackInRecording)
        let before = speakers.maximumAmplitude(from: 0, seconds: ackInRecording)
        let after = speakers.maximumAmplitude(from: ackInRecording + 1)
        print("alarm: amplitude before \(before), after \(after); silent \(Int(silence * 1000)) ms after acknowledging")
        return (silence, acknowledged)
    }

    func test_aCommandInTheTerminalSilencesTheAlarmAndWithdrawsThePopup() throws {
        let (silence, acknowledged) = try silenceAfter { name in
            self.home.ok("dry", name)
        }
        XCTAssertLessThan(silence, 1)
        XCTAssertEqual(alarm(["stoppedBy": "petChanged"]).count, 1, log)
        XCTAssertEqual(
            home.daemonEvents(["surface": "popup", "pet": "Alarm \(marker)", "withdrawn": "true"]).count, 1, log)
        let closes = NotifyLog.closeCalls().map { $0 - acknowledged.timeIntervalSince1970 }.filter { $0 >= 0 }
        XCTAssertEqual(closes.count, 1, "CloseNotification, once")
        XCTAssertLessThan(closes.first ?? 99, 1, "within a second")
        // What is left on screen is the dryer's live card, nothing of the finish.
        XCTAssertEqual(home.runProgram("/usr/bin/dunstctl", ["count", "displayed"]).stdout.trimmed, "1")
        XCTAssertTrue(NotifyLog.cards(mentioning: marker).last?.summary.hasPrefix("🌬️") ?? false)
    }

    func test_aButtonSilencesTheAlarm() throws {
        let pick = try XCTUnwrap(ProcessInfo.processInfo.environment["LAUNDRY_DUNST_PICK"])
        let (silence, _) = try silenceAfter { _ in
            try ",dry]".write(toFile: pick, atomically: true, encoding: .utf8)
            self.home.runProgram("/usr/bin/dunstctl", ["context"])
        }
        XCTAssertLessThan(silence, 1)
        XCTAssertEqual(home.pet("Alarm \(marker)")["stage"] as? String, "drying")
    }

    func test_clickingThePopupSilencesTheAlarmAndChangesNothing() throws {
        let (silence, _) = try silenceAfter { _ in
            // dunst invokes the `default` action: a click on the popup's body.
            self.home.runProgram("/usr/bin/dunstctl", ["action", "0"])
        }
        XCTAssertLessThan(silence, 1)
        XCTAssertEqual(alarm(["stoppedBy": "button", "button": "default"]).count, 1, log)
        XCTAssertEqual(home.pet("Alarm \(marker)")["stage"] as? String, "washed")
    }

    func test_dismissingThePopupSilencesTheAlarm() throws {
        let (silence, _) = try silenceAfter { _ in
            self.home.runProgram("/usr/bin/dunstctl", ["close"])
        }
        XCTAssertLessThan(silence, 1)
        XCTAssertEqual(alarm(["stoppedBy": "dismissed"]).count, 1, log)
    }

    private func assertSilentFinish(config: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let name = "Hush \(marker)"
        let speakers = try Speakers(folder: home.path)
        try washOneSecond(name, config: config)
        XCTAssertTrue(waitUntil(6) { !NotifyLog.calls(mentioning: marker).isEmpty }, log, file: file, line: line)
        // Real time: the speakers are recorded past two rings' times (alarmRepeatSeconds 1); the
        // recording's length is checked below, so the silence is of a time that really passed.
        Thread.sleep(forTimeInterval: 2.5)
        speakers.stop()
        XCTAssertGreaterThan(speakers.duration, 1, "something was recorded", file: file, line: line)
        XCTAssertLessThan(speakers.maximumAmplitude(), 0.001, file: file, line: line)
        XCTAssertEqual(
            NotifyLog.calls(mentioning: marker).first?.urgency, 1, "shown, at normal urgency", file: file, line: line)
    }

    func test_silentInQuietHours() throws {
        try assertSilentFinish(
            config: #"{"alarmRepeatSeconds": 1, "quietHours": {"from": "00:00", "to": "23:59"}}"#)
        XCTAssertEqual(home.daemonEvents(["surface": "popup", "event": "washDone", "sound": "off"]).count, 1, log)
    }

    func test_silentWithSoundOff() throws {
        let name = "Hush \(marker)"
        let speakers = try Speakers(folder: home.path)
        try washOneSecond(name, config: #"{"sound": false, "alarmRepeatSeconds": 1}"#)
        XCTAssertTrue(waitUntil(6) { !NotifyLog.calls(mentioning: marker).isEmpty }, log)
        // Real time: the speakers are recorded past two rings' times (alarmRepeatSeconds 1).
        Thread.sleep(forTimeInterval: 2.5)
        speakers.stop()
        XCTAssertLessThan(speakers.maximumAmplitude(), 0.001)
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).first?.urgency, 2, "critical, as always")
    }

    func test_notifyTestPlaysTheSound() throws {

        let speakers = try Speakers(folder: home.path)
        let result = home.ok("notify-test", "--sound")
        // Real time: the recorder's buffer reaches its file a moment after the sound played.
        Thread.sleep(forTimeInterval: 0.5)
        speakers.stop()
        XCTAssertTrue(result.stdout.contains("Played the alarm sound."), result.stdout)
        XCTAssertGreaterThan(speakers.maximumAmplitude(), 0.1)
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
