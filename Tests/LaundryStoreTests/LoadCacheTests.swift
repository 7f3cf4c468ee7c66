import Foundation
import LaundryCore
import LaundryTestSupport
import XCTest

@testable import LaundryStore

/// This machine's copy of the load records: read back as written, and never believed when damaged.
final class LoadCacheTests: StoreTestCase {
    func test_recordsReadBackAsTheyWereWritten() throws {
        let path = home + "/state/laundry/loads.cache"
        let entries = sampleEntries()
        try LoadCache.write(entries, to: path)
        let read = LoadCache.read(path)
        XCTAssertEqual(Set(read.keys), Set(entries.keys))
        for (id, entry) in entries {
            XCTAssertEqual(read[id]?.fingerprint, entry.fingerprint)
            XCTAssertEqual(read[id]?.loads, entry.loads)
            XCTAssertEqual(read[id]?.newest, entry.newest)
        }
    }

    func test_aDamagedMissingOrForeignCacheReadsAsEmpty() throws {
        let path = home + "/state/laundry/loads.cache"
        XCTAssertTrue(LoadCache.read(path).isEmpty, "missing")
        try LoadCache.write(sampleEntries(), to: path)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        var random = SplitMix64(seed: 0xCAC4E)
        for _ in 0..<200 {
            var bad = good
            switch random.below(3) {
            case 0: bad[random.below(bad.count)] ^= UInt8(1 << random.below(8))
            case 1: bad = bad.prefix(random.below(bad.count))
            default: bad.insert(UInt8(random.below(256)), at: random.below(bad.count))
            }
            try bad.write(to: URL(fileURLWithPath: path))
            XCTAssertTrue(LoadCache.read(path).isEmpty, "a damaged file is not believed")
        }
        // An older layout, whole and with its own sum, is not believed either.
        var foreign = Array(good.dropLast(8))
        foreign[14] = UInt8(ascii: "2")
        var sum = Fingerprint()
        foreign.withUnsafeBytes { sum.addWords($0) }
        withUnsafeBytes(of: sum.value.littleEndian) { foreign += $0 }
        try Data(foreign).write(to: URL(fileURLWithPath: path))
        XCTAssertTrue(LoadCache.read(path).isEmpty)
        try good.write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(LoadCache.read(path).count, 2, "the same file undamaged is read")
    }

    func test_aFileMadeByHandWithAnImpossibleDateAndItsSumIsNotBelieved() throws {
        let path = home + "/state/laundry/loads.cache"
        for seconds in [Double.infinity, -.infinity, .nan, 1e300] {
            let load = LoadRecord(
                id: UUID(), petID: UUID(), wash: .init(timer: nil, started: Date(timeIntervalSince1970: seconds)))
            try LoadCache.write([load.petID: .init(fingerprint: 1, loads: [load], newest: [])], to: path)
            XCTAssertTrue(LoadCache.read(path).isEmpty, "\(seconds)")
        }
    }

    private func sampleEntries() -> [UUID: LoadCache.Entry] {
        let start = Date(timeIntervalSince1970: 1_790_000_000.123)
        let petID = UUID()
        var full = LoadRecord(
            id: UUID(), petID: petID,
            wash: .init(
                timer: UUID(), started: start, ended: start + 2700, endedByAppliance: true,
                pauses: [.init(at: start + 60, until: start + 120), .init(at: start + 600, until: nil)],
                startedOn: "00123456789abcde"))
        full.dryer = .init(timer: nil, started: start + 3000, ended: start + 6600, startedOn: "fedcba9876543210")
        full.extraDrying = [.init(timer: UUID(), started: start + 7000, ended: nil, startedOn: nil)]
        // What the plugs measured: priced, unpriced, and a currency that is not ASCII.
        full.wash.energy = .init(appliance: .washer, wattHours: 812.123_456_789, cost: 0.259_879_5, currency: "zł")
        full.wash.applianceStoppedAt = start + 2900
        full.dryer?.energy = .init(appliance: .dryer, wattHours: 2100.5)
        full.wash.programme = "eco"
        full.wash.startedBy = "Ana"
        full.dryer?.startedBy = "Home Assistant"
        full.endedBy = "Zoë"
        full.dryer?.programme = "schranktrocken"
        full.end = .folded
        full.endedAt = start + 8000
        full.endedOn = "00123456789abcde"
        var cancelled = LoadRecord(id: UUID(), petID: petID, wash: .init(timer: nil, started: start + 90_000))
        cancelled.end = .cancelled
        let going = LoadRecord(id: UUID(), petID: petID, wash: .init(timer: UUID(), started: start + 200_000))
        var renamed = HistoryEvent(
            at: start + 10, event: .renamed, petID: petID, detail: .renamed(from: "Socks", to: "Sox \"2\""),
            id: "a1b2c3d4e5f60718", device: "00123456789abcde")
        renamed.stamp = PartStamp(at: start + 10, device: "00123456789abcde")
        let newest = [
            renamed,
            HistoryEvent(
                at: start + 2700, event: .washDone, petID: petID, timerID: full.id, detail: .stoppedBy(.washer),
                id: "0f1e2d3c4b5a6978"),
        ]
        return [
            petID: .init(fingerprint: 0xDEAD_BEEF, loads: [full, cancelled, going], newest: newest),
            UUID(): .init(fingerprint: 7, loads: [], newest: []),
        ]
    }
}
