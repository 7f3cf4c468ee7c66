import Foundation
import LaundryTestSupport
import XCTest

@testable import LaundryCore

/// A pet is its parts: each is merged, stamped and stored as one value, so a setting added to a part
/// needs nothing else to reach every machine.
final class PetPartsTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Every setting different from its default: a setting added to `Pet.Settings` without a value
    /// here fails the first check, and one its coding leaves out fails the second.
    private var everySettingChanged: Pet.Settings {
        var settings = Pet.Settings()
        settings.washDuration = .minutes(50)
        settings.dryDuration = .minutes(70)
        settings.cycleDays = 3
        settings.learns = false
        settings.programmes = ["eco": .minutes(135)]
        return settings
    }

    func test_everySettingSurvivesTheRecord() throws {
        let changed = everySettingChanged
        let defaults = Mirror(reflecting: Pet.Settings()).children
        for (child, fallback) in zip(Mirror(reflecting: changed).children, defaults) {
            XCTAssertNotEqual("\(child.value)", "\(fallback.value)", "set \(child.label ?? "?") in this test")
        }
        let data = try JSONCoding.encoder().encode(changed)
        XCTAssertEqual(try JSONCoding.decoder().decode(Pet.Settings.self, from: data), changed)
    }

    func test_aSettingARecordLeavesOutIsAtItsDefault() throws {
        let decoded = try JSONCoding.decoder().decode(Pet.Settings.self, from: Data("{}".utf8))
        XCTAssertEqual(decoded, Pet.Settings())
        // As 0.1.0 wrote them: learning and programmes only when they differ from the default.
        let written = String(decoding: try JSONCoding.encoder(pretty: false).encode(Pet.Settings()), as: UTF8.self)
        XCTAssertFalse(written.contains("learns") || written.contains("programmes"), written)
    }

    func test_aChangeToAnyValueOfAPartIsAChangeOfThatPartAlone() {
        let pet = Pet(createdAt: now, identity: .init(name: "Socks", kind: "clothes"))
        var renamed = pet
        renamed.identity.name = "Sox"
        XCTAssertEqual(PetPart.changed(from: pet, to: renamed), [.identity])
        var set = pet
        set.settings = everySettingChanged
        XCTAssertEqual(PetPart.changed(from: pet, to: set), [.settings])
        var washing = pet
        washing.cycle.stage = .washing
        XCTAssertEqual(PetPart.changed(from: pet, to: washing), [.cycle])
        var snoozed = pet
        snoozed.reminders.snoozedUntil = now
        XCTAssertEqual(PetPart.changed(from: pet, to: snoozed), [.reminders])
        XCTAssertEqual(PetPart.changed(from: pet, to: pet), [])
    }

    /// The latest stamp wins per part, whichever record holds it and in whatever order they come.
    func test_theMergeTakesEachPartFromItsLatestStamp() throws {
        let id = UUID()
        let early = PartStamp(at: now, device: "aaaaaaaaaaaaaaaa")
        let late = PartStamp(at: now.addingTimeInterval(5), device: "bbbbbbbbbbbbbbbb")
        var pet = Pet(id: id, createdAt: now, identity: .init(name: "Socks", kind: "clothes"))
        var first = PetRecord(id: id, createdAt: now)
        for part in PetPart.allCases where part != .release { first.set(part, from: pet, stamp: early) }
        pet.identity.name = "Sox"
        pet.settings.cycleDays = 3
        var second = PetRecord(id: id, createdAt: now)
        second.set(.identity, from: pet, stamp: late)
        for records in [[first, second], [second, first]] {
            let merged = try XCTUnwrap(PetRecord.merge(records))
            XCTAssertEqual(merged.state.pet.identity.name, "Sox")
            XCTAssertEqual(merged.state.pet.settings.cycleDays, Pet.Settings().cycleDays, "the settings' own stamp")
            XCTAssertEqual(merged.stamps[.identity], late)
            XCTAssertEqual(merged.stamps[.settings], early)
        }
    }
}
