import Foundation
import XCTest

@testable import LaundryCore

/// The length a pet learns: the median of its last five measured runs, once there are three.
final class LearnedLengthTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Loads a day apart whose washes ran `minutes` each (and a dryer half as long).
    private func loads(_ minutes: [Double]) -> [LoadRecord] {
        minutes.enumerated().map { index, length in
            let began = start.addingTimeInterval(Double(index) * 86_400)
            var load = LoadRecord(
                id: UUID(), petID: UUID(),
                wash: .init(loadID: UUID(), started: began, ended: began.addingTimeInterval(length * 60)))
            load.dryer = .init(
                loadID: UUID(), started: began.addingTimeInterval(7200),
                ended: began.addingTimeInterval(7200 + length * 30))
            return load
        }
    }

    /// The median as this test computes it: the middle of the last five, sorted.
    private func median(_ values: [Double]) -> Double {
        let last = Array(values.suffix(5)).sorted()
        return last.count % 2 == 1 ? last[last.count / 2] : (last[last.count / 2 - 1] + last[last.count / 2]) / 2
    }

    func test_threeFiveAndSevenMeasuredWashes() {
        let lengths: [Double] = [30, 50, 40, 70, 60, 20, 90]
        XCTAssertNil(LearnedLength.of(loads(Array(lengths.prefix(2))), .wash), "two are not enough")
        for count in [3, 5, 7] {
            let learned = LearnedLength.of(loads(Array(lengths.prefix(count))), .wash)
            XCTAssertEqual(learned?.seconds, median(Array(lengths.prefix(count))) * 60, "\(count) washes")
            XCTAssertEqual(learned?.runs, min(count, 5))
            XCTAssertEqual(
                LearnedLength.of(loads(Array(lengths.prefix(count))), .dry)?.seconds,
                median(Array(lengths.prefix(count))) * 30, "the dryer learns the same way")
        }
        XCTAssertEqual(
            LearnedLength.of(loads([30, 50, 40, 70]), .wash)?.seconds, 45 * 60, "four: the middle two's mean")
    }

    func test_eachProgrammeLearnsOnItsOwnAndPlainRunsLearnWithoutThem() {
        var records = loads([30, 50, 40, 130, 140, 120, 135])
        for index in 3..<7 { records[index].wash.programme = "eco" }
        records[6].dryer?.programme = "eco"
        XCTAssertEqual(LearnedLength.of(records, .wash)?.seconds, 40 * 60, "plain: 30, 50 and 40 alone")
        XCTAssertEqual(
            LearnedLength.of(records, .wash, programme: "eco")?.seconds, 132.5 * 60, "eco: 130, 140, 120 and 135")
        XCTAssertEqual(LearnedLength.of(records, .wash, programme: "eco")?.runs, 4)
        XCTAssertNil(LearnedLength.of(records, .wash, programme: "quick"), "a programme never run")
        XCTAssertNil(LearnedLength.of(records, .dry, programme: "eco"), "one eco dryer run is not enough")
        XCTAssertEqual(LearnedLength.of(records, .dry)?.runs, 5, "the six plain dryer runs' last five")
    }

    func test_programmeNamesAndTheirHistoryText() {
        XCTAssertEqual(Programme.name("Eco"), "eco")
        XCTAssertEqual(Programme.name("40-Grad_schnell"), "40-grad_schnell")
        for bad in ["", "two words", "a=b", String(repeating: "x", count: 25), "tab\t"] {
            XCTAssertNil(Programme.name(bad), bad)
        }
        let changes: [String: Double?] = ["eco": 8100, "spin": nil, "quick": 1800]
        XCTAssertEqual(Programme.text(changes), "eco=8100 quick=1800 spin=-")
        XCTAssertEqual(Programme.changes(Programme.text(changes)), changes)
        for bad in ["eco", "eco=", "Eco=60", "eco=0", "eco=999999", "a b=60", ""] {
            XCTAssertNil(Programme.changes(bad), bad)
        }
    }

    func test_pausesDoNotCountAndRunsStillGoingOrCancelledAreNotMeasured() {
        var records = loads([40, 40, 40])
        records[0].wash.pauses = [.init(at: start.addingTimeInterval(600), until: start.addingTimeInterval(1800))]
        XCTAssertEqual(records[0].wash.measuredSeconds, 40 * 60 - 1200)
        XCTAssertEqual(LearnedLength.of(records, .wash)?.seconds, 40 * 60, "the median of 20, 40 and 40")
        records[2].wash.ended = nil
        XCTAssertNil(LearnedLength.of(records, .wash), "one still going: two measured")
    }

    func test_aMachineThatRanOnAfterItsTimerTookUntilItsPlugStopped() {
        let wash = UUID()
        let history = (0..<3).flatMap { day -> [HistoryEvent] in
            let began = start.addingTimeInterval(Double(day) * 86_400)
            let timer = day == 0 ? wash : UUID()
            return [
                HistoryEvent(at: began, event: .washStarted, petID: UUID(), loadID: timer, id: UUID().uuidString),
                // The timer said 40 minutes; the washer's plug stopped at 52.
                HistoryEvent(at: began + 2400, event: .washDone, petID: UUID(), loadID: timer, id: UUID().uuidString),
                HistoryEvent(
                    at: began + 3120, event: .energyMeasured, petID: UUID(), loadID: timer,
                    detail: .energy(.init(appliance: .washer, wattHours: 700)), id: UUID().uuidString),
                HistoryEvent(at: began + 7200, event: .folded, petID: UUID(), id: UUID().uuidString),
            ]
        }
        XCTAssertEqual(LearnedLength.of(LoadRecords.derive(history), .wash)?.seconds, 52 * 60)
    }

    func test_theMedianIsToTheSecond() {
        let odd = loads([45.01, 45.02, 45.03])
        XCTAssertEqual(LearnedLength.of(odd, .wash)?.seconds, (45.02 * 60).rounded())
    }
}
