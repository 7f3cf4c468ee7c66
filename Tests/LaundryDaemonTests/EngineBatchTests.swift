import Foundation
import LaundryCore
import LaundryDaemon
import XCTest

/// Many loads ending together: every popup goes out before the notes are written, and the notes
/// are written before anything else is looked at.
final class EngineBatchTests: EngineTestCase {
    private let batch = DaemonEngine.notesWrittenAtOnce * 3

    private func washAll(minutes: Int) throws -> [String] {
        let names = (0..<batch).map { "Pet \($0)" }
        for name in names {
            try adopt(name)
            try perform(.wash(.minutes(minutes)), name)
        }
        return names
    }

    func test_aLargeBatchPostsEveryPopupFirstAndWritesItsNotesOneAtATime() throws {
        let names = try washAll(minutes: 10)
        let engine = try makeEngine()
        engine.start()
        advance(600, engine)
        XCTAssertEqual(notifier.shown.count, batch, "every popup is out before a note is written")
        XCTAssertTrue(engine.hasUnwrittenNotes)
        XCTAssertEqual(try names.filter { try announcedCurrentLoad($0) }, [], "no note written yet")
        engine.writeNextNote()
        XCTAssertEqual(try names.filter { try announcedCurrentLoad($0) }.count, 1)
        var turns = 1
        while engine.hasUnwrittenNotes {
            engine.writeNextNote()
            turns += 1
        }
        XCTAssertEqual(turns, batch, "one note a turn")
        XCTAssertEqual(try names.filter { try announcedCurrentLoad($0) }.count, batch)
        try makeEngine().start()
        XCTAssertEqual(notifier.shown.count, batch, "a daemon started after the notes were written says nothing again")
    }

    func test_aLargeBatchsLogLinesComeWithItsFirstNote() throws {
        _ = try washAll(minutes: 10)
        let engine = try makeEngine()
        engine.start()
        advance(600, engine)
        let notified = { self.logLines.filter { $0.hasPrefix("notified: ") }.count }
        XCTAssertEqual(notified(), 0, "the popups are out, their lines wait: \(logLines)")
        engine.writeNextNote()
        XCTAssertEqual(notified(), batch)
    }

    func test_anyOtherEventWritesTheRestOfTheBatchFirst() throws {
        let names = try washAll(minutes: 10)
        let engine = try makeEngine()
        engine.start()
        advance(600, engine)
        engine.writeNextNote()
        XCTAssertTrue(engine.hasUnwrittenNotes)
        engine.tick()
        XCTAssertFalse(engine.hasUnwrittenNotes)
        XCTAssertEqual(try names.filter { try announcedCurrentLoad($0) }.count, batch)
        advance(60, engine)
        XCTAssertEqual(notifier.shown.count, batch, "announced once")
    }

    func test_aSmallBatchIsWrittenAtOnce() throws {
        let names = (0..<DaemonEngine.notesWrittenAtOnce).map { "Pet \($0)" }
        for name in names {
            try adopt(name)
            try perform(.wash(.minutes(10)), name)
        }
        let engine = try makeEngine()
        engine.start()
        advance(600, engine)
        XCTAssertFalse(engine.hasUnwrittenNotes)
        XCTAssertEqual(try names.filter { try announcedCurrentLoad($0) }.count, names.count)
    }

    func test_aPetsNextDeadlineIsArmedOnceItsNoteIsWritten() throws {
        _ = try washAll(minutes: 10)
        let engine = try makeEngine(config: .withoutAlarms(nagIntervalMinutes: 15))
        engine.start()
        advance(600, engine)
        engine.writeUnwrittenNotes()
        XCTAssertEqual(engine.armedCount, batch, "each pet waits for its first reminder")
        XCTAssertEqual(engine.nextDeadline, start + 600 + 15 * 60)
    }
}
