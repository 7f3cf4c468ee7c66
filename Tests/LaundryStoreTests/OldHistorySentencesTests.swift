import Foundation
import LaundryCore
import XCTest

@testable import LaundryStore

/// The sentences versions up to aecf34c wrote as history details are read back as the facts they
/// said; one that is not theirs stays as written.
final class OldHistorySentencesTests: XCTestCase {
    private let pet = UUID()

    private func read(_ kind: HistoryEvent.Kind, _ sentence: String) -> HistoryDetail? {
        let line =
            #"{"at":"2026-11-20T09:00:00.000Z","detail":"\#(sentence)","event":"\#(kind.rawValue)","id":"a1","#
            + #""petID":"\#(pet.uuidString)"}"#
        return HistoryLog.parse(Data(line.utf8)).events.first?.detail
    }

    func test_everySentenceAnEarlierVersionWroteIsReadAsItsFacts() {
        XCTAssertEqual(read(.adopted, "clothes"), .kind("clothes"))
        XCTAssertEqual(read(.released, "Shirt"), .released(name: "Shirt"))
        XCTAssertEqual(read(.washStarted, "1h5m"), .length(seconds: 3900))
        XCTAssertEqual(read(.snoozed, "90s"), .length(seconds: 90))
        XCTAssertEqual(read(.washDone, "washer stopped"), .stoppedBy(.washer))
        XCTAssertEqual(read(.dryDone, "dryer stopped"), .stoppedBy(.dryer))
        XCTAssertEqual(read(.folded, "cycle 12"), .cycle(12))
        XCTAssertEqual(read(.paused, "35:01 left"), .remaining(seconds: 2101, timer: nil))
        XCTAssertEqual(read(.resumed, "1:02:03 left"), .remaining(seconds: 3723, timer: nil))
        XCTAssertEqual(read(.cancelled, "extraDry, 4:05 left"), .remaining(seconds: 245, timer: .extraDry))
        XCTAssertEqual(read(.renamed, "Socks → Sox"), .renamed(from: "Socks", to: "Sox"))
        XCTAssertEqual(
            read(
                .settingsChanged, "kind delicates, wash 50m, dry 1h5m, every 3.5d, last washed 2026-11-18T08:00:00.000Z"
            ),
            .settings(
                .init(
                    kind: "delicates", washSeconds: 3000, drySeconds: 3900, cycleDays: 3.5,
                    lastWashed: Timestamp.parse("2026-11-18T08:00:00.000Z"))))
        XCTAssertEqual(
            read(.superseded, "the cycle change (cancelled) made on device aaaa000000000001 lost to a later change"),
            .lost(event: .cancelled, part: .cycle))
        XCTAssertEqual(
            read(.superseded, "the release made on device aaaa000000000001 lost to a later change"),
            .lost(event: .released, part: .release))
    }

    func test_aSentenceThatIsNotOneOfTheirsStaysAsWritten() {
        for (kind, sentence) in [
            (HistoryEvent.Kind.washDone, "the washer sang"), (.folded, "cycle twelve"), (.paused, "a while left"),
            (.cancelled, "rinse, 4:05 left"), (.renamed, "Socks to Sox"), (.settingsChanged, "wash forever"),
            (.superseded, "the colour change (dyed) made on device x lost"), (.washStarted, "long"),
        ] {
            XCTAssertEqual(read(kind, sentence), .text(sentence), "\(kind): \(sentence)")
        }
    }
}
