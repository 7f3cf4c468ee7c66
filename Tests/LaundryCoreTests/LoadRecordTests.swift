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

    /// Per pet, only pets with loads; a name two pets shared (one released) counts as one row.
    func test_statsListThePetsThatHaveLoads() {
        let wash = LoadRecord(id: UUID(), petID: UUID(), wash: .init(loadID: nil, started: start))
        let stats = LoadStats(
            pets: [(name: "Socks", loads: [wash]), (name: "Towels", loads: []), (name: "Socks", loads: [wash])],
            now: start.addingTimeInterval(3600), weeks: 4)
        XCTAssertEqual(stats.pets.map(\.name), ["Socks"])
        XCTAssertEqual(stats.pets.first?.loads, 2)
        XCTAssertEqual(stats.all.loads, 2)
    }

    func test_growthStagesTurnAtEachFifth() {
        let timer = Load(petID: UUID(), kind: .wash, startedAt: start, duration: .minutes(50))
        let stages = [0, 599, 600, 1199, 1200, 1799, 1800, 2399, 2400, 2999, 3000, 9999].map {
            timer.growthStage(at: start.addingTimeInterval(Double($0)))
        }
        XCTAssertEqual(stages, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5])
    }
}
