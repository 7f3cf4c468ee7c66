import Foundation
import LaundryCore
import LaundryDaemon
import LaundryTestSupport
import XCTest

/// Syncthing removes a record before it renames the new version in, and a copy can arrive torn:
/// the daemon goes on with what it read, announces on time, and takes the new version once it
/// parses. (A record broken for longer than that is broken: `EngineTimerTests`.)
final class EngineLastGoodTests: EngineTestCase {
    func test_aRecordBeingReplacedOrTornKeepsWhatTheDaemonReadUntilANewOneParses() throws {
        let id = try adopt("Socks")
        try perform(.wash(.minutes(10)), "Socks")
        let engine = try makeEngine()
        engine.start()
        let saved = try XCTUnwrap(storage.record(of: id, device: "0000000000000000"))
        clock.advance(by: 590)

        storage.remove(recordItem(id))
        engine.filesChanged([id])
        XCTAssertEqual(engine.nextDeadline, start + 600, "vanished: its load still ends at 0:10")
        storage.put(saved, device: "0000000000000000")
        storage.damage(recordItem(id))
        engine.filesChanged([id])
        XCTAssertEqual(engine.nextDeadline, start + 600, "torn: the same")

        advance(10, engine)
        XCTAssertEqual(notifier.told, [.finished(.wash)], "announced on time from what was read")
        XCTAssertEqual(
            storage.notes(id).announcedLoad, saved.cycle?.value.load?.id,
            "and written down in this machine's notes, which are not the record")
        advance(5, engine)
        XCTAssertEqual(notifier.summaries.count, 1, "once")

        // The new version arrives (a rename, as Syncthing does): taken at once.
        storage.put(saved, device: "0000000000000000")
        engine.filesChanged([id])
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .washed)
        XCTAssertEqual(notifier.summaries.count, 1, "and the finish is not announced again")
    }

    /// A record still gone after the grace (a machine's folder removed) is gone: the pet is what
    /// the other records say, here nothing.
    func test_aRecordGoneForLongerThanAReplaceTakesIsGone() throws {
        let id = try adopt("Socks")
        try perform(.wash(.minutes(10)), "Socks")
        let engine = try makeEngine()
        engine.start()
        storage.remove(recordItem(id))
        engine.filesChanged([id])
        XCTAssertEqual(engine.nextDeadline, start + 600, "at first it stands")
        clock.advance(by: 31)
        engine.filesChanged([id])
        XCTAssertNil(engine.nextDeadline, "then it is gone: \(logLines)")
    }
}
