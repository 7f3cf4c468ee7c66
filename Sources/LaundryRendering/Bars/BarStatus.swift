import FoundationEssentials
import LaundryCore

/// What a status bar shows at a moment: the pet most in need of attention, and a tooltip line per pet. That pet is the
/// load waiting longest to be moved (it rings until moved), else the timer ending soonest, a paused one, the saddest.
public struct BarStatus {
    /// Why the pet shown needs attention; also the CSS class waybar styles the module with.
    public enum Attention: String, Sendable, CaseIterable {
        case idle, running, waiting, warning
    }

    public let views: [PetView]
    public let now: Date
    /// The pet shown, or nil when no pet needs attention (the bar then prints an empty line).
    public let focus: PetView?
    public let attention: Attention
    /// How many pets need attention, the one shown included.
    public let count: Int

    public init(views: [PetView], now: Date) {
        self.views = views
        self.now = now
        let running = views.filter { $0.load?.isPaused == false }
        let waiting = views.filter(\.isWaitingToBeMoved)
        let paused = views.filter { $0.load?.isPaused == true }
        let warned = views.filter(\.isNeglected)
        count = running.count + waiting.count + paused.count + warned.count
        // `min(by:)` keeps the first of equals, and the views come sorted by name: ties are stable.
        // A finished load rings until moved: the one waiting longest first. A pet back at a finished stage without
        // one (its dryer cancelled, its timer lost) rings not, and comes after every ringing load, by name.
        if let longest = waiting.min(by: { ($0.waitingSince ?? .distantFuture) < ($1.waitingSince ?? .distantFuture) })
        {
            (focus, attention) = (longest, .waiting)
        } else if let soonest = running.min(by: { ($0.remaining ?? 0) < ($1.remaining ?? 0) }) {
            (focus, attention) = (soonest, .running)
        } else if let pausedFirst = paused.min(by: { ($0.remaining ?? 0) < ($1.remaining ?? 0) }) {
            (focus, attention) = (pausedFirst, .running)
        } else if let unhappiest = warned.min(by: { $0.health < $1.health }) {
            (focus, attention) = (unhappiest, .warning)
        } else {
            (focus, attention) = (nil, .idle)
        }
    }

    /// A field of the pet shown, as `--template` names it; empty when no pet needs attention.
    public func value(of field: BarField) -> String {
        guard let focus else { return field == .count ? "0" : field == .class ? attention.rawValue : "" }
        switch field {
        case .icon: return Self.icon(of: focus, attention: attention)
        case .name: return focus.name
        case .left: return focus.remaining.map(DurationText.clock) ?? ""
        case .ends:
            guard let timer = focus.load, !timer.isPaused else { return "" }
            return LocalTime.clock(timer.endsAt, now: focus.now)
        case .stage: return focus.stageWord
        case .health: return String(focus.health)
        case .mood: return focus.mood.label
        case .class: return attention.rawValue
        case .percentage: return String(percentage)
        case .growth: return GrowthGlyph.of(focus.load, at: focus.now)
        case .count: return String(count)
        }
    }

    /// The progress of the timer shown, 0 … 100: 100 for a load waiting to be moved, 0 without a timer.
    public var percentage: Int {
        guard let focus else { return 0 }
        if let timer = focus.load { return Int((timer.progress(at: focus.now) * 100).rounded(.down)) }
        return attention == .waiting ? 100 : 0
    }

    /// The bar's text: `🫧 Socks 12:04`, `🧺 Socks`, `😭 Socks 12%`; empty when nothing needs attention.
    public var text: String {
        guard let focus else { return "" }
        let head = "\(value(of: .icon)) \(focus.name)"
        switch attention {
        case .running: return "\(head) \(value(of: .left))"
        case .warning: return "\(head) \(Numbers.percent(focus.health))"
        case .waiting, .idle: return head
        }
    }

    /// The short form (i3blocks' `short_text`): the icon and the time left, or the icon and the name.
    public var shortText: String {
        guard let focus else { return "" }
        return attention == .running ? "\(value(of: .icon)) \(value(of: .left))" : "\(value(of: .icon)) \(focus.name)"
    }

    /// One line per pet, in the listing's order.
    public var tooltipLines: [String] { views.map(Self.line) }

    /// Whether the text or the tooltip counts seconds, so a stream must look again each second.
    public var countsSeconds: Bool { views.contains { $0.load?.isPaused == false } }

    static func icon(of view: PetView, attention: Attention) -> String {
        if let timer = view.load { return timer.isPaused ? "⏸" : timer.kind.icon }
        return attention == .waiting || view.isWaitingToBeMoved ? "🧺" : view.mood.face
    }

    static func line(_ view: PetView) -> String {
        let icon = icon(of: view, attention: view.isWaitingToBeMoved ? .waiting : .idle)
        let state: String
        if let timer = view.load {
            let left = DurationText.left(timer.remaining(at: view.now))
            state =
                timer.isPaused
                ? Words.text("{stage}, paused with {left} left", ["stage": view.stageText, "left": left])
                : Words.text(
                    "{stage}, {left} left, done at {ends}",
                    ["stage": view.stageText, "left": left, "ends": LocalTime.clock(timer.endsAt, now: view.now)])
        } else {
            switch view.pet.cycle.stage {
            case .washed: state = Words.text("washed, waiting for the dryer")
            case .dried: state = Words.text("dry, waiting to be folded")
            case .washing, .drying: state = Words.text("{stage}, its timer is lost", ["stage": view.stageText])
            case .idle:
                state =
                    view.isOverdue
                    ? Words.text("health {health}%, laundry overdue", ["health": String(view.health)])
                    : Words.text(
                        "health {health}%, laundry due {due}", ["health": String(view.health), "due": view.dueText])
            }
        }
        let snooze =
            view.snoozedUntil.map {
                Words.text(", snoozed until {until}", ["until": LocalTime.clock($0, now: view.now)])
            } ?? ""
        return "\(icon) \(view.name): \(state)\(snooze)"
    }
}

extension PetView {
    /// A finished load nobody has moved on yet (or a stage whose timer was lost).
    var isWaitingToBeMoved: Bool { pet.cycle.stage != .idle && load == nil }

    var isNeglected: Bool {
        guard pet.cycle.stage == .idle, health <= (Health.warningThresholds.first ?? 25) else { return false }
        return snoozedUntil == nil
    }

    /// When the load shown as waiting finished, for "the one waiting longest"; nil when no finished load waits (a
    /// cancelled dryer leaves none, and its pet's last laundry or adoption says nothing of how long it waited).
    var waitingSince: Date? { state.finishedLoad?.endsAt }

    /// The stage in one word, without the pause mark.
    var stageWord: String {
        if pet.cycle.stage == .drying, load?.kind == .extraDry { return "extra-drying" }
        return pet.cycle.stage.rawValue
    }
}
