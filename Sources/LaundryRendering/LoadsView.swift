import FoundationEssentials
import LaundryCore

/// `laundry loads`: one row per load, newest first, and one load as a timeline.
public struct LoadsView {
    public let entries: [(pet: Pet, load: LoadRecord)]
    public let kinds: KindCatalog
    public let style: Style
    public let now: Date

    public init(entries: [(pet: Pet, load: LoadRecord)], kinds: KindCatalog, style: Style, now: Date) {
        self.entries = entries
        self.kinds = kinds
        self.style = style
        self.now = now
    }

    public func render() -> String {
        guard !entries.isEmpty else { return Words.text("No loads yet.") }
        let header = [
            "", Words.text("PET"), Words.text("DAY"), Words.text("WASH"), Words.text("WAIT"), Words.text("DRY"),
            Words.text("WAIT"), Words.text("END"), Words.text("LOAD"),
        ]
        let rows: [[TextTable.Cell]] = entries.map { pet, load in
            let wet = load.wetWait(at: now)
            return [
                (kinds.kindOrFallback(pet.kind).emoji, nil),
                (TerminalText.sanitize(pet.name), .bold),
                (LocalTime.dateTime(load.wash.started), .dim),
                (span(load.wash.ended.map { $0.timeIntervalSince(load.wash.started) }), nil),
                (span(wet), (wet ?? 0) >= 3600 ? .red : nil),
                (load.isAirDried ? Words.text("air-dried") : span(load.dryerRun), nil),
                (span(load.foldWait(at: now)), nil),
                (Self.endText(load), load.isAbandoned ? .red : load.end == nil ? .yellow : .green),
                (String(load.id.lowercasedText.prefix(8)), .dim),
            ]
        }
        return TextTable.render(header: header, rows: rows, style: style)
    }

    /// One load, step by step.
    public static func timeline(_ pet: Pet, _ load: LoadRecord, style: Style, now: Date) -> String {
        var lines = [
            style.bold(
                Words.text(
                    "{name}: load {id}", ["name": TerminalText.sanitize(pet.name), "id": load.id.lowercasedText]))
        ]
        func step(_ at: Date?, _ what: String, device: String? = nil) {
            guard let at else { return }
            let on = device.map { style.dim("  (" + Words.text("on {device}", ["device": String($0.prefix(8))]) + ")") }
            lines.append("  \(style.dim(LocalTime.dateTime(at)))  \(what)\(on ?? "")")
        }
        step(load.wash.started, Words.text("wash started"), device: load.wash.startedOn)
        for pause in load.wash.pauses {
            step(pause.at, Words.text("paused"))
            step(pause.until, Words.text("resumed"))
        }
        step(
            load.wash.ended,
            load.wash.endedByAppliance ? Words.text("wash done (the washer stopped)") : Words.text("wash done"))
        if let wet = load.wetWait(at: now) {
            lines.append("    " + Words.text("wet laundry waited {span}", ["span": DurationText.rough(wet.rounded())]))
        }
        if let dryer = load.dryer {
            step(dryer.started, Words.text("dryer started"), device: dryer.startedOn)
            for pause in dryer.pauses {
                step(pause.at, Words.text("paused"))
                step(pause.until, Words.text("resumed"))
            }
            step(dryer.ended, Words.text("dry done"))
        }
        for extra in load.extraDrying {
            step(extra.started, Words.text("extra drying started"), device: extra.startedOn)
            step(extra.ended, Words.text("extra drying done"))
        }
        if let wait = load.foldWait(at: now) {
            lines.append("    " + Words.text("dry laundry waited {span}", ["span": DurationText.rough(wait.rounded())]))
        }
        step(load.endedAt, endText(load), device: load.endedOn)
        if load.end == nil { lines.append("  " + Words.text("still going")) }
        return lines.joined(separator: "\n")
    }

    static func endText(_ load: LoadRecord) -> String {
        switch load.end {
        case nil: return Words.text("going on")
        case .folded?: return load.isAirDried ? Words.text("air-dried, folded") : Words.text("folded")
        case .cancelled?: return Words.text("abandoned: cancelled")
        case .released?: return Words.text("abandoned: released")
        case .superseded?: return Words.text("abandoned: superseded")
        }
    }

    /// To the nearest second first: a wait of 599.998 s is 10m, not 9m.
    private func span(_ seconds: Double?) -> String { seconds.map { DurationText.rough($0.rounded()) } ?? "–" }
}
