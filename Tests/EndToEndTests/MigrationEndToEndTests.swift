import Foundation
import LaundryTestSupport
import XCTest

/// Homes in the layout before each machine had its own folder (made by that version of laundry:
/// `Tests/Fixtures/legacy/generate.sh`) are shown as they are by commands that only read, and
/// brought into this machine's folder by the first change, with every stamp, id and end kept.
final class MigrationEndToEndTests: XCTestCase {
    private static let fixtures = SourceTree.root + "/Tests/Fixtures/legacy"
    private static let oldFolders = ["pets", "timers", "history", "released", "locks", "devices"]

    /// A machine whose shared folder starts as a copy of the fixture's and whose device id is the
    /// one that wrote it; `share` puts a second machine on the same folder.
    private func machine(_ fixture: String, device: String, share other: LaundryHome? = nil) throws -> LaundryHome {
        let home = LaundryHome(shared: true)
        if let other {
            try FileManager.default.removeItem(atPath: home.data)
            home.environment["LAUNDRY_HOME"] = other.data
        } else {
            for name in try FileManager.default.contentsOfDirectory(atPath: "\(Self.fixtures)/\(fixture)/home") {
                try FileManager.default.copyItem(
                    atPath: "\(Self.fixtures)/\(fixture)/home/\(name)", toPath: home.data + "/" + name)
            }
        }
        try FileManager.default.createDirectory(atPath: home.path + "/state/laundry", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "\(Self.fixtures)/\(fixture)/\(device)", toPath: home.path + "/state/laundry/device-id")
        try FileManager.default.createDirectory(atPath: home.path + "/run", withIntermediateDirectories: true)
        home.environment["XDG_RUNTIME_DIR"] = home.path + "/run"
        return home
    }

    private func shared(_ home: LaundryHome) -> [String: Data] {
        home.snapshot(of: home.environment["LAUNDRY_HOME"] ?? home.data)
    }

    private func oldFoldersLeft(_ home: LaundryHome) -> [String] {
        let root = home.environment["LAUNDRY_HOME"] ?? home.data
        return Self.oldFolders.filter { FileManager.default.fileExists(atPath: root + "/" + $0) }
    }

    private func history(_ home: LaundryHome, _ pet: String) -> [[String: String]] {
        ((home.json("history", pet) as? [[String: Any]]) ?? []).map { entry in
            entry.compactMapValues { $0 as? String }.filter {
                ["event", "at", "device", "detail", "name", "oldName", "petKind", "stoppedBy"].contains($0.key)
            }
        }
    }

    private func timer(_ pet: [String: Any], _ key: String) -> String? {
        (pet["timer"] as? [String: Any])?[key] as? String
    }

    func test_aSingleHomeIsShownAsItIsThenBroughtInByTheFirstChange() throws {
        let home = try machine("single", device: "device-id")
        home.environment["LAUNDRY_FAKE_NOW"] = "2026-11-20T11:30:00Z"
        let before = shared(home)

        let socks = home.pet("Socks")
        XCTAssertEqual(socks["stage"] as? String, "washing")
        XCTAssertEqual(timer(socks, "endsAt"), "2026-11-20T12:00:00.001Z")
        let names = ((home.json("list") as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(names.sorted(), ["Socks", "Towels"], "the released Shirt stays released")
        let towels = history(home, "Towels")
        XCTAssertEqual(
            towels.map { $0["event"] ?? "" }.reversed(),
            ["adopted", "washStarted", "washDone", "dryStarted", "dryDone", "folded"])
        home.ok("stats")
        home.ok("status")
        XCTAssertEqual(shared(home), before, "commands that only read changed the old layout")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.data + "/machines"))

        home.ok("pause", "Socks")
        XCTAssertEqual(oldFoldersLeft(home), [], "the only machine moved, so the old files go")
        let paused = home.pet("Socks")
        XCTAssertEqual(paused["stage"] as? String, "washing")
        XCTAssertEqual((paused["timer"] as? [String: Any])?["paused"] as? Bool, true, "\(paused)")
        XCTAssertEqual(history(home, "Towels"), towels, "every history line came across with its time and machine")
        XCTAssertEqual(
            history(home, "Socks").map { $0["event"] ?? "" }.reversed(), ["adopted", "washStarted", "paused"])
        XCTAssertEqual(
            ((home.json("list") as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }.sorted(),
            ["Socks", "Towels"])
        XCTAssertEqual(home.run(["adopt", "Shirt"]).status, 0, "the released name is free")
    }

    func test_twoOutOfTouchCopiesWithConflictCopiesMergeAndTheOldFilesWaitForEveryMachine() throws {
        let a = try machine("household", device: "device-a")
        let b = try machine("household", device: "device-b", share: a)
        for machine in [a, b] { machine.environment["LAUNDRY_FAKE_NOW"] = "2026-11-20T10:00:00Z" }
        let before = shared(a)

        // The dryer A started and the rename B made, out of touch, are both there; the dryer's
        // timer is only in a conflict copy.
        let sox = a.pet("Sox")
        XCTAssertEqual(sox["stage"] as? String, "drying", "\(sox)")
        XCTAssertEqual(timer(sox, "endsAt"), "2026-11-20T10:50:00.001Z")
        XCTAssertEqual(timer(a.pet("Sheets"), "endsAt"), "2026-11-20T10:43:00.001Z")
        XCTAssertEqual(shared(a), before, "reading changed the old layout")

        a.ok("set", "Sheets", "--name", "Bedsheets")
        XCTAssertFalse(oldFoldersLeft(a).isEmpty, "B has not moved yet: the old files stay")
        let deviceB = try String(contentsOfFile: Self.fixtures + "/household/device-b", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let doctor = a.run(["doctor"])
        XCTAssertTrue(doctor.stdout.contains("not upgraded yet: \(deviceB)"), doctor.stdout)
        XCTAssertEqual(timer(a.pet("Sox"), "endsAt"), "2026-11-20T10:50:00.001Z", "the import kept the end")

        b.ok("set", "Sox", "--kind", "towels")
        XCTAssertEqual(oldFoldersLeft(a), [], "every machine moved: the old files go")
        for machine in [a, b] {
            let pet = machine.pet("Sox")
            XCTAssertEqual(pet["stage"] as? String, "drying")
            XCTAssertEqual(timer(pet, "endsAt"), "2026-11-20T10:50:00.001Z")
            XCTAssertEqual(pet["kind"] as? String, "towels")
            XCTAssertEqual(machine.pet("Bedsheets")["stage"] as? String, "washing")
            let events = history(machine, "Sox").map { $0["event"] ?? "" }
            XCTAssertTrue(events.contains("dryStarted") && events.contains("renamed"), "\(events)")
            XCTAssertEqual(events.filter { $0 == "washDone" }.count, 1, "conflict copies united by id: \(events)")
        }
        XCTAssertEqual(history(a, "Sox"), history(b, "Sox"))
        let conflicts = shared(a).keys.filter { $0.contains("sync-conflict") }
        XCTAssertEqual(conflicts, [])
    }
}
