import Foundation
import XCTest

@testable import LaundryCore

/// Turns, nudges and the calendar's text: the pure parts of a household of people.
final class PeopleTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func load(_ hours: Double, by person: Person?) -> LoadRecord {
        var wash = LoadRecord.Run(loadID: UUID(), started: start.addingTimeInterval(hours * 3600))
        wash.startedBy = person
        return LoadRecord(id: UUID(), petID: UUID(), wash: wash)
    }

    func test_theTurnPassesToTheOneAfterWhoeverStartedTheLastLoad() {
        let turns = Turns(people: ["Ana", "Ben", "Chloe"])
        XCTAssertEqual(turns.next(after: [], since: start), "Ana", "a new rotation starts with its first")
        XCTAssertEqual(turns.next(after: [load(1, by: "Ana")], since: start), "Ben")
        XCTAssertEqual(
            turns.next(after: [load(1, by: "Ana"), load(2, by: "chloe")], since: start), "Ana",
            "Chloe took Ben's turn: it counts as hers, and Ana is next")
        XCTAssertEqual(
            turns.next(after: [load(3, by: "Home Assistant"), load(1, by: "Ben")], since: start), "Chloe",
            "someone outside the rotation passes no turn; order by start, not by list")
        XCTAssertEqual(turns.next(after: [load(-1, by: "Ana")], since: start), "Ana", "before the rotation: none")
        XCTAssertNil(Turns(people: []).next(after: [load(1, by: "Ana")], since: start))
    }

    func test_aRotationNamesEachPersonOnce() {
        XCTAssertNil(Turns.problem(["Ana", "Ben"]))
        XCTAssertEqual(Turns.problem(["Ana", "ana "]), .personTwice("ana "))
        XCTAssertEqual(Turns.problem(["Ana", ""]), .notAPersonName(""))
        XCTAssertEqual(Turns.problem(["Ana", "\u{202E}x"]), .notAPersonName("\u{202E}x"))
    }

    func test_oneNudgeAnHourALoad() {
        let load = UUID()
        let nudge = Nudge(to: "Ben", by: "Ana", at: start, load: load)
        XCTAssertEqual(nudge.nextAllowed(for: load, at: start + 59 * 60), start + 3600)
        XCTAssertNil(nudge.nextAllowed(for: load, at: start + 3600), "an hour later")
        XCTAssertNil(nudge.nextAllowed(for: UUID(), at: start + 60), "another load")
        XCTAssertTrue(nudge.isFor("ben", at: start + 10))
        XCTAssertFalse(nudge.isFor("Ana", at: start + 10))
        XCTAssertFalse(nudge.isFor("Ben", at: start + 3601), "a stale nudge pops up nowhere")
    }

    func test_whoStartedMovedAndFoldedALoad() {
        let pet = UUID()
        let (wash, dryer) = (UUID(), UUID())
        func event(_ minutes: Double, _ kind: HistoryEvent.Kind, _ timer: UUID?, _ person: Person?) -> HistoryEvent {
            var event = HistoryEvent(
                at: start.addingTimeInterval(minutes * 60), event: kind, petID: pet, loadID: timer,
                id: UUID().uuidString)
            event.by = person
            return event
        }
        let dried = LoadRecords.derive([
            event(0, .washStarted, wash, "Ana"), event(45, .washDone, wash, nil), event(60, .dryStarted, dryer, "Ben"),
            event(120, .dryDone, dryer, nil), event(130, .folded, nil, "Chloe"),
        ])
        XCTAssertEqual(dried.map(\.startedBy), ["Ana"])
        XCTAssertEqual(dried.map(\.movedBy), ["Ben"])
        XCTAssertEqual(dried.map(\.foldedBy), ["Chloe"])
        let airDried = LoadRecords.derive([
            event(0, .washStarted, wash, "Ana"), event(45, .washDone, wash, nil), event(90, .folded, nil, "Ben"),
        ])
        XCTAssertEqual(airDried.first?.movedBy, "Ben", "to the line: the fold moved it")
        let old = LoadRecords.derive([event(0, .washStarted, wash, nil), event(90, .folded, nil, nil)])
        XCTAssertNil(old.first?.startedBy)
        let figures = PersonFigures.of(dried + airDried, now: start + 86_400)
        XCTAssertEqual(figures.map(\.person), ["Ben", "Ana", "Chloe"], "the largest share first: 3, 2 and 1 steps")
        XCTAssertEqual(figures.map(\.share).reduce(0, +), 100, accuracy: 1e-9)
        XCTAssertEqual(figures.first { $0.person == "Ana" }?.medianWetWait, (15 * 60 + 45 * 60) / 2)
    }

    func test_aCalendarEntryIsEscapedFoldedAndCompleteAsATask() {
        let name = "Socks, Shirts; \\ Ünïcødé " + String(repeating: "é", count: 40)
        let entry = CalendarEntry(
            uid: "d494f449", summary: name, description: "x\ny", start: start,
            end: start + 3600, alarm: true)
        let event = entry.text(as: .event, stamp: start)
        XCTAssertTrue(event.contains("SUMMARY:Socks\\, Shirts\\; \\\\ Ünïcødé"), event)
        XCTAssertTrue(event.contains("DESCRIPTION:x\\ny"))
        XCTAssertTrue(event.contains("DTEND:\(CalendarEntry.time(start + 3600))\r\n"), event)
        XCTAssertTrue(event.contains("TRIGGER;VALUE=DATE-TIME:\(CalendarEntry.time(start + 3600))"))
        for line in event.components(separatedBy: "\r\n") {
            XCTAssertLessThanOrEqual(line.utf8.count, 75, line)
        }
        XCTAssertTrue(event.hasSuffix("END:VCALENDAR\r\n"))
        var done = entry
        done.alarm = false
        done.completedAt = start + 4000
        let task = done.text(as: .task, stamp: start)
        XCTAssertTrue(task.contains("BEGIN:VTODO") && task.contains("STATUS:COMPLETED") && task.contains("DUE:"))
        XCTAssertFalse(task.contains("VALARM"))
        XCTAssertEqual(CalendarEntry.time(Date(timeIntervalSince1970: 0)), "19700101T000000Z")
    }
}
