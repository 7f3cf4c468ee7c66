import LaundryCore

/// A history event's facts in the reader's words, in brackets after the event in `laundry history`.
public enum HistoryDetailText {
    /// - Parameters:
    ///   - device: the machine the event was made on (a lost change's).
    ///   - kinds: the kinds, to name one in the reader's words (without: a kind is shown by its id).
    public static func words(_ detail: HistoryDetail, device: String?, kinds: KindCatalog? = nil) -> String {
        func kindName(_ id: String) -> String { kinds?.kind(id)?.displayName ?? id }
        switch detail {
        case .kind(let kind): return kindName(kind)
        case .length(let seconds, nil): return length(seconds)
        case .length(let seconds, let programme?):
            return Words.text("{length}, programme {programme}", ["length": length(seconds), "programme": programme])
        case .remaining(let seconds, nil):
            return Words.text("{left} left", ["left": DurationText.left(seconds)])
        case .remaining(let seconds, let timer?):
            return Words.text(
                "{timer}, {left} left", ["timer": timerName(timer), "left": DurationText.left(seconds)])
        case .stoppedBy(.washer): return Words.text("washer stopped")
        case .stoppedBy(.dryer): return Words.text("dryer stopped")
        case .cycle(let count): return Words.text("cycle {number}", ["number": Numbers.integer(count)])
        case .renamed(let from, let to): return Words.text("{old} → {new}", ["old": from, "new": to])
        case .settings(let change): return settings(change, kindName: kindName)
        case .released(let name): return name
        case .lost(.released, .release):
            return Words.text("the release made on device {device} lost to a later change", ["device": device ?? "?"])
        case .lost(let event, let part):
            return Words.text(
                "the {part} change ({event}) made on device {device} lost to a later change",
                ["part": partName(part), "event": HistoryView.describe(event), "device": device ?? "?"])
        case .energy(let use): return energy(use)
        case .nudged(let person): return Words.text("to {person}", ["person": person])
        case .door(.washer): return Words.text("the washer's door opened")
        case .door(.dryer): return Words.text("the dryer's door opened")
        }
    }

    private static func energy(_ use: HistoryDetail.EnergyUse) -> String {
        let drawn = EnergyText.kWh(use.wattHours)
        let line =
            use.appliance == .washer
            ? Words.text("washer {energy}", ["energy": drawn]) : Words.text("dryer {energy}", ["energy": drawn])
        guard let cost = use.cost else { return line }
        return Words.text("{energy}, {cost}", ["energy": line, "cost": EnergyText.cost(cost, use.currency)])
    }

    private static func length(_ seconds: Double) -> String { DurationText.length(seconds) }

    private static func settings(_ change: HistoryDetail.SettingsChange, kindName: (String) -> String) -> String {
        var parts: [String] = []
        if let kind = change.kind { parts.append(Words.text("kind {kind}", ["kind": kindName(kind)])) }
        if let wash = change.washSeconds { parts.append(Words.text("wash {length}", ["length": length(wash)])) }
        if let dry = change.drySeconds { parts.append(Words.text("dry {length}", ["length": length(dry)])) }
        if let days = change.cycleDays {
            parts.append(Words.text("every {days}", ["days": CycleDays.format(days)]))
        }
        if let washed = change.lastWashed {
            parts.append(Words.text("last washed {when}", ["when": Timestamp.format(washed)]))
        }
        if let learns = change.learns { parts.append(learns ? Words.text("learning on") : Words.text("learning off")) }
        for (name, seconds) in (change.programmes ?? [:]).sorted(by: { $0.key < $1.key }) {
            parts.append(
                seconds.map { Words.text("programme {name} {length}", ["name": name, "length": length($0)]) }
                    ?? Words.text("programme {name} removed", ["name": name]))
        }
        return parts.joined(separator: ", ")
    }

    private static func timerName(_ timer: LoadKind) -> String {
        switch timer {
        case .wash: return Words.text("wash")
        case .dry: return Words.text("dry")
        case .extraDry: return Words.text("extra drying")
        }
    }

    private static func partName(_ part: PetPart) -> String {
        switch part {
        case .identity: return Words.text("identity")
        case .settings: return Words.text("settings")
        case .cycle: return Words.text("cycle")
        case .reminders: return Words.text("reminders")
        case .release: return Words.text("release")
        }
    }
}
