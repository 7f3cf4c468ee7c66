import LaundryCore

/// The table of `laundry list` and `laundry status`.
public struct PetTable {
    public let views: [PetView]
    public let style: Style

    public init(views: [PetView], style: Style) {
        self.views = views
        self.style = style
    }

    public func render() -> String {
        let header = [
            "", Words.text("NAME"), Words.text("MOOD"), Words.text("HEALTH"), Words.text("STAGE"),
            Words.text("TIME LEFT"), Words.text("NEXT DUE"),
        ]
        var rows: [[TextTable.Cell]] = []
        for view in views {
            let moodColor = style.color(for: view.mood)
            rows.append([
                (view.kind.emoji, nil),
                (view.name, .bold),
                ("\(view.mood.face) \(view.mood.words)", moodColor),
                ("\(Bars.health(view.health)) \(Numbers.percent(view.health))", moodColor),
                (view.stageText, style.color(for: view.pet.cycle.stage)),
                (view.timeLeftText(), view.load == nil ? .dim : nil),
                (view.dueText, view.isOverdue ? .red : nil),
            ])
        }
        // To fit a terminal: the mood (the health's colour says it), when next due, a snooze's words, the name's
        // tail, the health, and last the stage's words.
        return TextTable.render(
            header: header, rows: rows, style: style,
            cuts: [.drop(2), .drop(6), .shorten(5, to: 22), .shorten(1, to: 10), .drop(3), .shorten(4, to: 8)])
    }
}
