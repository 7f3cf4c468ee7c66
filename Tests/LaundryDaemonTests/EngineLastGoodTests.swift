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
        let path = recordFile(id)
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        clock.advance(by: 590)

        try FileManager.default.removeItem(atPath: path)
        engine.filesChanged([id])
        XCTAssertEqual(engine.nextDeadline, start + 600, "vanished: its load still ends at 0:10")
        try Data(saved.prefix(40)).write(to: URL(fileURLWithPath: path))
        engine.filesChanged([id])
        XCTAssertEqual(engine.nextDeadline, start + 600, "torn: the same")

        advance(10, engine)
        XCTAssertEqual(notifier.told, [.finished(.wash)], "announced on time from what was read")
        let notes = try Data(contentsOf: URL(fileURLWithPath: "\(home!).state/notes/\(id.lowercasedText).json"))
        let announced = (try JSONSerialization.jsonObject(with: notes) as? [String: Any])?["announcedLoad"] as? String
        XCTAssertEqual(
            announced.flatMap(UUID.init(uuidString:)), try readTimerID(saved),
            "and written down in this machine's notes, which are not the record")
        advance(5, engine)
        XCTAssertEqual(notifier.summaries.count, 1, "once")

        // The new version arrives (a rename, as Syncthing does): taken at once.
        try saved.write(to: URL(fileURLWithPath: path + ".new"))
        XCTAssertEqual(rename(path + ".new", path), 0)
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
        try FileManager.default.removeItem(atPath: recordFile(id))
        engine.filesChanged([id])
        XCTAssertEqual(engine.nextDeadline, start + 600, "at first it stands")
        clock.advance(by: 31)
        engine.filesChanged([id])
        XCTAssertNil(engine.nextDeadline, "then it is gone: \(logLines)")
    }

    private func readTimerID(_ record: Data) throws -> UUID? {
        let json = try JSONSerialization.jsonObject(with: record) as? [String: Any]
        let cycle = (json?["cycle"] as? [String: Any])?["value"] as? [String: Any]
        return ((cycle?["load"] as? [String: Any])?["id"] as? String).flatMap(UUID.init(uuidString:))
    }
}
