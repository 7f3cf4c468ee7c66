import Foundation
import LaundryActions
import LaundryCore
import LaundryStore
import LaundryTestSupport
import XCTest

/// Two machines' copies of the same pets, made by the real way in on real files, merged as they
/// would be after Syncthing met a change on each: one version in place, the other beside it as
/// `<name>.sync-conflict-…`. The merge is tried both ways round (either version in place), and
/// both ways must give the same bytes: every machine reaches the same result.
final class HouseholdMergeTests: XCTestCase {
    let start = Fixtures.start
    var machines: [Machine] = []

    override func tearDown() {
        for machine in machines { try? FileManager.default.removeItem(atPath: machine.home) }
    }

    func machine(_ device: String, clockOffset: TimeInterval = 0) throws -> Machine {
        let made = try Machine(device: device, start: start.addingTimeInterval(clockOffset))
        machines.append(made)
        return made
    }

    /// A and B, in step, each with a washed pet "Socks".
    func household(offsetOfB: TimeInterval = 0) throws -> (Machine, Machine, UUID) {
        let a = try machine("aaaa000000000001")
        let b = try machine("bbbb000000000002", clockOffset: offsetOfB)
        let id = try a.laundry.adopt(PetSettings(name: try PetName("Socks"))).pet.id
        _ = try a.laundry.perform(.wash(.minutes(1)), on: "Socks")
        a.clock.advance(by: 61)
        b.clock.advance(by: 61)
        _ = a.laundry.pets()
        a.copyShared(to: b)
        return (a, b, id)
    }

