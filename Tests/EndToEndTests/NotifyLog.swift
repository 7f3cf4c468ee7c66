import Foundation
import LaundryTestSupport

/// The `Notify` calls dbus-monitor recorded (`LAUNDRY_NOTIFY_LOG`, from scripts/notification-session.sh).
struct NotifyCall {
    let time: Double
    let appName: String
    let summary: String
    let body: String
    let actions: [String]
    let urgency: Int?
    let category: String?
    /// The `x-laundry-timer` hint: the load a finish announces.
    let loadID: String?
    /// The `suppress-sound` hint.
    let suppressSound: Bool?
    /// `replaces_id`: the notification it updates in place (0: a new one).
    var replacesID: UInt32 = 0
    /// `expire_timeout` (0: never expires; -1: as the server decides).
    var expireTimeout: Int32 = -1
    /// The `value` hint (progress, 0–100) and the `resident` hint.
    var value: Int?
    var resident: Bool?
    /// Whether it named a sound to play (`sound-name` or `sound-file`).
    var hasSoundHint = false
    /// A running load's live card, not a popup.
    var isLiveCard: Bool { category == "x-laundry.running" }
}

enum NotifyLog {
    static var path: String? { ProcessInfo.processInfo.environment["LAUNDRY_NOTIFY_LOG"] }

    /// Closes every popup a test left on dunst's screen. dunst answers slower the more it shows
    /// (one `Notify` took 5 ms with none on screen, 389 ms with 200), so popups left behind made it
    /// slow for every later test: in one CI run too slow to answer a starting daemon within 3 s.
    static func clearScreen() {
        guard path != nil else { return }
        _ = Spawn.run("/usr/bin/dunstctl", ["close-all"], environment: ProcessInfo.processInfo.environment)
    }

    /// The times of every `CloseNotification` call.
    static func closeCalls(in log: String? = NotifyLog.path) -> [Double] {
        guard let path = log, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.components(separatedBy: "\nmethod call ").dropFirst()
            .filter { $0.contains("member=CloseNotification") }
            .compactMap { block in
                block.range(of: #"time=[0-9.]+"#, options: .regularExpression).flatMap {
                    Double(block[$0].dropFirst(5))
                }
            }
    }

    /// The ids every `CloseNotification` call named, in order.
    static func closedIDs(in log: String? = NotifyLog.path) -> [UInt32] {
        guard let path = log, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.components(separatedBy: "\nmethod call ").dropFirst()
            .filter { $0.contains("member=CloseNotification") }
            .compactMap { block in
                block.range(of: #"uint32 [0-9]+"#, options: .regularExpression).flatMap {
                    UInt32(block[$0].dropFirst(7))
                }
            }
    }

    static func calls(in log: String? = NotifyLog.path) -> [NotifyCall] {
        guard let path = log, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var calls: [NotifyCall] = []
        let blocks = text.components(separatedBy: "\nmethod call ").dropFirst()
        for block in blocks where block.contains("member=Notify") {
            let lines = joinedStrings(block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            let header = lines.first ?? ""
            let time =
                header.range(of: #"time=[0-9.]+"#, options: .regularExpression).map {
                    Double(header[$0].dropFirst(5)) ?? 0
                } ?? 0
            let strings = lines.dropFirst().compactMap(stringValue)
            // app name, icon, summary, body come first as plain strings; then the action strings
            // until the hints dict; hints show up as `string "key"` followed by a variant line.
            var actions: [String] = []
            var index = lines.firstIndex { $0.hasPrefix("array [") } ?? lines.count
            index += 1
            while index < lines.count, !lines[index].hasPrefix("]") {
                if let value = stringValue(lines[index]) { actions.append(value) }
                index += 1
            }
            var urgency: Int?
            var category: String?
            var loadID: String?
            var suppressSound: Bool?
            var progress: Int?
            var resident: Bool?
            for (position, line) in lines.enumerated() where position + 1 < lines.count {
                if line == "string \"urgency\"", let byte = lines[position + 1].split(separator: " ").last {
                    urgency = Int(byte)
                }
                let value = {
                    lines[position + 1].components(separatedBy: "string ").last.map {
                        String($0.dropFirst().dropLast())
                    }
                }
                if line == "string \"category\"" { category = value() }
                if line == "string \"x-laundry-timer\"" { loadID = value() }
                if line == "string \"suppress-sound\"" { suppressSound = lines[position + 1].hasSuffix("true") }
                if line == "string \"resident\"" { resident = lines[position + 1].hasSuffix("true") }
                if line == "string \"value\"", let number = lines[position + 1].split(separator: " ").last {
                    progress = Int(number)
                }
            }
            guard strings.count >= 4 else { continue }
            var call = NotifyCall(
                time: time, appName: strings[0], summary: strings[2], body: strings[3], actions: actions,
                urgency: urgency, category: category, loadID: loadID, suppressSound: suppressSound)
            // The first number after the app name is `replaces_id`; the last line, `expire_timeout`.
            if let replaces = lines.dropFirst().first(where: { $0.hasPrefix("uint32 ") }) {
                call.replacesID = UInt32(replaces.dropFirst(7)) ?? 0
            }
            if let expires = lines.last(where: { $0.hasPrefix("int32 ") }) {
                call.expireTimeout = Int32(expires.dropFirst(6)) ?? -1
            }
            call.value = progress
            call.resident = resident
            call.hasSoundHint = lines.contains { $0 == "string \"sound-name\"" || $0 == "string \"sound-file\"" }
            calls.append(call)
        }
        return calls
    }

    /// The popups about pets whose name contains `marker` (live cards are `cards(mentioning:)`).
    static func calls(mentioning marker: String, in log: String? = NotifyLog.path) -> [NotifyCall] {
        calls(in: log).filter { !$0.isLiveCard && ($0.body.contains(marker) || $0.summary.contains(marker)) }
    }

    /// The live cards' `Notify` calls about pets whose name contains `marker`.
    static func cards(mentioning marker: String, in log: String? = NotifyLog.path) -> [NotifyCall] {
        calls(in: log).filter { $0.isLiveCard && $0.summary.contains(marker) }
    }

    /// dbus-monitor prints a string with a line break over several lines: they are one string.
    private static func joinedStrings(_ lines: [String]) -> [String] {
        var joined: [String] = []
        var open: String?
        for line in lines {
            if var text = open {
                text += "\n" + line
                if line.hasSuffix("\"") {
                    joined.append(text)
                    open = nil
                } else {
                    open = text
                }
            } else if line.hasPrefix("string \""), !line.hasSuffix("\"") || line == "string \"" {
                open = line
            } else {
                joined.append(line)
            }
        }
        if let open { joined.append(open) }
        return joined
    }

    private static func stringValue(_ line: String) -> String? {
        guard line.hasPrefix("string \""), line.hasSuffix("\"") else { return nil }
        return String(line.dropFirst(8).dropLast())
    }
}
