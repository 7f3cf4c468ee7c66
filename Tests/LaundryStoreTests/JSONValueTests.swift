import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

@testable import LaundryStore

/// laundry's JSON reader against `JSONDecoder`: every pet record laundry writes is read by it alike,
/// and whatever document it accepts means to it what it means to the decoder.
final class JSONValueTests: XCTestCase {
    private var random = SplitMix64(seed: 0x4A50_4E52)

    func test_everyRecordLaundryWritesIsReadWithoutTheDecoderAndMeansTheSame() throws {
        for pretty in [true, false] {
            let encoder = JSONCoding.encoder(pretty: pretty)
            for _ in 0..<1000 {
                let record = randomRecord()
                let data = try encoder.encode(record)
                let json = try XCTUnwrap(JSONValue.read(data), String(decoding: data, as: UTF8.self))
                let fast = try XCTUnwrap(PetRecord(json: json), String(decoding: data, as: UTF8.self))
                let decoded = try JSONCoding.decoder().decode(PetRecord.self, from: data)
                XCTAssertEqual(fast, decoded, String(decoding: data, as: UTF8.self))
                XCTAssertEqual(fast, record)
            }
        }
    }

    func test_aRecordTheReaderTakesMeansWhatItMeansToTheDecoder() throws {
        let encoder = JSONCoding.encoder(pretty: false)
        let decoder = JSONCoding.decoder()
        var taken = 0
        var leftToTheDecoder = 0
        for _ in 0..<4000 {
            var bytes = Array(try encoder.encode(randomRecord()))
            JSONMutation.mutate(&bytes, random: &random, extraPieces: Self.recordPieces)
            let fast = JSONValue.read(bytes).flatMap(PetRecord.init(json:))
            let slow = try? decoder.decode(PetRecord.self, from: Data(bytes))
            if let fast {
                taken += 1
                XCTAssertEqual(fast, slow, String(decoding: bytes, as: UTF8.self))
            } else {
                leftToTheDecoder += 1
            }
        }
        // Both paths ran: a mutation test that never reaches one of them proves nothing.
        XCTAssertGreaterThan(taken, 200)
        XCTAssertGreaterThan(leftToTheDecoder, 200)
    }

    func test_escapesAndUnicodeReadAsTheDecoderReadsThem() throws {
        let texts = [
            #""Socks \"the red\" \\ \/ \b\f\n\r\t""#, #""\u00e9\u4e2d\ud83e\uddfa""#, #""🧺 Bettwäsche""#,
        ]
        for text in texts {
            let expected = try JSONDecoder().decode(String.self, from: Data(text.utf8))
            XCTAssertEqual(JSONValue.read(Array(text.utf8))?.string, expected, text)
        }
        for refused in [#""\ud83e""#, #""\x41""#, "\"a\u{01}b\"", #"{"a":1,"a":2}"#, "[1,]", "01", "1.", "-"] {
            XCTAssertNil(JSONValue.read(Array(refused.utf8)), refused)
        }
        XCTAssertNil(JSONValue.read([0x22, 0xFF, 0x22]), "bytes that are not UTF-8")
        for tiny in ["1e-400", "-2e-324", "0.1e-330"] {
            XCTAssertNil(JSONValue.read(Array(tiny.utf8))?.double, "\(tiny) is not 0: JSONDecoder refuses it")
            XCTAssertThrowsError(try JSONDecoder().decode(Double.self, from: Data(tiny.utf8)), tiny)
        }
        XCTAssertEqual(JSONValue.read(Array("0e-400".utf8))?.double, 0)
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        XCTAssertNil(JSONValue.read(Array(deep.utf8)), "nesting past 64 levels")
    }

    func test_theShippedKindsReadAsTheDecoderReadsThem() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: SourceTree.root + "/data/kinds.json"))
        let fast = try XCTUnwrap(JSONValue.read(data).flatMap(KindCatalog.init(json:)))
        let decoded = try JSONDecoder().decode(KindCatalog.self, from: data)
        XCTAssertEqual(fast.defaultKind, decoded.defaultKind)
        XCTAssertEqual(fast.kinds, decoded.kinds)
    }

    // MARK: Random records as laundry writes them

    /// Pieces of a record's own vocabulary, inserted by the mutation test.
    private static let recordPieces = ["]", "1.5", "-", "e7", #""stage":"washing","#, "e-400", "1e-330"]

    private func randomRecord() -> PetRecord {
        let id = UUID()
        var record = PetRecord(id: id, createdAt: randomDate())
        record.schemaVersion = random.element([1, 2, 2, 3])
        if random.percent(90) {
            let kind = random.element(["clothes", "Ünï"])
            record.identity = version(PetRecord.Identity(name: randomName(), kind: kind))
        }
        if random.percent(70) {
            record.settings = version(
                PetRecord.Settings(
                    washDuration: duration(), dryDuration: duration(),
                    cycleDays: random.element([7, 0.5, 1.25, 13.999, 1e-3, 365])))
        }
        if random.percent(70) {
            record.cycle = version(
                PetRecord.Cycle(
                    stage: random.element(Stage.allCases), lastLaundryAt: random.percent(50) ? randomDate() : nil,
                    totalCycles: random.int(in: 0...100_000), currentStreak: random.int(in: 0...50),
                    longestStreak: random.int(in: 0...50), load: random.percent(50) ? randomTimer(petID: id) : nil))
        }
        if random.percent(50) {
            record.reminders = version(PetRecord.Reminders(snoozedUntil: random.percent(50) ? randomDate() : nil))
        }
        if random.percent(20) { record.release = version(PetRecord.Release(name: randomName())) }
        return record
    }

    private func randomTimer(petID: UUID) -> LaundryTimer {
        var timer = LaundryTimer(
            petID: petID, kind: random.element(TimerKind.allCases), startedAt: randomDate(), duration: duration())
        if random.percent(40) {
            timer.pausedRemaining = Double(random.int(in: 0...86_400_000)) / 1000
            timer.pausedAt = randomDate()
        }
        if random.percent(20) { timer.stoppedBy = random.element(Appliance.allCases) }
        if random.percent(30) { timer.plannedSeconds = Double(random.int(in: 1...86_400)) + 0.25 }
        return timer
    }

    private func version<Value>(_ value: Value) -> PetRecord.Version<Value> {
        var stamp = PartStamp(at: randomDate(), device: String(random.next(), radix: 16))
        stamp.at = randomDate()
        return PetRecord.Version(stamp: stamp, value: value)
    }

    /// A date to the millisecond, as files keep them.
    private func randomDate() -> Date {
        Date(timeIntervalSince1970: Double(random.int(in: 1_600_000_000_000...1_900_000_000_000)) / 1000)
    }

    private func duration() -> LaundryDuration {
        // 1 s … 24 h is every length a duration takes.
        (try? LaundryDuration(seconds: random.int(in: 1...86_400)))!
    }

    private func randomName() -> String {
        let pieces = ["Socks", " ", "\"", "\\", "/", "é", "🧺", "\u{7}", "\n", "中", "\u{1F600}", "Ω", "\t"]
        return (0..<random.int(in: 1...6)).map { _ in random.element(pieces) }.joined()
    }
}
