import Foundation
import LaundryTestSupport
import XCTest

/// What came out of the test session's speakers: PulseAudio's null sink (from
/// scripts/notification-session.sh), recorded from its monitor with `parecord` and measured with
/// `sox`.
final class Speakers {
    static var monitor: String? { ProcessInfo.processInfo.environment["LAUNDRY_SOUND_MONITOR"] }

    let file: String
    private let recorder: Process
    /// Plays silence throughout: a null sink with nothing playing renders nothing, so without it
    /// the recording would lose the quiet stretches and its time line.
    private let keepAwake: Process
    /// Peak amplitude (0…1) of each 10 ms of the recording, once stopped.
    private(set) var peaks: [Double] = []
    static let window = 0.01

    /// Starts recording into a file in `folder`.
    init(folder: String) throws {
        file = folder + "/speakers-\(UUID().uuidString.prefix(6)).wav"
        keepAwake = Process()
        keepAwake.executableURL = URL(fileURLWithPath: "/usr/bin/pacat")
        keepAwake.arguments = ["--playback", "--raw", "--latency-msec=20", "/dev/zero"]
        keepAwake.standardError = FileHandle.nullDevice
        try keepAwake.run()
        recorder = Process()
        recorder.executableURL = URL(fileURLWithPath: "/usr/bin/parecord")
        recorder.arguments = ["--latency-msec=20", "-d", Self.monitor ?? "", "--file-format=wav", file]
        recorder.standardError = FileHandle.nullDevice
        try recorder.run()
        // Recording has begun once samples (not just the header) reach the file.
        XCTAssertTrue(
            waitUntil(5) {
                ((try? FileManager.default.attributesOfItem(atPath: self.file))?[.size] as? Int ?? 0) > 8192
            }, "parecord records")
    }

    /// Stops recording and reads the peaks back.
    func stop() {
        recorder.interrupt()
        recorder.waitUntilExit()
        keepAwake.terminate()
        keepAwake.waitUntilExit()
        let raw = file + ".raw"
        _ = Spawn.run(
            "/usr/bin/sox", [file, "-r", "8000", "-c", "1", "-b", "16", "-e", "signed-integer", "-t", "raw", raw],
            environment: ProcessInfo.processInfo.environment)
        let data = FileManager.default.contents(atPath: raw) ?? Data()
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let perWindow = Int(8000 * Self.window)
        peaks = stride(from: 0, to: samples.count, by: perWindow).map { start in
            let window = samples[start..<min(start + perWindow, samples.count)]
            return Double(window.map { abs(Int($0)) }.max() ?? 0) / 32768
        }
    }

    /// `sox FILE -n stat`'s "Maximum amplitude" for `seconds` of the recording from `start` (all of it: nil).
    func maximumAmplitude(from start: Double = 0, seconds: Double? = nil) -> Double {
        var arguments = [file, "-n"]
        if start > 0 || seconds != nil { arguments += ["trim", String(start)] + (seconds.map { [String($0)] } ?? []) }
        let stat = Spawn.run("/usr/bin/sox", arguments + ["stat"], environment: ProcessInfo.processInfo.environment)
        let line = stat.stderr.split(separator: "\n").first { $0.hasPrefix("Maximum amplitude") } ?? ""
        return Double(line.split(separator: " ").last ?? "") ?? -1
    }

    static let audible = 0.02

    /// Seconds into the recording of each sound's start (audible after half a second of silence:
    /// the theme's `complete` has short pauses of its own).
    var onsets: [Double] { Self.onsets(in: peaks) }

    /// The onsets in peaks of `window` seconds each.
    static func onsets(in peaks: [Double]) -> [Double] {
        var found: [Double] = []
        var quietWindows = 50
        for (index, peak) in peaks.enumerated() {
            if peak >= Self.audible {
                if quietWindows >= 50 { found.append(Double(index) * Self.window) }
                quietWindows = 0
            } else {
                quietWindows += 1
            }
        }
        return found
    }

    /// Seconds into the recording of the last audible moment, if any.
    var lastSound: Double? { peaks.lastIndex { $0 >= Self.audible }.map { Double($0 + 1) * Self.window } }

    var duration: Double { Double(peaks.count) * Self.window }
}
