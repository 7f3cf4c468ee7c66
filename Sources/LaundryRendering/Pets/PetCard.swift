import FoundationEssentials
import LaundryCore

/// `laundry status <pet>`: everything about one pet.
public struct PetCard {
    public let view: PetView
    public let style: Style
    /// Appliances the daemon hears drawing power after their plug ended the load (daemon.json).
    public var tumbling: Set<Appliance> = []
    /// What the pet's loads have taught it: shown beside the lengths it was given.
    public var learned: (wash: LearnedLength?, dry: LearnedLength?) = (nil, nil)
    public var learnedProgrammes: [String: (wash: LearnedLength?, dry: LearnedLength?)] = [:]

    public init(view: PetView, style: Style) {
        self.view = view
        self.style = style
    }

    public func render() -> String {
        let pet = view.pet
        let moodColor = style.color(for: view.mood)
        var lines: [String] = []
        lines.append(
            "\(view.kind.emoji) \(style.bold(view.name)) \(style.dim("(\(view.kind.displayName))"))  "
                + style.paint("\(view.mood.face) \(view.mood.words)", moodColor))
        if let line = view.personalityLine { lines.append("   \(style.dim("“\(line)”"))") }
        lines.append(
            row(
                Words.text("Health"),
                style.paint("\(Bars.health(view.health)) \(Numbers.percent(view.health))", moodColor)))
        var stage = style.paint(pet.cycle.stage.statusText, style.color(for: pet.cycle.stage))
        if let timer = view.load {
            let left = DurationText.left(timer.remaining(at: view.now))
            if timer.isPaused {
                stage +=
                    "  "
                    + Words.text(
                        "⏸ paused with {left} left ({command})",
                        ["left": left, "command": TypedCommand.typed(.resume, pet.identity.name)])
            } else {
                stage +=
                    "  \(GrowthGlyph.of(timer, at: view.now)) \(Bars.progress(timer.progress(at: view.now))) "
                    + Words.text("{left} left, done at {ends}", ["left": left, "ends": clockTime(timer.endsAt)])
            }
        }
        // The plug ended the load, and the dryer (or washer) still tumbles now and then: it is done.
        if let appliance = view.state.load?.stoppedBy, tumbling.contains(appliance),
            pet.cycle.stage == (appliance == .washer ? .washed : .dried)
        {
            stage += "  " + style.dim(Words.text("done, still tumbling"))
        }
        lines.append(row(Words.text("Stage"), stage))
        if let busy = view.dryerBusy {
            lines.append(
                row(
                    Words.text("Dryer"),
                    DryerWords.busy(busy) + " " + Words.text("Reminders to move it wait until it is free.")))
        }
        if let until = view.snoozedUntil {
            lines.append(
                row(
                    Words.text("Snoozed"),
                    Words.text(
                        "until {until}: reminders and warnings held back till then", ["until": clockTime(until)])))
        }
        let moves: [Move] = view.load?.isPaused == true ? [.resume, .cancel] : pet.cycle.stage.nextMoves
        let next = moves.map { TypedCommand.typed($0, pet.identity.name) }.joined(
            separator: "  " + Words.text("or") + "  ")
        lines.append(row(Words.text("Next"), style.dim(next)))
        let due = view.isOverdue ? style.paint(Words.text("overdue"), .red) : view.dueText
        lines.append(
            row(
                Words.text("Due"),
                Words.text("{due} (every {every})", ["due": due, "every": CycleDays.format(pet.settings.cycleDays)])))
        let last = pet.cycle.lastLaundryAt.map { DurationText.rough(view.now.timeIntervalSince($0)) }
        let cycles: String
        switch (pet.cycle.totalCycles, last) {
        case (0, nil): cycles = Words.text("none folded yet")
        case (0, let span?):
            // Laundry done before laundry knew it: the date a person gave, not a fold.
            cycles = Words.text("none folded yet; last laundry {span} ago, as given with --last-washed", ["span": span])
        case (let folded, let span):
            cycles = Words.text(
                "{folded} folded, {last}",
                [
                    "folded": Numbers.integer(folded),
                    "last": span.map { Words.text("last done {span} ago", ["span": $0]) }
                        ?? Words.text("never done yet"),
                ])
        }
        lines.append(row(Words.text("Cycles"), cycles))
        lines.append(
            row(
                Words.text("Streak"),
                Words.text(
                    "{now} now, {best} best",
                    ["now": String(pet.streak(at: view.now)), "best": String(pet.cycle.longestStreak)])))
        lines.append(
            row(
                Words.text("Loads"),
                Words.text(
                    "wash {wash}, dry {dry}",
                    ["wash": pet.settings.washDuration.description, "dry": pet.settings.dryDuration.description])))
        if let line = learnedLine { lines.append(row(Words.text("Learned"), line)) }
        if let line = programmesLine { lines.append(row(Words.text("Programmes"), line)) }
        lines.append(row(Words.text("Id"), style.dim(pet.id.lowercasedText)))
        // Narrower than the card: each line breaks between words (a row's under its value).
        return lines.map { TextFit.wrap($0, width: style.width, indent: 4) }.joined(separator: "\n")
    }

