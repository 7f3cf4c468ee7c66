import Foundation
import LaundryCore
import XCTest

/// Load records from histories built by the stage machine itself.
final class LoadRecordTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    func test_aDryerCancelledLeavesTheLoadWetAndWaiting() throws {
        let pet = UUID()
        let wash = UUID()
        let dryer = UUID()
        let events = [
            HistoryEvent(at: start, event: .washStarted, petID: pet, loadID: wash),
            HistoryEvent(at: start.addingTimeInterval(2700), event: .washDone, petID: pet, loadID: wash),
            HistoryEvent(at: start.addingTimeInterval(3000), event: .dryStarted, petID: pet, loadID: dryer),
            HistoryEvent(at: start.addingTimeInterval(3100), event: .cancelled, petID: pet, loadID: dryer),
        ]
        let load = try XCTUnwrap(LoadRecords.derive(events).first)
        XCTAssertNil(load.end, "still going")
        XCTAssertNil(load.dryer)
        XCTAssertEqual(load.wetWait(at: start.addingTimeInterval(4000)), 1300, "waits until now")
    }

    func test_aNewWashBeforeTheFoldSupersedesTheOpenLoad() {
        let pet = UUID()
        let events = [
            HistoryEvent(at: start, event: .washStarted, petID: pet, loadID: UUID()),
            HistoryEvent(at: start.addingTimeInterval(60), event: .washStarted, petID: pet, loadID: UUID()),
        ]
        let loads = LoadRecords.derive(events)
        XCTAssertEqual(loads.map(\.end), [.superseded, nil])
        XCTAssertEqual(loads.first?.endedAt, start.addingTimeInterval(60))
    }

    func test_theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        XCTAssertEqual(LoadStats.median([600, 1800, 3000, 12_000]), 2400)
        XCTAssertEqual(LoadStats.median([5, 1, 3]), 3)
        XCTAssertNil(LoadStats.median([]))
    }

    /// Per pet, only pets with loads, each under its id: two pets of one name (adopted on two machines at once) are
    /// two rows.
    func test_statsListThePetsThatHaveLoads() {
        let wash = LoadRecord(id: UUID(), petID: UUID(), wash: .init(loadID: nil, started: start))
        let (socks, towels, twin) = (UUID(), UUID(), UUID())
        let stats = LoadStats(
            pets: [
                .init(id: socks, name: "Socks", since: start, loads: [wash]),
                .init(id: towels, name: "Towels", since: start, loads: []),
                .init(id: twin, name: "Socks", since: start, loads: [wash]),
            ],
            now: start.addingTimeInterval(3600), weeks: 4)
        XCTAssertEqual(stats.pets.map(\.name), ["Socks", "Socks"])
        XCTAssertEqual(Set(stats.pets.compactMap(\.petID)), [socks, twin])
        XCTAssertEqual(stats.pets.first?.loads, 1)
        XCTAssertEqual(stats.all.loads, 2)
        XCTAssertNil(stats.all.petID)
    }

    /// Loads a week over the weeks laundry has known the pet, at least one, at most the window: a pet adopted today
    /// with one load has one a week, not a sixteenth of one.
    func test_loadsPerWeekCountOnlyTheWeeksThePetWasKnownAndAtLeastOne() {
        func washes(_ daysAgo: [Double], before now: Date) -> [LoadRecord] {
            daysAgo.map {
                LoadRecord(
                    id: UUID(), petID: UUID(), wash: .init(loadID: nil, started: now.addingTimeInterval(-$0 * 86_400)))
            }
        }
        let now = start.addingTimeInterval(200 * 86_400)
        let today = LoadStats(
            pets: [
                .init(id: UUID(), name: "New", since: now.addingTimeInterval(-3600), loads: washes([0], before: now))
            ],
            now: now, weeks: 16)
        XCTAssertEqual(today.pets.first?.loadsPerWeek, 1)
        XCTAssertEqual(today.all.loadsPerWeek, 1)
        let threeWeeks = LoadStats(
            pets: [
                .init(
                    id: UUID(), name: "Mid", since: now.addingTimeInterval(-21 * 86_400),
                    loads: washes([1, 8, 15], before: now))
            ],
            now: now, weeks: 16)
        XCTAssertEqual(threeWeeks.pets.first?.loadsPerWeek ?? 0, 1, accuracy: 1e-9)
        let old = LoadStats(
            pets: [.init(id: UUID(), name: "Old", since: start, loads: washes([1, 8, 15, 120], before: now))],
            now: now, weeks: 16)
        XCTAssertEqual(
            old.pets.first?.loadsPerWeek ?? 0, 3.0 / 16, accuracy: 1e-9, "the window, the load before it out")
        XCTAssertEqual(LoadStats.weeksKnown(since: now, now: now, weeks: 16), 1)
    }

    func test_growthStagesTurnAtEachFifth() {
        let timer = Load(petID: UUID(), kind: .wash, startedAt: start, duration: .minutes(50))
        let stages = [0, 599, 600, 1199, 1200, 1799, 1800, 2399, 2400, 2999, 3000, 9999].map {
            timer.growthStage(at: start.addingTimeInterval(Double($0)))
        }
        XCTAssertEqual(stages, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5])
    }
}
