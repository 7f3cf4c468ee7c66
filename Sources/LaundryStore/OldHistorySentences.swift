import FoundationEssentials
import LaundryCore

/// Versions before facts (up to aecf34c) wrote a history event's detail as an English sentence.
/// The sentences they wrote are read back as the facts they said, so such a line is worded in the
/// reader's language and decided on like a new one; a sentence not recognised stays as written.
enum OldHistorySentences {
    static func facts(_ sentence: String, of kind: HistoryEvent.Kind) -> HistoryDetail? {
        switch kind {
        case .adopted:
            return .kind(sentence)
        case .released:
            return .released(name: sentence)
        case .washStarted, .dryStarted, .extraDryStarted, .snoozed:
            return seconds(ofLength: sentence).map { .length(seconds: $0) }
        case .washDone, .dryDone, .extraDryDone:
            return sentence.hasSuffix(" stopped")
                ? Appliance(rawValue: String(sentence.dropLast(" stopped".count))).map(HistoryDetail.stoppedBy) : nil
        case .folded:
            return sentence.hasPrefix("cycle ") ? Int(sentence.dropFirst("cycle ".count)).map(HistoryDetail.cycle) : nil
        case .paused, .resumed, .cancelled:
            return remaining(sentence)
        case .renamed:
            let names = sentence.components(separatedBy: " → ")
            return names.count == 2 ? .renamed(from: names[0], to: names[1]) : nil
        case .settingsChanged:
            return settings(sentence)
        case .superseded:
            return lost(sentence)
        case .died, .extended, .finishedEarly, .energyMeasured, .nudged:
            // Old versions wrote neither a sentence for a death nor these events.
            return nil
        }
    }

    /// `45m`, `1h5m`, `90s`: what `LaundryDuration.description` wrote.
    private static func seconds(ofLength text: String) -> Double? {
        (try? DurationParser.parse(text)).map(\.timeInterval)
    }

    /// `12:00 left`, `1:02:03 left`, or for a cancel `wash, 12:00 left`.
    private static func remaining(_ sentence: String) -> HistoryDetail? {
        guard sentence.hasSuffix(" left") else { return nil }
        var text = String(sentence.dropLast(" left".count))
        var timer: TimerKind?
        if let comma = text.firstIndex(of: ",") {
            guard let kind = TimerKind(rawValue: String(text[..<comma])) else { return nil }
            timer = kind
            text = String(text[comma...].dropFirst(2))
        }
        let parts = text.split(separator: ":").map { Int($0) }
        guard (2...3).contains(parts.count), !parts.contains(nil) else { return nil }
        let seconds = parts.reduce(0) { $0 * 60 + $1! }
        return .remaining(seconds: Double(seconds), timer: timer)
    }

    /// `kind delicates, wash 50m, dry 1h5m, every 5d, last washed 2026-11-18T08:00:00.000Z`.
    private static func settings(_ sentence: String) -> HistoryDetail? {
        var change = HistoryDetail.SettingsChange()
        for part in sentence.components(separatedBy: ", ") {
            if part.hasPrefix("kind ") {
                change.kind = String(part.dropFirst("kind ".count))
            } else if part.hasPrefix("wash "), let seconds = seconds(ofLength: String(part.dropFirst(5))) {
                change.washSeconds = seconds
            } else if part.hasPrefix("dry "), let seconds = seconds(ofLength: String(part.dropFirst(4))) {
                change.drySeconds = seconds
            } else if part.hasPrefix("every "), let days = try? CycleDays.parse(String(part.dropFirst(6))) {
                change.cycleDays = days
            } else if part.hasPrefix("last washed "), let date = Timestamp.parse(String(part.dropFirst(12))) {
                change.lastWashed = date
            } else {
                return nil
            }
        }
        return change.isEmpty ? nil : .settings(change)
    }

    /// `the cycle change (cancelled) made on device … lost to a later change`, or `the release made…`.
    private static func lost(_ sentence: String) -> HistoryDetail? {
        if sentence.hasPrefix("the release made on device ") { return .lost(event: .released, part: .release) }
        guard sentence.hasPrefix("the "), let open = sentence.firstIndex(of: "("),
            let close = sentence.firstIndex(of: ")"), open < close
        else { return nil }
        let partName = sentence[sentence.index(sentence.startIndex, offsetBy: 4)..<open].dropLast(" change ".count)
        guard let part = PetPart(rawValue: String(partName)),
            let event = HistoryEvent.Kind(rawValue: String(sentence[sentence.index(after: open)..<close]))
        else { return nil }
        return .lost(event: event, part: part)
    }
}
