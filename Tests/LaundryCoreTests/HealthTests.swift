import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

final class HealthTests: XCTestCase {
    private let start = Fixtures.start

    /// Health after `fraction` of a 100-day cycle, so one day is one point.
    private func health(afterDays days: Double, cycle: Double = 100) -> Int {
        Health.value(since: start, cycleDays: cycle, at: start.addingTimeInterval(days * 86_400))
    }

    func test_fallsInAStraightLineAndRounds() {
        XCTAssertEqual(health(afterDays: 0), 100)
        XCTAssertEqual(health(afterDays: 25), 75)
        XCTAssertEqual(health(afterDays: 0.49), 100)
        XCTAssertEqual(health(afterDays: 0.5), 99, "half a point rounds away from zero")
        XCTAssertEqual(health(afterDays: 3.5, cycle: 7), 50)
        XCTAssertEqual(health(afterDays: 100), 0)
        XCTAssertEqual(health(afterDays: 1000), 0, "never below 0")
        XCTAssertEqual(
            Health.value(since: start, cycleDays: 7, at: start.addingTimeInterval(-3600)), 100,
            "a clock set back does not raise health above 100")
    }

    func test_moodBoundaries() {
        let expectations: [(Int, Mood)] = [
            (100, .happy), (75, .happy), (74, .neutral), (50, .neutral), (49, .sad), (25, .sad),
            (24, .verySad), (1, .verySad), (0, .dead),
        ]
        for (value, mood) in expectations { XCTAssertEqual(Mood(health: value), mood, "health \(value)") }
    }

    func test_moodAtHealthBoundariesFromTime() {
        XCTAssertEqual(Mood(health: health(afterDays: 25)), .happy)
        XCTAssertEqual(Mood(health: health(afterDays: 26)), .neutral)
        XCTAssertEqual(Mood(health: health(afterDays: 75)), .sad)
        XCTAssertEqual(Mood(health: health(afterDays: 76)), .verySad)
        XCTAssertEqual(Mood(health: health(afterDays: 99)), .verySad)
        XCTAssertEqual(Mood(health: health(afterDays: 99.6)), .dead)
    }

    func test_healthCountsFromLastLaundryElseAdoption() {
        var pet = Fixtures.pet(cycleDays: 10)
        let later = start.addingTimeInterval(5 * 86_400)
        XCTAssertEqual(pet.health(at: later), 50)
        pet.cycle.lastLaundryAt = start.addingTimeInterval(4 * 86_400)
        XCTAssertEqual(pet.health(at: later), 90)
    }

    func test_dueDateIsOneCycleAfterTheLastLaundry() {
        let pet = Fixtures.pet(cycleDays: 7)
        XCTAssertEqual(pet.dueDate(), start.addingTimeInterval(7 * 86_400))
    }

    /// The daemon skips a pet's health tick until this moment: health must not reach a warning
    /// before it, and must just after.
    func test_theFirstWarningDateIsWhenHealthFirstReadsTheHighestWarning() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for days in [0.01, 0.5, 1, 5, 7, 13.7, 365] {
            let first = Health.firstWarningDate(since: start, cycleDays: days)
            XCTAssertGreaterThan(
                Health.value(since: start, cycleDays: days, at: first.addingTimeInterval(-0.001)),
                Health.highestWarning,
                "\(days) days: no warning before it")
            XCTAssertLessThanOrEqual(
                Health.value(since: start, cycleDays: days, at: first.addingTimeInterval(0.002)), Health.highestWarning,
                "\(days) days: a warning just after it")
        }
    }
}
