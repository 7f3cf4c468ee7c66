import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// Health falling over the pet's cycle, death, streaks of folds, and the statistics made of them.
final class HealthAndStreakTests: LaundryTestCase {
    private let day = 86_400.0
    private let utc = LocalZone(TimeZone(secondsFromGMT: 0)!)

    private func health(_ name: String) throws -> Int { try laundry.pet(name).pet.health(at: clock.now()) }

    func test_healthFallsInAStraightLineOverTheKindsCycle() throws {
        try adopt("Socks")
        XCTAssertEqual(try health("socks"), 100)
        clock.advance(by: 2.5 * day)
        XCTAssertEqual(try health("socks"), 50, "clothes have a cycle of 5 days")
        clock.advance(by: 1.25 * day)
        XCTAssertEqual(try health("socks"), 25)
        clock.advance(by: 1.25 * day)
        XCTAssertEqual(try health("socks"), 0)
        XCTAssertTrue(try laundry.pet("socks").pet.isDead(at: clock.now()))
    }

    func test_aShorterCycleMakesHealthFallFaster() throws {
        try adopt("Socks")
        _ = try laundry.configure("socks", PetSettings(cycleDays: 1))
        clock.advance(by: 0.5 * day)
        XCTAssertEqual(try health("socks"), 50)
    }

    func test_aLastWashGivenAtAdoptionStartsHealthThen() throws {
        _ = try laundry.adopt(PetSettings(name: try PetName("Socks"), lastWashed: start.addingTimeInterval(-4 * day)))
        XCTAssertEqual(try health("socks"), 20)
    }

    func test_settingTheLastWashRaisesHealth() throws {
        try adopt("Socks")
        clock.advance(by: 4 * day)
        _ = try laundry.configure("socks", PetSettings(lastWashed: clock.now().addingTimeInterval(-day)))
        XCTAssertEqual(try health("socks"), 80)
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.lastLaundryAt, clock.now().addingTimeInterval(-day))
    }

    func test_aFoldBringsHealthBackToFull() throws {
        try adopt("Socks")
        clock.advance(by: 3 * day)
        try washAndFold("socks", minutes: 1)
        XCTAssertEqual(try health("socks"), 100)
        XCTAssertEqual(try laundry.pet("socks").pet.cycle.lastLaundryAt, clock.now())
    }

    func test_foldsInARowGrowTheStreak() throws {
        try adopt("Socks")
        try washAndFold("socks", minutes: 1)
        clock.advance(by: day)
        try washAndFold("socks", minutes: 1)
        let cycle = try laundry.pet("socks").pet.cycle
        XCTAssertEqual(cycle.currentStreak, 2)
        XCTAssertEqual(cycle.longestStreak, 2)
        XCTAssertEqual(cycle.totalCycles, 2)
        XCTAssertEqual(try newest(.folded, of: "Socks")?.detail, .cycle(2))
    }

    func test_deathIsInHistoryWhenHealthReachedZero() throws {
        try adopt("Socks")
        try washAndFold("socks", minutes: 1)
        let folded = clock.now()
        clock.advance(by: 10 * day)
        let died = try XCTUnwrap(try newest(.died, of: "Socks"))
        XCTAssertEqual(died.at, folded.addingTimeInterval(5 * day * 0.995))
        XCTAssertNil(died.by, "no one's doing")
    }

    func test_aPetWithoutAStreakDiesWithoutAnEvent() throws {
        try adopt("Socks")
        clock.advance(by: 10 * day)
        XCTAssertEqual(try health("socks"), 0)
        XCTAssertEqual(try historyKinds("Socks"), [.adopted])
    }

    func test_deathLosesTheStreakButNotTheLongest() throws {
        try adopt("Socks")
        try washAndFold("socks", minutes: 1)
        try washAndFold("socks", minutes: 1)
        clock.advance(by: 6 * day)
        let cycle = try laundry.pet("socks").pet.cycle
        XCTAssertEqual(cycle.currentStreak, 0)
        XCTAssertEqual(cycle.longestStreak, 2)
    }

    func test_aFoldAfterDeathStartsTheStreakAgain() throws {
        try adopt("Socks")
        try washAndFold("socks", minutes: 1)
        try washAndFold("socks", minutes: 1)
        clock.advance(by: 6 * day)
        try washAndFold("socks", minutes: 1)
        let cycle = try laundry.pet("socks").pet.cycle
        XCTAssertEqual(cycle.currentStreak, 1)
        XCTAssertEqual(cycle.longestStreak, 2)
        XCTAssertEqual(cycle.totalCycles, 3)
    }

    func test_statisticsCountCyclesAndTheWeeksFolds() throws {
        try adopt("Socks")
        try adopt("Shirts")
        try washAndFold("socks", minutes: 1)
        try washAndFold("socks", minutes: 1)
        try washAndFold("shirts", minutes: 1)
        var stats = laundry.statistics(weeks: 1, zone: utc)
        XCTAssertEqual(stats.petCount, 2)
        XCTAssertEqual(stats.totalCycles, 3)
        XCTAssertEqual(stats.foldedLast7Days, 3)
        XCTAssertEqual(stats.bestCurrentStreak?.name, "Socks")
        clock.advance(by: 8 * day)
        stats = laundry.statistics(weeks: 1, zone: utc)
        XCTAssertEqual(stats.foldedLast7Days, 0)
        XCTAssertEqual(stats.foldedLast30Days, 3)
        XCTAssertEqual(stats.pets.map(\.currentStreak), [0, 0], "both died since")
    }

    func test_statisticsCountWhoStartedAndWhoFolded() throws {
        let pet = try adopt("Socks")
        _ = try laundry.perform(.wash(.minutes(1)), onPet: pet.id, by: Person("Ana"))
        clock.advance(by: 60)
        _ = try laundry.perform(.fold, onPet: pet.id, by: Person("Ben"))
        let people = laundry.statistics(weeks: 1, zone: utc).people
        XCTAssertEqual(people.map(\.person), [Person("Ben"), Person("Ana")], "the larger share first")
        XCTAssertEqual(people.map(\.started), [0, 1])
        XCTAssertEqual(people.map(\.moved), [1, 0], "air-dried: moved by who folded it off the line")
        XCTAssertEqual(people.map(\.folded), [1, 0])
    }
}
