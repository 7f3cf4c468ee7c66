import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

@testable import LaundryStore

/// The fast reader of history lines against `JSONDecoder`: every line laundry writes is read by
/// the fast one, and whatever line the fast one accepts means to it what it means to the decoder.
final class HistoryLineParserTests: XCTestCase {
    private var random = SplitMix64(seed: 0x4C15_7E11)

    func test_everyLineLaundryWritesIsReadWithoutTheDecoderAndMeansTheSame() throws {
        let encoder = JSONCoding.encoder(pretty: false)
        for _ in 0..<2000 {
            let event = randomEvent()
            let line = try encoder.encode(event)
            var parser = HistoryLineParser()
            let fast = line.withUnsafeBytes { parser.event($0) }
            // A line from before ids gets one derived from the line, whichever reads it.
            var expected = event
            if expected.id == nil { expected.id = EventID.derived(from: line) }
            var decoded = try JSONCoding.decoder().decode(HistoryEvent.self, from: line)
            if decoded.id == nil { decoded.id = EventID.derived(from: line) }
            XCTAssertEqual(fast, expected, String(decoding: line, as: UTF8.self))
            XCTAssertEqual(fast, decoded)
        }
    }

    func test_aLineTheFastReaderTakesMeansWhatItMeansToTheDecoder() throws {
        let encoder = JSONCoding.encoder(pretty: false)
        let decoder = JSONCoding.decoder()
        var taken = 0
        var leftToTheDecoder = 0
        for _ in 0..<4000 {
            var bytes = Array(try encoder.encode(randomEvent()))
            JSONMutation.mutate(&bytes, random: &random)
            var parser = HistoryLineParser()
            let fast = bytes.withUnsafeBytes { parser.event($0) }
            var slow = try? decoder.decode(HistoryEvent.self, from: Data(bytes))
            if slow != nil, slow?.id == nil { slow?.id = EventID.derived(from: bytes) }
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

    func test_aLineWithAnEscapeIsReadByTheDecoderAndKept() {
        let petID = UUID()
        let lines = [
            #"{"at":"2026-11-20T10:00:00.000Z","detail":"Socks \"the red\"","event":"renamed","id":"a1","#
                + #""petID":"\#(petID.uuidString)"}"#,
            #"{ "event" : "folded" , "petID" : "\#(petID.uuidString.lowercased())" , "at" : "2026-11-20T11:00:00Z" }"#,
            #"{"at":"2026-11-20T12:00:00.000Z","event":"teleported","petID":"\#(petID.uuidString)"}"#,
        ]
        let contents = HistoryLog.parse(Data(lines.joined(separator: "\n").utf8))
        XCTAssertEqual(contents.events.map(\.detail), [nil, nil])
        XCTAssertEqual(contents.events.map(\.event), [.renamed, .folded])
        XCTAssertEqual(contents.events[1].id, EventID.derived(from: Data(lines[1].utf8)), "an old line's id")
        XCTAssertEqual(contents.unreadableLines, 1)
    }

    /// Numbers at the edges of JSON's grammar: the fast reader takes only what the decoder reads
    /// the same way, and leaves the rest to it.
    func test_aNumberMeansWhatItMeansToTheDecoder() throws {
        let decoder = JSONCoding.decoder()
        var taken = 0
        for number in [
            "2700", "2700.5", "2.5e3", "2.5E+3", "25e-1", "-0", "0", "+5", "05", ".5", "5.", "1e999", "1e-999", "-",
            "1e", "0.0", "1.5e-7", "123456789012345678901",
        ] {
            let line =
                #"{"at":"2026-11-20T10:00:00.000Z","event":"washStarted","id":"a1","#
                + #""petID":"\#(UUID().uuidString)","seconds":\#(number)}"#
            var parser = HistoryLineParser()
            let fast = Array(line.utf8).withUnsafeBytes { parser.event($0) }
            let slow = try? decoder.decode(HistoryEvent.self, from: Data(line.utf8))
            if let fast {
                taken += 1
                XCTAssertEqual(fast, slow, number)
            }
        }
        XCTAssertGreaterThanOrEqual(taken, 8, "the ordinary numbers are read without the decoder")
    }

    func test_idsReadFromBytesAsFoundationReadsThem() {
        for _ in 0..<500 {
            let id = UUID()
            for text in [id.uuidString, id.uuidString.lowercased()] {
                XCTAssertEqual(Array(text.utf8).withUnsafeBytes { UUID(utf8: $0) }, id)
            }
            var broken = Array(id.uuidString.utf8)
            broken[random.below(broken.count)] = [UInt8(ascii: "g"), UInt8(ascii: "-"), 0x20, 0xC3][random.below(4)]
            // Foundation's `sscanf` takes some broken ids (`-E` as a hex pair): those this one
            // refuses go to the decoder, which reads them as Foundation does.
            if let mine = broken.withUnsafeBytes({ UUID(utf8: $0) }) {
                XCTAssertEqual(mine, UUID(uuidString: String(decoding: broken, as: UTF8.self)))
            }
        }
    }

    // MARK: Lines

    private func randomEvent() -> HistoryEvent {
        let kinds = HistoryEvent.Kind.allCases
        let texts = ["", "Socks", "Bettwäsche 🛏️", "a b/c", "x", String(repeating: "é", count: 20), "洗濯"]
        var event = HistoryEvent(
            at: Date(timeIntervalSince1970: Double(random.below(2_000_000_000)) + Double(random.below(1000)) / 1000),
            event: kinds[random.below(kinds.count)], petID: UUID(),
            timerID: random.below(3) == 0 ? nil : UUID(),
            detail: nil,
            id: random.below(5) == 0 ? nil : EventID.random(),
            device: random.below(4) == 0 ? nil : ["00123456789abcde", "fedcba9876543210"][random.below(2)])
        if random.below(4) != 0 { event.detail = randomDetail(of: event.event, texts: texts) }
        if random.below(2) == 0 { event.by = texts[random.below(texts.count)] }
        if random.below(3) == 0 {
            let stamp = PartStamp(at: event.at, device: event.device ?? "00123456789abcde")
            event.stamp = stamp
            event.changed = (0..<random.below(3)).map { index in
                HistoryEvent.PartChange(
                    part: PetPart.allCases[random.below(PetPart.allCases.count)],
                    after: index == 0 && random.below(2) == 0
                        ? nil : PartStamp(at: stamp.at.addingTimeInterval(-60), device: stamp.device))
            }
        }
        return event
    }

    /// Facts of the shape an event of `kind` has, or now and then an old sentence.
    private func randomDetail(of kind: HistoryEvent.Kind, texts: [String]) -> HistoryDetail? {
        let text = texts[random.below(texts.count)]
        let seconds = Double(random.below(90_000)) / [1, 3, 7][random.below(3)]
        switch kind {
        case .adopted: return .kind(text)
        case .washStarted, .dryStarted:
            return .length(seconds: seconds, programme: [nil, "eco", "quick-30", "dėlikatne"][random.below(4)])
        case .extraDryStarted, .snoozed: return .length(seconds: seconds)
        case .paused, .resumed, .cancelled, .extended, .finishedEarly:
            return .remaining(seconds: seconds, timer: random.below(2) == 0 ? nil : TimerKind.allCases[random.below(3)])
        case .washDone, .dryDone, .extraDryDone: return .stoppedBy(Appliance.allCases[random.below(2)])
        case .folded: return .cycle(random.below(5000))
        case .renamed: return .renamed(from: text, to: texts[random.below(texts.count)])
        case .settingsChanged:
            return .settings(
                .init(
                    kind: random.below(2) == 0 ? nil : text, washSeconds: random.below(2) == 0 ? nil : seconds,
                    drySeconds: random.below(2) == 0 ? nil : seconds + 60, cycleDays: Double(random.below(365)) / 4,
                    lastWashed: random.below(2) == 0 ? nil : Date(timeIntervalSince1970: 1_700_000_000.125),
                    learns: [nil, true, false][random.below(3)],
                    programmes: [nil, ["eco": 8100, "spin": nil], ["quick": 1800]][random.below(3)]))
        case .released: return .released(name: text)
        case .superseded:
            return .lost(
                event: HistoryEvent.Kind.allCases[random.below(HistoryEvent.Kind.allCases.count)],
                part: PetPart.allCases[random.below(PetPart.allCases.count)])
        case .energyMeasured:
            return .energy(
                .init(
                    appliance: Appliance.allCases[random.below(2)], wattHours: seconds / 3,
                    cost: random.below(2) == 0 ? nil : seconds / 7000,
                    currency: random.below(3) == 0 ? nil : ["EUR", "zł", "€"][random.below(3)]))
        case .nudged: return .nudged(to: text)
        case .died: return nil
        }
    }
}
