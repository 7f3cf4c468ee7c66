import LaundryCore

/// `laundry stats`: totals, streaks, and a grid of folded loads per day (weeks across, Monday on top).
public struct StatsView {
    public let stats: LaundryStats
    public let style: Style
    public let zone: LocalZone

    public init(stats: LaundryStats, style: Style, zone: LocalZone = .current) {
        self.stats = stats
        self.style = style
        self.zone = zone
    }

    public func render() -> String {
        var lines: [String] = []
        lines.append(
            "\(style.bold(Words.text("Pets"))) \(Numbers.integer(stats.petCount))   "
                + "\(style.bold(Words.text("Loads folded"))) \(Numbers.integer(stats.totalCycles))   "
                + "\(style.bold(Words.text("Last 7 days"))) \(Numbers.integer(stats.foldedLast7Days))   "
                + "\(style.bold(Words.text("Last 30 days"))) \(Numbers.integer(stats.foldedLast30Days))"
        )
        if let best = stats.bestCurrentStreak, best.currentStreak > 0 {
            lines.append(
                Words.text(
                    "Best current streak: {name} ({streak})",
                    ["name": TerminalText.sanitize(best.name), "streak": String(best.currentStreak)]))
        }
        if let best = stats.bestLongestStreak, best.longestStreak > 0 {
            lines.append(
                Words.text(
                    "Longest streak ever: {name} ({streak})",
                    ["name": TerminalText.sanitize(best.name), "streak": String(best.longestStreak)]))
        }
        if stats.loads.all.loads > 0 {
            lines.append("")
            lines.append(loadTable())
        }
        lines.append("")
        lines += grid()
        lines.append("")
        lines.append(
            style.dim("      " + Words.text("less") + " ") + [0, 1, 2, 3].map(cell).joined(separator: " ")
                + style.dim(" " + Words.text("more") + "   " + Words.text("(loads folded per day)")))
        return lines.map { TextFit.wrap($0, width: style.width, indent: 6) }.joined(separator: "\n")
    }

    /// Wet waits, loads per week, folds within an hour of the dryer: in all, then per pet.
    private func loadTable() -> String {
        var header = [
            Words.text("LOADS"), "#", Words.text("WET WAIT (MEDIAN)"), Words.text("LONGEST"), Words.text("PER WEEK"),
            Words.text("FOLDED WITHIN 1 H"),
        ]
        func span(_ seconds: Double?) -> String { seconds.map { DurationText.rough($0.rounded()) } ?? "–" }
        let figures = [stats.loads.all] + stats.loads.pets
        // Only where a plug measured something: energy and cost per week.
        let metered = stats.loads.all.energyWhPerWeek != nil
        let priced = stats.loads.all.costPerWeek != nil
        if metered { header.append(Words.text("ENERGY / WEEK")) }
        if priced { header.append(Words.text("COST / WEEK")) }
        let rows: [[TextTable.Cell]] = figures.map { figures in
            let energy: [TextTable.Cell] = metered ? [(figures.energyWhPerWeek.map(EnergyText.kWh) ?? "–", nil)] : []
            let cost: [TextTable.Cell] =
                priced ? [(figures.costPerWeek.map { EnergyText.cost($0, figures.currency) } ?? "–", nil)] : []
            return [
                (figures.name.map(TerminalText.sanitize) ?? Words.text("all pets"), figures.name == nil ? .bold : nil),
                (Numbers.integer(figures.loads), nil),
                (span(figures.medianWetWait), (figures.medianWetWait ?? 0) >= 3600 ? .red : nil),
                (span(figures.longestWetWait), nil),
                (Numbers.plain((figures.loadsPerWeek * 10).rounded() / 10), nil),
                (figures.foldedWithinAnHour.map { Numbers.percent(Int(($0 * 100).rounded())) } ?? "–", nil),
            ] + energy + cost
        }
        // To fit a terminal: energy and cost, the longest wait, the folds within the hour, the name's tail.
        let extra = (6..<header.count).reversed().map(TextTable.Cut.drop)
        return TextTable.render(
            header: header, rows: rows, style: style,
            cuts: extra + [.drop(3), .drop(5), .shorten(0, to: 10), .drop(4), .shorten(2, to: 8)])
    }

