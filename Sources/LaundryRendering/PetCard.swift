import FoundationEssentials
import LaundryCore

/// `laundry status <pet>`: everything about one pet.
public struct PetCard {
    public let view: PetView
    public let style: Style

    public init(view: PetView, style: Style) {
        self.view = view
        self.style = style
    }

    public func render() -> String {
        let pet = view.pet
        let moodColor = style.color(for: view.mood)
        var lines: [String] = []
        lines.append(
            "\(view.kind.emoji) \(style.bold(view.name)) \(style.dim("(\(view.kind.name.lowercased()))"))  "
                + style.paint("\(view.mood.face) \(view.mood.label)", moodColor))
        if let line = view.personalityLine { lines.append("   \(style.dim("“\(line)”"))") }
        lines.append(row("Health", style.paint("\(Bars.health(view.health)) \(view.health)%", moodColor)))
        var stage = style.paint(pet.stage.statusText, style.color(for: pet.stage))
        if let timer = view.timer {
            let left = DurationText.countdown(timer.remaining(at: view.now))
            if timer.isPaused {
                stage += "  ⏸ paused with \(left) left (laundry resume)"
            } else {
                stage +=
                    "  \(Bars.progress(timer.progress(at: view.now))) \(left) left, done at \(clockTime(timer.endsAt))"
            }
        }
        lines.append(row("Stage", stage))
        if let until = view.snoozedUntil {
            lines.append(row("Snoozed", "until \(clockTime(until)): reminders and warnings held back till then"))
        }
        let moves: [Move] = view.timer?.isPaused == true ? [.resume, .cancel] : pet.stage.nextMoves
        let next = moves.map { TypedCommand.typed($0, pet.name) }.joined(separator: "  or  ")
        lines.append(row("Next", style.dim(next)))
        let due = view.isOverdue ? style.paint("overdue", .red) : view.dueText
        lines.append(row("Due", "\(due) (every \(CycleDays.format(pet.cycleDays)))"))
        let last =
            pet.lastLaundryAt.map { "last done \(DurationText.rough(view.now.timeIntervalSince($0))) ago" }
            ?? "never done yet"
        lines.append(row("Cycles", "\(pet.totalCycles) folded, \(last)"))
        lines.append(row("Streak", "\(pet.streak(at: view.now)) now, \(pet.longestStreak) best"))
        lines.append(row("Loads", "wash \(pet.washDuration), dry \(pet.dryDuration)"))
        lines.append(row("Id", style.dim(pet.id.lowercasedText)))
        return lines.joined(separator: "\n")
    }

    private func row(_ label: String, _ value: String) -> String {
        "   " + style.dim(TextWidth.padded(label, to: 7)) + " " + value
    }

    private func clockTime(_ date: Date) -> String { LocalTime.clock(date, now: view.now) }
}
