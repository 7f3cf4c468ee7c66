import FoundationEssentials
import LaundryCore

/// One frame of `laundry watch`: running timers first (soonest done on top), then loads done and waiting for you.
public struct WatchFrame {
    public let states: [PetState]
    public let kinds: KindCatalog
    public let now: Date
    public let style: Style

    public init(states: [PetState], kinds: KindCatalog, now: Date, style: Style) {
        self.states = states
        self.kinds = kinds
        self.now = now
        self.style = style
    }

    public var hasRunningTimer: Bool { states.contains { $0.liveLoad.map { !$0.isPaused } ?? false } }

    public func lines() -> [String] {
        let views = states.map { PetView(state: $0, kinds: kinds, now: now) }
        let running = views.filter { $0.load != nil }.sorted { ($0.remaining ?? 0) < ($1.remaining ?? 0) }
        let waiting = views.filter { $0.pet.cycle.stage == .washed || $0.pet.cycle.stage == .dried }
        var lines = [
            style.bold("laundry watch")
                + style.dim("  \(LocalTime.dateTime(now, seconds: true))  " + Words.text("(Ctrl-C to quit)")),
            "",
        ]
        if running.isEmpty && waiting.isEmpty {
            lines.append(style.dim(Words.text("No timers running. Start one with: laundry wash <pet>")))
        }
        let nameWidth = (running + waiting).map { TextWidth.of($0.name) }.max() ?? 0
        for view in running {
            guard let timer = view.load else { continue }
            let name = TextWidth.padded(view.name, to: nameWidth)
            let stage = TextWidth.padded(view.stageText, to: 14)
            let countdown = DurationText.clock(timer.remaining(at: now))
            let tail =
                timer.isPaused
                ? style.dim(Words.text("paused"))
                : style.dim(Words.text("done at {ends}", ["ends": LocalTime.clock(timer.endsAt, now: now)]))
            lines.append(
                "\(view.kind.emoji) \(style.bold(name))  \(style.paint(stage, .blue)) "
                    + "\(GrowthGlyph.of(timer, at: now)) \(Bars.progress(timer.progress(at: now))) "
                    + "\(TextWidth.padded(countdown, to: 8)) \(tail)"
            )
        }
        for view in waiting {
            let name = TextWidth.padded(view.name, to: nameWidth)
            let next =
                view.pet.cycle.stage == .washed
                ? Words.text("wash done → {command}", ["command": TypedCommand.typed(.dry, view.pet.identity.name)])
                : Words.text("dry done → {command}", ["command": TypedCommand.typed(.fold, view.pet.identity.name)])
            lines.append("\(view.kind.emoji) \(style.bold(name))  \(style.paint("✓ " + next, .magenta))")
        }
        return lines
    }
}
