import Foundation
import LaundryActions
import LaundryCore
import LaundryStore
import LaundryTestSupport
import XCTest

/// Machines of one household, each with its own copy of the shared data folder (as Syncthing keeps
/// one on each), in memory, its own device id and its own clock: items (a machine's record of a pet,
/// its history of a pet, its household part) cross from one copy to another only when the test
/// delivers them, whole, in any order.
final class Household {
    final class Machine {
        let device: String
        /// Its copy of the shared folder, and its own files.
        let storage: InMemoryStorage
        let clock: ManualClock
        let laundry: Laundry

        init(device: String, clock: ManualClock, kinds: KindCatalog) {
            self.device = device
            storage = InMemoryStorage(deviceID: device)
            self.clock = clock
            laundry = Laundry(storage: storage, dataFolder: LaundryTestCase.dataFolder, kinds: kinds, clock: clock)
        }

        /// The items of the shared folder this copy holds.
        func sharedItems() -> [InMemoryStorage.Item] { storage.machines().flatMap { storage.items(of: $0) } }

        /// The items it wrote itself: those under its own device id.
        func ownItems() -> [InMemoryStorage.Item] { storage.items(of: device) }
    }

    private(set) var machines: [Machine] = []

    /// Machines with these device ids, their clocks `offsets` seconds from `start`.
    init(devices: [String], offsets: [TimeInterval] = [], start: Date = Fixtures.start) throws {
        let kinds = try Self.kinds()
        for (index, device) in devices.enumerated() {
            let offset = index < offsets.count ? offsets[index] : 0
            machines.append(Machine(device: device, clock: ManualClock(start.addingTimeInterval(offset)), kinds: kinds))
        }
    }

    private nonisolated(unsafe) static var loadedKinds: KindCatalog?

    private static func kinds() throws -> KindCatalog {
        if let loadedKinds { return loadedKinds }
        loadedKinds = try LaundryTestCase.kinds()
        return loadedKinds!
    }

    /// Carries one item from one copy to another as Syncthing carries a file: the old version
    /// removed, then the new one put in place. With `halfway`, stops after the removal (the item is
    /// missing until a later delivery puts it in place).
    func deliver(_ item: InMemoryStorage.Item, from: Machine, to: Machine, halfway: Bool = false) {
        guard from !== to else { return }
        to.storage.remove(item)
        if halfway { return }
        to.storage.copy(item, from: from.storage)
    }

    /// Every machine gets every item of every other machine's, as it is now.
    func deliverAll() {
        for from in machines {
            for item in from.ownItems() {
                for to in machines where to !== from { deliver(item, from: from, to: to) }
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