    /// "wash 47m (median of 5), dry 1h 2m (median of 3); used when no length is given", or that learning is off.
    private var learnedLine: String? {
        guard learned.wash != nil || learned.dry != nil else { return nil }
        func values(_ learned: LearnedLength) -> [String: String] {
            ["length": DurationText.length(learned.seconds), "runs": Numbers.integer(learned.runs)]
        }
        let parts = [
            learned.wash.map { Words.text("wash {length} (median of {runs})", values($0)) },
            learned.dry.map { Words.text("dry {length} (median of {runs})", values($0)) },
        ].compactMap { $0 }.joined(separator: ", ")
        return parts + "; "
            + (view.pet.settings.learns
                ? Words.text("used when no length is given") : Words.text("not used (laundry set --learn on)"))
    }

    /// "eco 2h15m (wash learned 2h10m, median of 3), quick 30m": each programme's typed length and what it learned.
    private var programmesLine: String? {
        let programmes = view.pet.settings.programmes
        guard !programmes.isEmpty else { return nil }
        return programmes.keys.sorted().map { name in
            let typed = "\(TerminalText.sanitize(name)) \(DurationText.length(programmes[name]?.timeInterval ?? 0))"
            let learned = learnedProgrammes[name]
            let parts = [
                learned?.wash.map {
                    Words.text(
                        "wash learned {length}, median of {runs}",
                        ["length": DurationText.length($0.seconds), "runs": Numbers.integer($0.runs)])
                },
                learned?.dry.map {
                    Words.text(
                        "dry learned {length}, median of {runs}",
                        ["length": DurationText.length($0.seconds), "runs": Numbers.integer($0.runs)])
                },
            ].compactMap { $0 }
            return parts.isEmpty ? typed : "\(typed) (\(parts.joined(separator: "; ")))"
        }.joined(separator: ", ")
    }

    private func row(_ label: String, _ value: String) -> String {
        let width = labelWidth
        return TextFit.wrap(
            "   " + style.dim(TextWidth.padded(label, to: width)) + " " + value, width: style.width, indent: width + 4)
    }

    /// The widest label in the person's language (7 columns in English), so values line up; wider with programmes.
    private var labelWidth: Int {
        ([
            Words.text("Health"), Words.text("Stage"), Words.text("Snoozed"), Words.text("Next"), Words.text("Due"),
            Words.text("Cycles"), Words.text("Streak"), Words.text("Loads"), Words.text("Learned"), Words.text("Id"),
        ] + (view.pet.settings.programmes.isEmpty ? [] : [Words.text("Programmes")])).map(TextWidth.of).max() ?? 7
    }

    private func clockTime(_ date: Date) -> String { LocalTime.clock(date, now: view.now) }
}