    private func grid() -> [String] {
        // Each week is a column two characters wide; a month's name starts above its first week. On a terminal
        // narrower than the weeks asked for, the newest weeks that fit.
        let first = max(0, stats.days.count / 7 - max(0, ((style.width ?? .max) - 10) / 2))
        let weeks = stats.days.count / 7 - first
        var monthRow = [Character](repeating: " ", count: weeks * 2 + 4)
        var lastMonth = -1
        var freeFrom = 0
        for week in 0..<weeks {
            let month = zone.fields(of: stats.days[(first + week) * 7].start).month
            guard month != lastMonth else { continue }
            lastMonth = month
            let name = Array(ClockFace.current.months[month - 1])
            guard week * 2 >= freeFrom, week * 2 + name.count <= monthRow.count else { continue }
            monthRow.replaceSubrange(week * 2..<week * 2 + name.count, with: name)
            freeFrom = week * 2 + name.count + 1
        }
        let monthLine = "      " + String(monthRow)
        var rows = [style.dim(monthLine.trimming({ $0 == " " }, leading: false))]
        let weekdays = ClockFace.current.weekdays
        let labels = [weekdays[1], "", weekdays[3], "", weekdays[5], "", weekdays[0]]
        for weekday in 0..<7 {
            var row = style.dim(TextWidth.padded(labels[weekday], to: 6))
            for week in 0..<weeks {
                let day = stats.days[(first + week) * 7 + weekday]
                row += (day.isPast ? cell(day.folded) : " ") + " "
            }
            rows.append(row.trimming({ $0 == " " }, leading: false))
        }
        return rows
    }

    private func cell(_ count: Int) -> String {
        switch count {
        case 0: return style.dim("·")
        case 1: return style.paint("▪", .green)
        case 2: return style.paint("■", .green)
        default: return style.paint("█", .green)
        }
    }
}

/// The `--json` shape of `laundry stats`.
public struct StatsJSON: Encodable {
    public struct PetJSON: Encodable {
        let petId: String
        let name: String
        let totalCycles: Int
        let currentStreak: Int
        let longestStreak: Int
    }

    public struct DayJSON: Encodable {
        let date: String
        let folded: Int
    }

    public let pets: Int
    public let totalCycles: Int
    public let foldedLast7Days: Int
    public let foldedLast30Days: Int
    public let perPet: [PetJSON]
    public let days: [DayJSON]
    /// The load records' figures, in all (no `name`: it is no one pet's row) and per pet (durations in seconds,
    /// shares 0…1).
    public let loads: LoadFiguresJSON
    public let loadsPerPet: [LoadFiguresJSON]

    public struct LoadFiguresJSON: Encodable {
        /// The pet's; absent from every pet's together.
        let petId: String?
        let name: String?
        let loads: Int
        let medianWetWaitSeconds: Nullable<Double>
        let longestWetWaitSeconds: Nullable<Double>
        let loadsPerWeek: Double
        let foldedWithinAnHourShare: Nullable<Double>
        /// Absent without a plug, and the cost without a price; unrounded.
        let energyWhPerWeek: Double?
        let costPerWeek: Double?
        let currency: String?

        init(_ figures: LoadStats.Figures) {
            func thousandths(_ value: Double?) -> Nullable<Double> { Nullable(JSONOutput.seconds(value)) }
            (petId, name) = (figures.petID?.lowercasedText, figures.name)
            (loads, loadsPerWeek) = (figures.loads, (figures.loadsPerWeek * 100).rounded() / 100)
            (medianWetWaitSeconds, longestWetWaitSeconds, foldedWithinAnHourShare) = (
                thousandths(figures.medianWetWait), thousandths(figures.longestWetWait),
                thousandths(figures.foldedWithinAnHour)
            )
            (energyWhPerWeek, costPerWeek, currency) = (figures.energyWhPerWeek, figures.costPerWeek, figures.currency)
        }
    }

    public init(_ stats: LaundryStats, zone: LocalZone = .current) {
        pets = stats.petCount
        totalCycles = stats.totalCycles
        foldedLast7Days = stats.foldedLast7Days
        foldedLast30Days = stats.foldedLast30Days
        perPet = stats.pets.map {
            PetJSON(
                petId: $0.id.lowercasedText, name: $0.name, totalCycles: $0.totalCycles,
                currentStreak: $0.currentStreak,
                longestStreak: $0.longestStreak)
        }
        days = stats.days.filter(\.isPast).map { day in
            let parts = zone.fields(of: day.start)
            let date = DigitText.day(year: parts.year, month: parts.month, day: parts.day)
            return DayJSON(date: date, folded: day.folded)
        }
        loads = LoadFiguresJSON(stats.loads.all)
        loadsPerPet = stats.loads.pets.map(LoadFiguresJSON.init)
    }
}
