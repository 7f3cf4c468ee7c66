import Foundation
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

final class CardAndFrameTests: XCTestCase {
    private let now = RenderingFixtures.now

    override func setUp() {
        // LocalTime and the card speak local time: pin it so the golden strings hold anywhere.
        setenv("TZ", "UTC", 1)
    }

    func test_cardOfAWashingPet() {
        let state = RenderingFixtures.state("Socks", washingFor: 45)
        let card = PetCard(
            view: PetView(state: state, kinds: RenderingFixtures.kinds, now: now), style: Style(enabled: false))
        // The facts on each line; the words around them: Tests/Golden/outputs*.txt.
        let lines = card.render().split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("👕 Socks (Clothes)  😊 "), "the kind as written: \(lines[0])")
        let saying = RenderingFixtures.clothes.personality["happy"]?.first?.replacingOccurrences(
            of: "{name}", with: "Socks")
        XCTAssertTrue(lines[1].contains(saying ?? "?"), "the kind's saying: \(lines[1])")
        XCTAssertTrue(lines[3].contains("🌰 ▰▱▱▱▱▱▱▱▱▱ 40m "), lines[3])
        XCTAssertTrue(lines[3].hasSuffix(" 10:40"), lines[3])
        XCTAssertTrue(
            lines[4].contains(TypedCommand.typed(.cancel, "Socks"))
                && lines[4].contains(TypedCommand.typed(.pause, "Socks")),
            lines[4])
        XCTAssertTrue(lines.last?.hasSuffix(" \(state.pet.id.lowercasedText)") == true, "\(lines)")
    }

    /// A paused load shows one pause mark in the table (the time left's, not the stage's too), and every command
    /// the card and the table suggest names the pet, quoted as a name beginning with a dash must be.
    func test_aPausedLoadShowsOnePauseMarkAndEveryHintNamesThePet() throws {
        var paused = RenderingFixtures.state("-minus", washingFor: 45)
        _ = try StageMachine.pause(&paused, at: now)
        var lost = RenderingFixtures.state("Socks", washingFor: 45)
        lost.load = nil
        let views = [paused, lost].map { PetView(state: $0, kinds: RenderingFixtures.kinds, now: now) }
        let table = PetTable(views: views, style: Style(enabled: false)).render()
        let row = try XCTUnwrap(table.split(separator: "\n").first { $0.contains("-minus") })
        XCTAssertEqual(row.filter { $0 == "⏸" }.count, 1, String(row))
        XCTAssertEqual(views[0].stageText, views[0].stageText.trimmingCharacters(in: .letters.inverted))
        XCTAssertTrue(views[1].timeLeftText().contains(TypedCommand.typed(.cancel, "Socks")), views[1].timeLeftText())
        let card = PetCard(view: views[0], style: Style(enabled: false)).render()
        let stage = try XCTUnwrap(card.split(separator: "\n").first { $0.contains("⏸") })
        XCTAssertTrue(stage.contains("(\(TypedCommand.typed(.resume, "-minus")))"), String(stage))
    }

    /// The card's cycles: nothing folded is said as such; a last laundry laundry did not fold is the date given.
    func test_cyclesSayNothingFoldedAndWhereTheLastLaundryCameFrom() throws {
        func cycles(_ pet: Pet) throws -> String {
            let card = PetCard(
                view: PetView(state: PetState(pet: pet), kinds: RenderingFixtures.kinds, now: now),
                style: Style(enabled: false)
            ).render()
            return try XCTUnwrap(card.split(separator: "\n").first { $0.contains("Cycles") }).description
        }
        // Which message the card chose, by the catalogue's own words (their English is in the golden files).
        var pet = RenderingFixtures.state("Socks").pet
        XCTAssertTrue(try cycles(pet).hasSuffix(Words.text("none folded yet")))
        pet.cycle.lastLaundryAt = now.addingTimeInterval(-9 * 86_400 - 4 * 3600)
        let given = try cycles(pet)
        XCTAssertTrue(
            given.hasSuffix(
                Words.text(
                    "none folded yet; last laundry {span} ago, as given with --last-washed",
                    ["span": DurationText.rough(9 * 86_400 + 4 * 3600)])), given)
        pet.cycle.totalCycles = 3
        let folded = try cycles(pet)
        let last = Words.text("last done {span} ago", ["span": DurationText.rough(9 * 86_400 + 4 * 3600)])
        XCTAssertTrue(folded.hasSuffix(Words.text("{folded} folded, {last}", ["folded": "3", "last": last])), folded)
    }

    func test_watchFrameShowsRunningTimersSoonestFirstThenWaitingLoads() {
        var waiting = RenderingFixtures.state("Towels")
        waiting.pet.cycle.stage = .washed
        let frame = WatchFrame(
            states: [
                RenderingFixtures.state("Long", washingFor: 60),
                RenderingFixtures.state("Short", washingFor: 10), waiting,
            ],
            kinds: RenderingFixtures.kinds, now: now, style: Style(enabled: false))
        let lines = frame.lines()
        XCTAssertTrue(frame.hasRunningTimer)
        XCTAssertTrue(lines[0].contains("  2026-11-21 10:00:00  "), lines[0])
        // Soonest first: a seed in its first fifth, an herb halfway; then the load that waits for the dryer.
        XCTAssertTrue(lines[2].hasPrefix("👕 Short "), lines[2])
        XCTAssertTrue(lines[2].contains(" 🌿 ▰▰▰▰▰▱▱▱▱▱ 5:00 "), lines[2])
        XCTAssertTrue(lines[2].hasSuffix(" 10:05"), lines[2])
        XCTAssertTrue(lines[3].hasPrefix("👕 Long "), lines[3])
        XCTAssertTrue(lines[3].contains(" 🌰 ▰▱▱▱▱▱▱▱▱▱ 55:00 "), lines[3])
        XCTAssertTrue(lines[3].hasSuffix(" 10:55"), lines[3])
        XCTAssertTrue(
            lines[4].hasPrefix("👕 Towels  ✓ ") && lines[4].hasSuffix(TypedCommand.typed(.dry, "Towels")), lines[4])
        XCTAssertEqual(lines[2].count, lines[3].count, "the columns line up")
    }

    /// The same pet with no snooze.
    private static func settled(_ state: PetState) -> PetState {
        var state = state
        state.pet.reminders.snoozedUntil = nil
        return state
    }

    /// A washed pet waiting for another pet's load in the dryer: whose, and when it frees (null while paused).
    func test_jsonSaysWhatTheWashedPetWaitsForInTheDryer() throws {
        let towels = UUID()
        for until in [now + 1800, nil] {
            var view = PetView(
                state: RenderingFixtures.state("Socks", washingFor: 45), kinds: RenderingFixtures.kinds, now: now)
            view.dryerBusy = Dryer.Busy(petID: towels, until: until, at: now)
            let text = String(decoding: try JSONCoding.encoder().encode(PetJSON(view)), as: UTF8.self)
            XCTAssertNil(SchemaCheck.problems(text, against: "status"))
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let waits = try XCTUnwrap(object["waitsForDryer"] as? [String: Any])
            XCTAssertEqual(waits["petId"] as? String, towels.lowercasedText)
            XCTAssertEqual(waits["freeAt"] as? String, until.map { Timestamp.format($0) })
            if until == nil { XCTAssertTrue(waits["freeAt"] is NSNull, "null spelled out") }
        }
    }

    func test_jsonShapeHasExactlyTheDocumentedKeys() throws {
        let view = PetView(
            state: RenderingFixtures.state("Socks", washingFor: 45), kinds: RenderingFixtures.kinds, now: now)
        let data = try JSONCoding.encoder().encode(PetJSON(view))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(
            Set(object.keys),
            [
                "id", "name", "kind", "stage", "health", "mood", "timer", "growthStage", "totalCycles",
                "currentStreak", "longestStreak", "lastLaundryAt", "snoozedUntil", "loadId", "waitsForDryer", "dueAt",
                "settings",
            ])
        XCTAssertNil(SchemaCheck.problems(String(decoding: data, as: UTF8.self), against: "status"))
        let timer = try XCTUnwrap(object["timer"] as? [String: Any])
        XCTAssertEqual(Set(timer.keys), ["kind", "startedAt", "endsAt", "remainingSeconds", "paused"])
        XCTAssertEqual(timer["remainingSeconds"] as? Double, 2400)
        XCTAssertEqual(object["growthStage"] as? Int, 1, "5 of 45 minutes: the first fifth")
        XCTAssertTrue(object["lastLaundryAt"] is NSNull, "null spelled out")
        XCTAssertTrue(object["snoozedUntil"] is NSNull, "no snooze holds")
        XCTAssertTrue(object["waitsForDryer"] is NSNull, "it waits for no dryer")
    }

    /// A snooze shows wherever the pet is shown, until it is over.
    func test_aSnoozeShowsInTheCardTheTableAndJSONUntilItEnds() throws {
        var state = RenderingFixtures.state("Sheets", washingFor: 45, startedMinutesAgo: 60)
        _ = StageMachine.settle(&state, at: now)
        _ = StageMachine.snooze(&state, for: .minutes(50), at: now)
        let view = PetView(state: state, kinds: RenderingFixtures.kinds, now: now)
        // Until when, wherever the pet is shown (the words: Tests/Golden/outputs*.txt).
        let card = PetCard(view: view, style: Style(enabled: false)).render()
        XCTAssertEqual(card.split(separator: "\n").filter { $0.contains("10:50") }.count, 1, card)
        let unsnoozed = PetView(state: Self.settled(state), kinds: RenderingFixtures.kinds, now: now)
        XCTAssertTrue(view.timeLeftText().hasPrefix(unsnoozed.timeLeftText()), view.timeLeftText())
        XCTAssertTrue(view.timeLeftText().hasSuffix(" 10:50"), view.timeLeftText())
        let table = PetTable(views: [view], style: Style(enabled: false)).render()
        XCTAssertTrue(table.contains(view.timeLeftText()), table)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: try JSONCoding.encoder().encode(PetJSON(view))) as? [String: Any])
        XCTAssertEqual(object["snoozedUntil"] as? String, "2026-11-21T10:50:00.000Z")

        var idle = RenderingFixtures.state("Socks")
        _ = StageMachine.snooze(&idle, for: .minutes(10), at: now)
        XCTAssertTrue(
            PetView(state: idle, kinds: RenderingFixtures.kinds, now: now).timeLeftText().hasSuffix(" 10:10"))

        let later = PetView(state: state, kinds: RenderingFixtures.kinds, now: now.addingTimeInterval(3000))
        XCTAssertNil(later.snoozedUntil, "over at 10:50")
        XCTAssertEqual(later.timeLeftText(), unsnoozed.timeLeftText())
        XCTAssertFalse(PetCard(view: later, style: Style(enabled: false)).render().contains("10:50"))
    }

    func test_statsCalendarPutsFoldsOnTheirDays() {
        let zone = LocalZone(RenderingFixtures.utc.timeZone)
        var pet = Pet(
            name: try! PetName("Socks"), kind: RenderingFixtures.clothes,
            createdAt: now.addingTimeInterval(-86_400 * 30))
        pet.cycle.totalCycles = 2
        // And one long before the calendar's first day, which no day counts.
        let folds = [
            now.addingTimeInterval(-86_400), now.addingTimeInterval(-86_400 + 60),
            now.addingTimeInterval(-86_400 * 400),
        ]
        let stats = LaundryStats(pets: [pet], folds: folds, now: now, zone: zone, weeks: 2)
        let lines = StatsView(stats: stats, style: Style(enabled: false), zone: zone).render()
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Pets 1, loads folded 2, in the last 7 days 2, in the last 30 days 2 (the words: outputs.txt).
        XCTAssertEqual(lines[0].split { !$0.isNumber }, ["1", "2", "7", "2", "30", "2"], lines[0])
        XCTAssertEqual(lines[2], "      Nov")
        // 2026-11-21 is a Saturday: two folds on Friday the 20th, today's cell is a dot, Sunday is ahead.
        XCTAssertEqual(lines[3], "Mon   · ·")
        XCTAssertEqual(lines[7], "Fri   · ■")
        XCTAssertEqual(lines[8], "      · ·")
        XCTAssertEqual(lines[9], "Sun   ·")
    }

    /// Energy and cost per week, in all and per pet, from the loads of the window only; a pet with
    /// an unpriced load has no cost, and then neither has the whole household.
    func test_statsGiveEnergyAndCostPerWeekWherePlugsMeasured() {
        let zone = LocalZone(RenderingFixtures.utc.timeZone)
        func load(daysAgo: Double, washWh: Double?, dryWh: Double?, cost: Double?) -> LoadRecord {
            let started = now.addingTimeInterval(-daysAgo * 86_400)
            var load = LoadRecord(
                id: UUID(), petID: UUID(), wash: .init(loadID: UUID(), started: started, ended: started + 3600))
            load.dryer = .init(loadID: UUID(), started: started + 3700, ended: started + 7300)
            if let washWh {
                load.wash.energy = .init(
                    appliance: .washer, wattHours: washWh, cost: cost.map { $0 / 2 }, currency: cost.map { _ in "EUR" })
            }
            if let dryWh {
                load.dryer?.energy = .init(
                    appliance: .dryer, wattHours: dryWh, cost: cost.map { $0 / 2 }, currency: cost.map { _ in "EUR" })
            }
            return load
        }
        // Both pets adopted long before the window: a rate is per week of the window.
        func pet(_ name: String, _ loads: [LoadRecord]) -> LoadStats.PetLoads {
            .init(id: UUID(), name: name, since: now.addingTimeInterval(-100 * 86_400), loads: loads)
        }
        let socks = [
            load(daysAgo: 1, washWh: 800, dryWh: 2200, cost: 0.96),
            load(daysAgo: 9, washWh: 700, dryWh: nil, cost: 0.2),
            load(daysAgo: 40, washWh: 5000, dryWh: 5000, cost: 9),
        ]
        let towels = [
            load(daysAgo: 3, washWh: 1000, dryWh: nil, cost: nil), load(daysAgo: 4, washWh: nil, dryWh: nil, cost: nil),
        ]
        var stats = LaundryStats(pets: [], folds: [], now: now, zone: zone, weeks: 2)
        stats.loads = LoadStats(pets: [pet("Socks", socks), pet("Towels", towels)], now: now, weeks: 2)
        // The window is two weeks: the load 40 days ago counts for neither energy nor cost.
        XCTAssertEqual(stats.loads.all.energyWhPerWeek, (800 + 2200 + 700 + 1000) / 2)
        XCTAssertNil(stats.loads.all.costPerWeek, "Towels' load had no price")
        let byName = Dictionary(uniqueKeysWithValues: stats.loads.pets.map { ($0.name, $0) })
        XCTAssertEqual(byName["Socks"]?.energyWhPerWeek, (800 + 2200 + 700) / 2)
        XCTAssertEqual(
            byName["Socks"]?.costPerWeek ?? 0, (0.96 + 0.1) / 2, accuracy: 1e-12, "half of 0.2: its dryer had no plug")
        XCTAssertEqual(byName["Socks"]?.currency, "EUR")
        XCTAssertEqual(byName["Towels"]?.energyWhPerWeek, 500)
        XCTAssertNil(byName["Towels"]?.costPerWeek)

        let table = StatsView(stats: stats, style: Style(enabled: false), zone: zone).render()
        let header = table.split(separator: "\n").first { $0.hasPrefix("LOADS") }.map(String.init) ?? ""
        XCTAssertTrue(header.hasSuffix("ENERGY / WEEK"), "no cost column without a price for all: \(table)")
        let row = table.split(separator: "\n").first { $0.hasPrefix("Socks") }.map(String.init) ?? ""
        XCTAssertTrue(row.hasSuffix("1.85 kWh"), row)

        stats.loads = LoadStats(pets: [pet("Socks", socks)], now: now, weeks: 2)
        let priced = StatsView(stats: stats, style: Style(enabled: false), zone: zone).render()
        let socksRow = priced.split(separator: "\n").first { $0.hasPrefix("Socks") }.map(String.init) ?? ""
        XCTAssertTrue(socksRow.contains("1.85 kWh") && socksRow.hasSuffix("0.53 EUR"), socksRow)
        XCTAssertFalse(
            StatsView(
                stats: LaundryStats(pets: [], folds: [], now: now, zone: zone, weeks: 2), style: Style(enabled: false),
                zone: zone
            ).render().contains("ENERGY"), "no plug, no column")
    }
}
