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

    public func table() -> String {
        guard !entries.isEmpty else { return Words.text("No loads yet.") }
        // A household with a plug sees what each load drew (and cost, with a price); others see no empty columns.
        let loads = entries.map(\.load)
        let metered = loads.contains { ($0.washEnergyWh ?? $0.dryEnergyWh) != nil }
        let priced = metered && loads.contains { $0.cost != nil }
        var header = [
            "", Words.text("PET"), Words.text("DAY"), Words.text("WASH"), Words.text("WAIT"), Words.text("DRY"),
            Words.text("WAIT"), Words.text("END"), Words.text("LOAD"),
        ]
        // Loads from before people were recorded name no one: no column until one does.
        let named = loads.contains { $0.startedBy != nil }
        if named { header.append(Words.text("BY")) }
        if metered { header.append(Words.text("ENERGY")) }
        if priced { header.append(Words.text("COST")) }
        let words = Self.endWords()
        // To the nearest second first: a wait of 599.998 s is 10m, not 9m.
        func span(_ seconds: Double?) -> String { seconds.map { DurationText.rough($0.rounded()) } ?? "–" }
        let rows = entries.map { pet, load -> [TextTable.Cell] in
            let wet = load.wetWait(at: now)
            var cells: [TextTable.Cell] = [
                (kinds.kindOrFallback(pet.identity.kind).emoji, nil), (TerminalText.sanitize(pet.identity.name), .bold),
                (LocalTime.dateTime(load.wash.started), .dim),
                (span(load.wash.ended.map { $0.timeIntervalSince(load.wash.started) }), nil),
                (span(wet), (wet ?? 0) >= 3600 ? .red : nil),
                (load.isAirDried ? words.airDried : span(load.dryerRun), nil), (span(load.foldWait(at: now)), nil),
                (words.end(load), load.isAbandoned ? .red : load.end == nil ? .yellow : .green),
                (String(load.id.lowercasedText.prefix(8)), .dim),
            ]
            if named { cells.append((Self.people(load), nil)) }
            if metered { cells.append((Self.energy(load), nil)) }
            if priced { cells.append((load.cost.map { EnergyText.cost($0.value, $0.currency) } ?? "–", nil)) }
            return cells
        }
        // To fit a terminal: the extra columns, the lengths, the load's id; then names and ends are cut.
        let extra = (9..<header.count).reversed().map(TextTable.Cut.drop)
        return TextTable.render(
            header: header, rows: rows, style: style,
            cuts: extra + [.drop(3), .drop(5), .drop(8), .shorten(1, to: 10), .drop(6), .shorten(7, to: 10)])
    }

    /// Who started, moved and folded it, as far as it went: "Ana/Ben/Ana".
    private static func people(_ load: LoadRecord) -> String {
        let steps = [load.startedBy, load.movedBy, load.foldedBy]
        guard let last = steps.lastIndex(where: { $0 != nil }) else { return "–" }
        return steps[...last].map { $0.map { TerminalText.sanitize($0.name) } ?? "?" }.joined(separator: "/")
    }

    /// Both stages' energy, as one figure: what the load drew.
    private static func energy(_ load: LoadRecord) -> String {
        guard load.washEnergyWh != nil || load.dryEnergyWh != nil else { return "–" }
        return EnergyText.kWh((load.washEnergyWh ?? 0) + (load.dryEnergyWh ?? 0))
    }

    /// One load, step by step.
    public static func timeline(_ pet: Pet, _ load: LoadRecord, style: Style, now: Date) -> String {
        var lines = [
            style.bold(
                Words.text(
                    "{name}: load {id}",
                    ["name": TerminalText.sanitize(pet.identity.name), "id": load.id.lowercasedText]))
        ]
        func step(_ at: Date?, _ what: String, device: String? = nil, by person: Person? = nil) {
            guard let at else { return }
            let on = device.map { device in
                let machine = Words.text("on {device}", ["device": String(device.prefix(8))])
                let who = person.map {
                    Words.text("{person}, {machine}", ["person": TerminalText.sanitize($0.name), "machine": machine])
                }
                return style.dim("  (" + (who ?? machine) + ")")
            }
            lines.append("  \(style.dim(LocalTime.dateTime(at)))  \(what)\(on ?? "")")
        }
        func started(_ what: String, _ run: LoadRecord.Run) -> String {
            guard let programme = run.programme else { return what }
            return Words.text(
                "{step}, programme {programme}", ["step": what, "programme": TerminalText.sanitize(programme)])
        }
        step(
            load.wash.started, started(Words.text("wash started"), load.wash), device: load.wash.startedOn,
            by: load.wash.startedBy)
        for pause in load.wash.pauses {
            step(pause.at, Words.text("paused"))
            step(pause.until, Words.text("resumed"))
        }
        step(
            load.wash.ended,
            load.wash.endedByAppliance ? Words.text("wash done (the washer stopped)") : Words.text("wash done"))
        if let use = load.wash.energy { lines.append("    " + HistoryDetailText.words(.energy(use), device: nil)) }
        if let wet = load.wetWait(at: now) {
            lines.append("    " + Words.text("wet laundry waited {span}", ["span": DurationText.rough(wet.rounded())]))
        }
        if let dryer = load.dryer {
            step(
                dryer.started, started(Words.text("dryer started"), dryer), device: dryer.startedOn, by: dryer.startedBy
            )
            for pause in dryer.pauses {
                step(pause.at, Words.text("paused"))
                step(pause.until, Words.text("resumed"))
            }
            step(dryer.ended, Words.text("dry done"))
            if let use = dryer.energy { lines.append("    " + HistoryDetailText.words(.energy(use), device: nil)) }
        }
        for extra in load.extraDrying {
            step(extra.started, Words.text("extra drying started"), device: extra.startedOn, by: extra.startedBy)
            step(extra.ended, Words.text("extra drying done"))
            if let use = extra.energy { lines.append("    " + HistoryDetailText.words(.energy(use), device: nil)) }
        }
        if let wait = load.foldWait(at: now) {
            lines.append("    " + Words.text("dry laundry waited {span}", ["span": DurationText.rough(wait.rounded())]))
        }
        step(load.endedAt, endText(load), device: load.endedOn, by: load.endedBy)
        if load.end == nil { lines.append("  " + Words.text("still going")) }
        if let cost = load.cost {
            lines.append("  " + Words.text("cost {cost}", ["cost": EnergyText.cost(cost.value, cost.currency)]))
        }
        return lines.joined(separator: "\n")
    }

    static func endText(_ load: LoadRecord) -> String { endWords().end(load) }

    /// How a load ended, in the person's words, each looked up once.
    private struct EndWords: Sendable {
        let goingOn = Words.text("going on")
        let airDriedFolded = Words.text("air-dried, folded")
        let folded = Words.text("folded")
        let cancelled = Words.text("abandoned: cancelled")
        let released = Words.text("abandoned: released")
        let superseded = Words.text("abandoned: superseded")
        let airDried = Words.text("air-dried")

        func end(_ load: LoadRecord) -> String {
            switch load.end {
            case nil: return goingOn
            case .folded?: return load.isAirDried ? airDriedFolded : folded
            case .cancelled?: return cancelled
            case .released?: return released
            case .superseded?: return superseded
            }
        }
    }

    private static func endWords() -> EndWords { EndWords() }

}
