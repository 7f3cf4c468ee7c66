import Foundation
import LaundryCore
import LaundryRendering
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
        let lines = card.render().split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "👕 Socks (clothes)  😊 happy")
        XCTAssertEqual(lines[1], "   “Socks is fresh.”")
        XCTAssertEqual(lines[3], "   Stage   Washing…  🌰 ▰▱▱▱▱▱▱▱▱▱ 40:00 left, done at 10:40")
        XCTAssertEqual(lines[4], "   Next    laundry cancel Socks  or  laundry pause Socks")
        XCTAssertEqual(lines.last, "   Id      \(state.pet.id.lowercasedText)")
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
        XCTAssertEqual(lines[0], "laundry watch  2026-11-21 10:00:00  (Ctrl-C to quit)")
        // A seed in its first fifth, an herb halfway.
        let washing = "washing       "
        XCTAssertEqual(lines[2], "👕 Short   \(washing) 🌿 ▰▰▰▰▰▱▱▱▱▱ 5:00     done at 10:05")
        XCTAssertEqual(lines[3], "👕 Long    \(washing) 🌰 ▰▱▱▱▱▱▱▱▱▱ 55:00    done at 10:55")
        XCTAssertEqual(lines[4], "👕 Towels  ✓ wash done → laundry dry Towels")
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
                "currentStreak", "longestStreak", "lastLaundryAt", "snoozedUntil",
            ])
        let timer = try XCTUnwrap(object["timer"] as? [String: Any])
        XCTAssertEqual(Set(timer.keys), ["kind", "startedAt", "endsAt", "remainingSeconds", "paused"])
        XCTAssertEqual(timer["remainingSeconds"] as? Double, 2400)
        XCTAssertEqual(object["growthStage"] as? Int, 1, "5 of 45 minutes: the first fifth")
        XCTAssertTrue(object["lastLaundryAt"] is NSNull, "null spelled out")
        XCTAssertTrue(object["snoozedUntil"] is NSNull, "no snooze holds")
    }

    /// A snooze shows wherever the pet is shown, until it is over.
    func test_aSnoozeShowsInTheCardTheTableAndJSONUntilItEnds() throws {
        var state = RenderingFixtures.state("Sheets", washingFor: 45, startedMinutesAgo: 60)
        _ = StageMachine.settle(&state, at: now)
        _ = StageMachine.snooze(&state, for: .minutes(50), at: now)
        let view = PetView(state: state, kinds: RenderingFixtures.kinds, now: now)
        let card = PetCard(view: view, style: Style(enabled: false)).render()
        XCTAssertTrue(
            card.contains("   Snoozed until 10:50: reminders and warnings held back till then"), card)
        XCTAssertEqual(view.timeLeftText(), "done, snoozed until 10:50")
        let table = PetTable(views: [view], style: Style(enabled: false)).render()
        XCTAssertTrue(table.contains("washed  done, snoozed until 10:50"), table)
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: try JSONCoding.encoder().encode(PetJSON(view))) as? [String: Any])
        XCTAssertEqual(object["snoozedUntil"] as? String, "2026-11-21T10:50:00.000Z")

        var idle = RenderingFixtures.state("Socks")
        _ = StageMachine.snooze(&idle, for: .minutes(10), at: now)
        XCTAssertEqual(
            PetView(state: idle, kinds: RenderingFixtures.kinds, now: now).timeLeftText(), "snoozed until 10:10")

        let later = PetView(state: state, kinds: RenderingFixtures.kinds, now: now.addingTimeInterval(3000))
        XCTAssertNil(later.snoozedUntil, "over at 10:50")
        XCTAssertEqual(later.timeLeftText(), "done")
        XCTAssertFalse(PetCard(view: later, style: Style(enabled: false)).render().contains("Snoozed"))
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
        XCTAssertEqual(lines[0], "Pets 1   Loads folded 2   Last 7 days 2   Last 30 days 2")
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
        let socks = [
            load(daysAgo: 1, washWh: 800, dryWh: 2200, cost: 0.96),
            load(daysAgo: 9, washWh: 700, dryWh: nil, cost: 0.2),
            load(daysAgo: 40, washWh: 5000, dryWh: 5000, cost: 9),
        ]
        let towels = [
            load(daysAgo: 3, washWh: 1000, dryWh: nil, cost: nil), load(daysAgo: 4, washWh: nil, dryWh: nil, cost: nil),
        ]
        var stats = LaundryStats(pets: [], folds: [], now: now, zone: zone, weeks: 2)
        stats.loads = LoadStats(pets: [("Socks", socks), ("Towels", towels)], now: now, weeks: 2)
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

        stats.loads = LoadStats(pets: [("Socks", socks)], now: now, weeks: 2)
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
