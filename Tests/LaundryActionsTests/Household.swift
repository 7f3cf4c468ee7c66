import Foundation
import LaundryActions
import LaundryCore
import LaundryStore
import LaundryTestSupport
import XCTest

/// Machines of one household, each with its own copy of the shared data folder (as Syncthing keeps
/// one on each), its own device id, state and runtime folders, and its own clock: files cross from
/// one copy to another only when the test delivers them, whole, in any order.
final class Household {
    final class Machine {
        let device: String
        /// Its copy of the shared folder.
        let root: String
        let clock: ManualClock
        let laundry: Laundry

        init(device: String, base: String, clock: ManualClock, kinds: KindCatalog) {
            self.device = device
            root = base + "/" + device + "/shared"
            self.clock = clock
            laundry = Laundry(
                home: root, dataFolder: LaundryTestCase.dataFolder, kinds: kinds, clock: clock,
                device: .fixed(device, in: base + "/" + device + "/state/laundry"),
                paths: LaundryPaths(
                    root: root, state: base + "/" + device + "/state", runtime: base + "/" + device + "/run"))
        }

        /// The files of the shared folder this copy holds, relative to it.
        func sharedFiles() -> [String] {
            var found: [String] = []
            let machines = root + "/machines"
            for device in (try? FileManager.default.contentsOfDirectory(atPath: machines)) ?? [] {
                // The household part, beside the pets.
                if FileManager.default.fileExists(atPath: "\(machines)/\(device)/household.json") {
                    found.append("machines/\(device)/household.json")
                }
                for folder in ["pets", "history"] {
                    let path = "\(machines)/\(device)/\(folder)"
                    for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                    where !name.hasPrefix(".") {
                        found.append("machines/\(device)/\(folder)/\(name)")
                    }
                }
            }
            return found.sorted()
        }

        /// The files it wrote itself: those under its own machine folder.
        func ownFiles() -> [String] { sharedFiles().filter { $0.hasPrefix("machines/\(device)/") } }

        func contents(_ relative: String) -> Data? { FileManager.default.contents(atPath: root + "/" + relative) }
    }

    let base: String
    private(set) var machines: [Machine] = []

    /// Machines with these device ids, their clocks `offsets` seconds from `start` (in a folder in
    /// memory when there is one: the simulator writes a great many small files).
    init(devices: [String], offsets: [TimeInterval] = [], start: Date = Fixtures.start) throws {
        let memory = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        base = memory + "/laundry-household-\(UUID().uuidString.prefix(8))"
        let kinds = try Self.kinds()
        for (index, device) in devices.enumerated() {
            let offset = index < offsets.count ? offsets[index] : 0
            machines.append(
                Machine(device: device, base: base, clock: ManualClock(start.addingTimeInterval(offset)), kinds: kinds))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }

    private nonisolated(unsafe) static var loadedKinds: KindCatalog?

    private static func kinds() throws -> KindCatalog {
        if let loadedKinds { return loadedKinds }
        loadedKinds = try LaundryTestCase.kinds()
        return loadedKinds!
    }

    /// Carries one file from one copy to another as Syncthing does: the old version removed, then
    /// the new one renamed in. With `halfway`, stops after the removal (the file is missing until
    /// a later delivery puts it in place).
    func deliver(_ relative: String, from: Machine, to: Machine, halfway: Bool = false) {
        guard from !== to, let data = from.contents(relative) else { return }
        let target = to.root + "/" + relative
        try? FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: target)
        if halfway { return }
        let temporary = (target as NSString).deletingLastPathComponent + "/.syncthing.tmp"
        _ = FileManager.default.createFile(atPath: temporary, contents: data)
        rename(temporary, target)
    }

    /// Every machine gets every file of every other machine's, as it is now.
    func deliverAll() {
        for from in machines {
            for file in from.ownFiles() {
                for to in machines where to !== from { deliver(file, from: from, to: to) }
            }
        }
    }

    /// What a machine shows at `moment`: every pet and the whole history, as canonical text.
    func view(of machine: Machine, at moment: Date) throws -> String {
        machine.clock.set(moment)
        let pets = machine.laundry.pets().map { state -> String in
            // Each part as the files write it: sorted keys, times to the millisecond.
            let encoder = JSONCoding.encoder(pretty: false)
            func text(_ part: some Encodable) -> String {
                String(decoding: (try? encoder.encode(part)) ?? Data(), as: UTF8.self)
            }
            let pet = state.pet
            return [
                pet.id.lowercasedText, text(pet.identity), text(pet.settings), text(pet.cycle), text(pet.reminders),
            ]
            .joined(separator: " ")
        }
        let history = try machine.laundry.history(nil, limit: nil).map { entry -> String in
            let event = entry.event
            let detail = event.detail.map { "\($0)" } ?? ""
            return "\(entry.pet.id) \(event.id) \(event.event) \(Timestamp.format(event.at)) \(detail)"
        }
        // The household part: every machine must agree on the rotation and whose turn is next.
        let turns = machine.laundry.nextTurn()
        let household = "turns \(turns.turns.map(\.name).joined(separator: ",")) next \(turns.next?.name ?? "-")"
        return (pets + ["--"] + history + ["--", household]).joined(separator: "\n")
    }
}
