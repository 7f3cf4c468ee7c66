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
            waitUntil(15) { self.logTimes(["surface": "alarm", "rings": "again"]).count >= 1 }, log, file: file,
            line: line)
        // Acknowledged while the second ring plays: once its start is in the recording (under load the
        // recording lags the speakers, so the ring is looked for there, not by the clock).
        XCTAssertTrue(
            waitUntil(20, every: 0.02) { speakers.onsetsSoFar.count >= 2 }, "the second ring", file: file, line: line)
        let acknowledged = Date()
        // Where the recording was at the acknowledgement: positions below are the recording's own.
        let ackInRecording = speakers.recordedSeconds
        try acknowledge(name)
        XCTAssertTrue(
            waitUntil(15) {
                self.home.daemonEvents(["surface": "alarm", "pet": name]).contains { $0["stoppedBy"] != nil }
            },
            log, file: file, line: line)
        // The next ring was due 2 s after the second: the recording goes on past it and its sound.
        XCTAssertTrue(
            waitUntil(20) { speakers.recordedSeconds > ackInRecording + 3.5 }, "recorded", file: file, line: line)
        speakers.stop()
        let onsets = speakers.onsets
        let second = try XCTUnwrap(
            onsets.dropFirst().first, "the finish and one repeat were heard: \(onsets)", file: file, line: line)
        // The bell's cadence is the daemon's (EngineAlarmTests decides it on the manual clock): its ring came
        // alarmRepeatSeconds after the finish, or later on a stalled machine, never sooner.
        let finished = try XCTUnwrap(
            logTimes(["surface": "popup", "event": "washDone", "level": "info"]).first, log, file: file, line: line)
        let rang = try XCTUnwrap(logTimes(["surface": "alarm", "rings": "again"]).first, log, file: file, line: line)
        XCTAssertGreaterThanOrEqual(
            rang.timeIntervalSince(finished), 1.9, "rung again after alarmRepeatSeconds", file: file, line: line)
        XCTAssertGreaterThan(
            speakers.maximumAmplitude(from: 0, seconds: ackInRecording), 0.1, "audible before", file: file, line: line)
        XCTAssertLessThan(
            speakers.maximumAmplitude(from: ackInRecording + 1), 0.001, "silent from a second after", file: file,
            line: line)
        XCTAssertLessThan(
            ackInRecording - second, 1.0, "acknowledged while the second ring was playing", file: file, line: line)
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
        XCTAssertTrue(waitUntil(15) { !NotifyLog.calls(mentioning: marker).isEmpty }, log, file: file, line: line)
        // The speakers are recorded past two rings' times (alarmRepeatSeconds 1) from the popup.
        let shown = speakers.recordedSeconds
        XCTAssertTrue(waitUntil(20) { speakers.recordedSeconds > shown + 2.5 }, "recorded", file: file, line: line)
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
        XCTAssertTrue(waitUntil(15) { !NotifyLog.calls(mentioning: marker).isEmpty }, log)
        // The speakers are recorded past two rings' times (alarmRepeatSeconds 1) from the popup.
        let shown = speakers.recordedSeconds
        XCTAssertTrue(waitUntil(20) { speakers.recordedSeconds > shown + 2.5 }, "recorded")
        speakers.stop()
        XCTAssertLessThan(speakers.maximumAmplitude(), 0.001)
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).first?.urgency, 2, "critical, as always")
    }

    func test_notifyTestPlaysTheSound() throws {
        let speakers = try Speakers(folder: home.path)
        let result = home.ok("notify-test", "--sound")
        // The recorder's buffer reaches its file a moment after the sound played.
        XCTAssertTrue(waitUntil(15, every: 0.2) { speakers.loudest(from: 0) > 0.1 }, "the sound was recorded")
        speakers.stop()
        XCTAssertTrue(result.stdout.contains("Played the alarm sound."), result.stdout)
        XCTAssertGreaterThan(speakers.maximumAmplitude(), 0.1)
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// The recording as far as parecord has written it, read while it goes on: its header gives no length
/// until it stops, so `sox` reads none of it before. For waiting on what the speakers played.
extension Speakers {
    /// Where the samples start, bytes a second, bytes a frame: 16-bit PCM, as parecord writes it.
    private var layout: (start: Int, bytesPerSecond: Int, frame: Int)? {
        guard let handle = FileHandle(forReadingAtPath: file), let header = try? handle.read(upToCount: 512) else {
            return nil
        }
        try? handle.close()
        let bytes = [UInt8](header)
        func chunk(_ tag: String) -> Int? {
            let tag = [UInt8](tag.utf8)
            return (12..<max(12, bytes.count - 8)).first { Array(bytes[$0..<$0 + 4]) == tag }
        }
        func number(at offset: Int, bytes count: Int) -> Int {
            (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard let format = chunk("fmt "), let data = chunk("data"), format + 24 <= bytes.count,
            number(at: format + 22, bytes: 2) == 16
        else { return nil }
        return (data + 8, number(at: format + 16, bytes: 4), number(at: format + 20, bytes: 2))
    }

    /// Seconds recorded so far.
    var recordedSeconds: Double {
        guard let layout, let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int else {
            return 0
        }
        return Double(max(0, size - layout.start)) / Double(layout.bytesPerSecond)
    }

    /// Each sound's start so far, as `onsets` finds them, read from the recording while it goes on: under load the
    /// recording lags the speakers, so a sound is waited for in the recording itself, not by the clock.
    var onsetsSoFar: [Double] { Self.onsets(in: peaksSoFar()) }

    /// The loudest sample (0…1) recorded so far from `start` seconds in.
    func loudest(from start: Double) -> Double { peaksSoFar(from: start).max() ?? 0 }

    /// The loudest sample (0…1) of each `window` recorded so far, from `start` seconds in.
    private func peaksSoFar(from start: Double = 0) -> [Double] {
        guard let layout, let handle = FileHandle(forReadingAtPath: file) else { return [] }
        defer { try? handle.close() }
        let skip = Int(start * Double(layout.bytesPerSecond)) / layout.frame * layout.frame
        try? handle.seek(toOffset: UInt64(layout.start + skip))
        let samples = (try? handle.readToEnd()) ?? Data()
        let perWindow = max(
            layout.frame, Int(Self.window * Double(layout.bytesPerSecond)) / layout.frame * layout.frame)
        var peaks: [Double] = []
        samples.withUnsafeBytes { raw in
            for first in stride(from: 0, to: raw.count - 1, by: perWindow) {
                var loudest = 0
                for index in stride(from: first, to: min(first + perWindow, raw.count) - 1, by: 2) {
                    loudest = max(
                        loudest, abs(Int(Int16(bitPattern: UInt16(raw[index]) | UInt16(raw[index + 1]) << 8))))
                }
                peaks.append(Double(loudest) / 32768)
            }
        }
        return peaks
    }
}