    /// Merges A's and B's diverged files both ways round; returns the state, the history and
    /// the files, after checking both ways gave the same bytes.
    func merged(
        _ a: Machine, _ b: Machine, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (state: PetState, history: [HistoryEvent], files: [String: Data]) {
        let first = try machine("cccc000000000003")
        let second = try machine("dddd000000000004")
        Machine.meet(inPlace: a, beside: b, in: first)
        Machine.meet(inPlace: b, beside: a, in: second)
        for side in [first, second] {
            XCTAssertTrue(side.conflictCopies().count > 0, "the test made no conflict", file: file, line: line)
            _ = side.laundry.pets()
            XCTAssertEqual(side.conflictCopies(), [], "every copy merged", file: file, line: line)
        }
        XCTAssertEqual(
            first.sharedFiles(), second.sharedFiles(), "both ways round give the same files", file: file, line: line)
        let state = try XCTUnwrap(first.laundry.pets().first, file: file, line: line)
        let history = try first.laundry.history(nil, limit: nil).map(\.event).reversed()
        return (state, Array(history), first.sharedFiles())
    }

    func test_differentPartsChangedOnEachMachineAreAllKept() throws {
        let (a, b, _) = try household()
        a.clock.advance(by: 10)
        b.clock.advance(by: 20)
        _ = try a.laundry.perform(.dry(nil), on: "Socks")
        _ = try a.laundry.configure("Socks", PetSettings(washDuration: .minutes(30)))
        _ = try b.laundry.configure("Socks", PetSettings(name: try PetName("Sockies")))
        _ = try b.laundry.perform(.snooze(.minutes(20)), on: "Sockies")
        let result = try merged(a, b)
        XCTAssertEqual(result.state.pet.name, "Sockies", "identity from B")
        XCTAssertEqual(result.state.pet.washDuration, .minutes(30), "settings from A")
        XCTAssertEqual(result.state.pet.stage, .drying, "the cycle from A")
        XCTAssertEqual(result.state.liveTimer?.kind, .dry, "with A's timer")
        XCTAssertEqual(result.state.pet.snoozedUntil, b.clock.now().addingTimeInterval(20 * 60), "reminders from B")
        XCTAssertFalse(result.history.map(\.event).contains(.superseded), "nothing was lost")
        XCTAssertEqual(
            result.history.map(\.event),
            [.adopted, .washStarted, .washDone, .dryStarted, .settingsChanged, .renamed, .snoozed])
    }

    func test_theSamePartChangedOnBothTheLaterWinsAndTheEarlierIsSuperseded() throws {
        let (a, b, _) = try household()
        a.clock.advance(by: 10)
        b.clock.advance(by: 20)
        _ = try a.laundry.perform(.fold, on: "Socks")
        _ = try b.laundry.perform(.dry(nil), on: "Socks")
        let result = try merged(a, b)
        XCTAssertEqual(result.state.pet.stage, .drying, "B's dryer, the later change, wins")
        XCTAssertEqual(result.state.pet.totalCycles, 0, "nothing else of A's fold survives")
        XCTAssertEqual(result.state.liveTimer?.kind, .dry)
        let superseded = try XCTUnwrap(result.history.first { $0.event == .superseded })
        XCTAssertEqual(superseded.device, "aaaa000000000001")
        XCTAssertEqual(superseded.at, a.clock.now())
        XCTAssertTrue(superseded.detail?.contains("cycle idle") == true, superseded.detail ?? "")
        XCTAssertTrue(result.history.map(\.event).contains(.folded), "the fold stays in history")
    }

    func test_aDryerStartedOnTheLosingSideLeavesNoLiveTimer() throws {
        let (a, b, id) = try household()
        a.clock.advance(by: 10)
        b.clock.advance(by: 20)
        _ = try a.laundry.perform(.dry(nil), on: "Socks")
        _ = try b.laundry.perform(.fold, on: "Socks")
        let result = try merged(a, b)
        XCTAssertEqual(result.state.pet.stage, .idle)
        XCTAssertNil(result.state.timer, "A's timer file is a leftover: cleared")
        XCTAssertNil(result.files["timers/\(id.lowercasedText).json"])
    }

    func test_aTimerThatArrivesAheadOfItsPetIsNotClearedByAnEarlierMerge() throws {
        // Found with the real engine: a history copy merged while B's dryer timer had arrived
        // and B's pet file had not yet took the timer for a leftover and deleted it.
        let (a, b, id) = try household()
        a.clock.advance(by: 10)
        b.clock.advance(by: 20)
        _ = try a.laundry.perform(.fold, on: "Socks")
        _ = try b.laundry.perform(.dry(nil), on: "Socks")
        let files = FileManager.default
        XCTAssertFalse(files.fileExists(atPath: a.path("timers", id)), "the fold took it away on A")
        try files.copyItem(atPath: b.path("timers", id), toPath: a.path("timers", id))
        let copy = ".sync-conflict-20261122-041518-BBBBBBB"
        try files.copyItem(
            atPath: b.path("history", id, suffix: ".jsonl"), toPath: a.path("history", id, suffix: copy + ".jsonl"))
        _ = a.laundry.pets()
        XCTAssertTrue(files.fileExists(atPath: a.path("timers", id)), "B's timer, newer than A's pet, is kept")
        try files.copyItem(atPath: b.path("pets", id), toPath: a.path("pets", id, suffix: copy + ".json"))
        let state = try XCTUnwrap(a.laundry.pets().first)
        XCTAssertEqual(state.pet.stage, .drying, "B's dryer, the later change")
        XCTAssertEqual(state.liveTimer?.kind, .dry, "with its timer")
    }

    func test_aTieIsBrokenByTheDeviceIdTheSameWayOnBoth() throws {
        let (a, b, _) = try household()
        _ = try a.laundry.configure("Socks", PetSettings(name: try PetName("FromA")))
        _ = try b.laundry.configure("Socks", PetSettings(name: try PetName("FromB")))
        XCTAssertEqual(a.clock.now(), b.clock.now(), "the very same millisecond")
        let result = try merged(a, b)
        XCTAssertEqual(result.state.pet.name, "FromB", "bbbb… is the greater device id")
    }

    func test_withClocksFiveMinutesApartTheLaterStampWins() throws {
        // B's clock is five minutes behind: its rename, made a minute after A's in real time,
        // carries the earlier stamp and loses, on both machines alike.
        let (a, b, _) = try household(offsetOfB: -300)
        a.clock.advance(by: 10)
        b.clock.advance(by: 70)
        _ = try a.laundry.configure("Socks", PetSettings(name: try PetName("FromA")))
        _ = try b.laundry.configure("Socks", PetSettings(name: try PetName("FromB")))
        let result = try merged(a, b)
        XCTAssertEqual(result.state.pet.name, "FromA")
        XCTAssertEqual(result.history.filter { $0.event == .superseded }.map(\.device), ["bbbb000000000002"])
    }

    func test_oldHistoryLinesWithoutIdsAreNotDoubled() throws {
        let (a, b, id) = try household()
        // Lines as laundry wrote them before event ids: the same on both machines.
        let old = #"{"at":"2026-01-01T10:00:00.000Z","event":"snoozed","petID":"\#(id.uuidString)","detail":"10m"}"#
        for machine in [a, b] { try machine.prependHistory(id, line: old) }
        a.clock.advance(by: 10)
        b.clock.advance(by: 20)
        _ = try a.laundry.perform(.dry(nil), on: "Socks")
        _ = try b.laundry.configure("Socks", PetSettings(name: try PetName("Sockies")))
        let result = try merged(a, b)
        XCTAssertEqual(result.history.filter { $0.event == .snoozed }.count, 1)
        XCTAssertEqual(result.history.first?.event, .snoozed, "in time order")
    }

    func test_aTornCopyIsSetAsideAndReportedNeverDeleted() throws {
        let a = try machine("aaaa000000000001")
        let id = try a.laundry.adopt(PetSettings(name: try PetName("Socks"))).pet.id
        let copy = "\(a.home)/pets/\(id.lowercasedText).sync-conflict-20261122-041518-ABCDEFG.json"
        try Data(#"{"schemaVersion": 1, "id": "#.utf8).write(to: URL(fileURLWithPath: copy))
        XCTAssertEqual(a.laundry.pets().map(\.pet.name), ["Socks"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy))
        XCTAssertEqual(
            FileManager.default.contents(atPath: copy + ".unmerged"), Data(#"{"schemaVersion": 1, "id": "#.utf8))
        XCTAssertTrue(
            a.laundry.warnings.contains {
                if case .store(.copySetAside(copy, _, _)) = $0 { return true } else { return false }
            },
            "\(a.laundry.warnings)")
    }

    func test_aConflictCopyOfAConflictCopyIsMergedToo() throws {
        let (a, b, id) = try household()
        a.clock.advance(by: 10)
        b.clock.advance(by: 20)
        _ = try a.laundry.perform(.dry(nil), on: "Socks")
        _ = try b.laundry.configure("Socks", PetSettings(name: try PetName("Sockies")))
        let side = try machine("cccc000000000003")
        b.copyShared(to: side)
        let name = "\(id.lowercasedText).sync-conflict-20261122-041518-AAAAAAA.sync-conflict-20261122-041519-BBBBBBB"
        try FileManager.default.copyItem(atPath: a.path("pets", id), toPath: "\(side.home)/pets/\(name).json")
        try FileManager.default.copyItem(atPath: a.path("timers", id), toPath: "\(side.home)/timers/\(name).json")
        let state = try XCTUnwrap(side.laundry.pets().first)
        XCTAssertEqual(state.pet.name, "Sockies")
        XCTAssertEqual(state.pet.stage, .drying)
        XCTAssertEqual(side.conflictCopies(), [])
    }

    func test_mergingAgainChangesNothing() throws {
        let (a, b, _) = try household()
        a.clock.advance(by: 10)
        b.clock.advance(by: 20)
        _ = try a.laundry.perform(.fold, on: "Socks")
        _ = try b.laundry.perform(.dry(nil), on: "Socks")
        let side = try machine("cccc000000000003")
        Machine.meet(inPlace: a, beside: b, in: side)
        _ = side.laundry.pets()
        let once = side.sharedFiles()
        Machine.meet(inPlace: side, beside: b, in: side)
        Machine.meet(inPlace: side, beside: a, in: side)
        _ = side.laundry.pets()
        XCTAssertEqual(side.sharedFiles(), once, "the same copies again: the same files")
    }

    func test_aReleaseWinsOverEarlierChangesAndLosesToLaterOnes() throws {
        for (releasedFirst, kept) in [(true, true), (false, false)] {
            let (a, b, id) = try household()
            if releasedFirst {
                a.clock.advance(by: 10)
                b.clock.advance(by: 20)
            } else {
                a.clock.advance(by: 20)
                b.clock.advance(by: 10)
            }
            _ = try a.laundry.release("Socks")
            _ = try b.laundry.configure("Socks", PetSettings(name: try PetName("Sockies")))
            // What Syncthing does with a delete against a change: the change comes back.
            let side = try machine("cccc000000000003")
            b.copyShared(to: side)
            a.copyShared(to: side)
            for folder in ["pets", "timers", "history"] {
                let path = b.path(folder, id, suffix: folder == "history" ? ".jsonl" : ".json")
                if FileManager.default.fileExists(atPath: path) {
                    try? FileManager.default.removeItem(
                        atPath: side.path(folder, id, suffix: folder == "history" ? ".jsonl" : ".json"))
                    try FileManager.default.copyItem(
                        atPath: path, toPath: side.path(folder, id, suffix: folder == "history" ? ".jsonl" : ".json"))
                }
            }
            XCTAssertEqual(
                side.laundry.pets().map(\.pet.name), kept ? ["Sockies"] : [], "released first: \(releasedFirst)")
            // With the release record still there, names can still change (this once hung on
            // the names lock, taken twice).
            _ = try side.laundry.adopt(PetSettings(name: try PetName("Jeans")))
            _ = try side.laundry.configure("Jeans", PetSettings(name: try PetName("Pants")))
        }
    }

    func test_aChangeMadeAfterSeeingAnotherWinsEvenOnASlowerClock() throws {
        // B's clock is five minutes behind A's. B sees A's wash and cancels it; A, out of touch,
        // renames. B's cancel came after A's wash: it must win however the clocks read.
        let a = try machine("aaaa000000000001")
        let b = try machine("bbbb000000000002", clockOffset: -300)
        _ = try a.laundry.adopt(PetSettings(name: try PetName("Socks")))
        _ = try a.laundry.perform(.wash(nil), on: "Socks")
        a.copyShared(to: b)
        b.clock.advance(by: 10)
        a.clock.advance(by: 20)
        _ = try b.laundry.perform(.cancel, on: "Socks")
        _ = try a.laundry.configure("Socks", PetSettings(name: try PetName("Sockies")))
        let result = try merged(a, b)
        XCTAssertEqual(result.state.pet.stage, .idle, "B's cancel")
        XCTAssertEqual(result.state.pet.name, "Sockies", "A's rename")
        XCTAssertNil(result.state.timer)
        XCTAssertFalse(result.history.map(\.event).contains(.superseded))
    }

    func test_aLoadThatEndedOnTheLosingSideIsStillSaidToBeSuperseded() throws {
        let a = try machine("aaaa000000000001")
        let b = try machine("bbbb000000000002")
        _ = try a.laundry.adopt(PetSettings(name: try PetName("Socks")))
        a.copyShared(to: b)
        _ = try b.laundry.perform(.wash(.minutes(1)), on: "Socks")
        b.clock.advance(by: 61)
        a.clock.advance(by: 120)
        _ = b.laundry.pets()  // the wash ends on B: its latest stamp is the end's, no one's change
        _ = try a.laundry.perform(.wash(.minutes(30)), on: "Socks")
        let result = try merged(a, b)
        XCTAssertEqual(result.state.liveTimer?.plannedSeconds, 1800, "A's later wash")
        let superseded = result.history.filter { $0.event == .superseded }
        XCTAssertEqual(superseded.map(\.device), ["bbbb000000000002"], "B's wash, though it ended, was lost")
    }
}

/// One machine of a household: its own folder, clock and device id.
final class Machine {
    let home: String
    let clock: ManualClock
    let laundry: Laundry
    static let shared = ["pets", "timers", "history", "released"]

    init(device: String, start: Date) throws {
        home =
            FileManager.default.temporaryDirectory.appendingPathComponent("laundry-household-\(UUID().uuidString)").path
        clock = ManualClock(start)
        let kinds = try JSONDecoder().decode(
            KindCatalog.self,
            from: Data(contentsOf: URL(fileURLWithPath: LaundryTestCase.dataFolder + "/kinds.json")))
        laundry = Laundry(
            home: home, dataFolder: LaundryTestCase.dataFolder, kinds: kinds, clock: clock,
            device: DeviceIdentity(fixed: device))
        try laundry.prepareFolders()
    }

    func path(_ folder: String, _ id: UUID, suffix: String = ".json") -> String {
        "\(home)/\(folder)/\(id.lowercasedText)\(suffix)"
    }

    /// Every shared file, by path under the home.
    func sharedFiles() -> [String: Data] {
        var files: [String: Data] = [:]
        for folder in Self.shared {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: "\(home)/\(folder)")) ?? [] {
                files["\(folder)/\(name)"] = FileManager.default.contents(atPath: "\(home)/\(folder)/\(name)")
            }
        }
        return files
    }

    func conflictCopies() -> [String] { sharedFiles().keys.filter { $0.contains(".sync-conflict-") }.sorted() }

    /// As a sync engine with nothing in conflict: the other machine's folders become these.
    func copyShared(to other: Machine) {
        for folder in Self.shared {
            try? FileManager.default.removeItem(atPath: "\(other.home)/\(folder)")
            try? FileManager.default.copyItem(atPath: "\(home)/\(folder)", toPath: "\(other.home)/\(folder)")
        }
    }

    /// As Syncthing after a change on each side: `inPlace`'s files, and `beside`'s differing
    /// versions as conflict copies (a file only `beside` has is simply there: a change wins over
    /// a deletion).
    static func meet(inPlace: Machine, beside: Machine, in side: Machine) {
        if side !== inPlace { inPlace.copyShared(to: side) }
        let mine = side.sharedFiles()
        for (path, data) in beside.sharedFiles() where mine[path] != data {
            guard mine[path] != nil else {
                _ = FileManager.default.createFile(atPath: "\(side.home)/\(path)", contents: data)
                continue
            }
            let dot = path.lastIndex(of: ".")!
            let copy =
                path[..<dot] + ".sync-conflict-20261122-041518-\(beside.home.suffix(7).uppercased())" + path[dot...]
            _ = FileManager.default.createFile(atPath: "\(side.home)/\(copy)", contents: data)
        }
    }

    func prependHistory(_ id: UUID, line: String) throws {
        let file = path("history", id, suffix: ".jsonl")
        let existing = FileManager.default.contents(atPath: file) ?? Data()
        try (Data((line + "\n").utf8) + existing).write(to: URL(fileURLWithPath: file))
    }
}
