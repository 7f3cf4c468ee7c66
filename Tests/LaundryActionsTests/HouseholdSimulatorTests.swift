import Foundation
import LaundryActions
import LaundryCore
import LaundryStore
import LaundryTestSupport
import XCTest

/// A household simulated in process: 3–5 machines with their own copies of the folder and clocks
/// minutes apart, seeded random moves (every command, release, rename, pause, snooze) and a random
/// delivery of files between them (whole files, any order, some late, some twice, some half-way
/// through Syncthing's remove-then-rename when a machine reads). After a final full delivery every
/// machine must show byte-identical pets and histories, each part must hold the version with the
/// latest stamp ever written, and no machine may have written outside its own folder.
///
/// `LAUNDRY_SIM_SCHEDULES` (else 2,000, or 100,000 with `LAUNDRY_STRESS=full`) and
/// `LAUNDRY_STRESS_SEED` to replay; a failure prints its seed and schedule.
final class HouseholdSimulatorTests: XCTestCase {
    private static let environment = ProcessInfo.processInfo.environment

    func test_everyScheduleConvergesAndLosesOnlyWhatALaterStampReplaced() throws {
        let count =
            Self.environment["LAUNDRY_SIM_SCHEDULES"].flatMap { Int($0) }
            ?? (Self.environment["LAUNDRY_STRESS"] == "full" ? 100_000 : 2_000)
        let seed =
            Self.environment["LAUNDRY_STRESS_SEED"].flatMap(SplitMix64.parseSeed) ?? UInt64.random(in: 1...UInt64.max)
        let only = Self.environment["LAUNDRY_SIM_SCHEDULE"].flatMap { Int($0) }
        let started = Date()
        var steps = 0
        var superseded = 0
        for schedule in only.map({ [$0] }) ?? Array(0..<count) {
            let replay = "LAUNDRY_STRESS_SEED=\(SplitMix64.seedText(seed)) LAUNDRY_SIM_SCHEDULE=\(schedule)"
            var random = SplitMix64(seed: SplitMix64.mix(seed &+ UInt64(schedule)))
            do {
                var simulation = try Simulation(random: &random)
                let outcome = try simulation.run()
                steps += outcome.steps
                superseded += outcome.superseded
            } catch let failure as Simulation.Failure {
                return XCTFail("schedule \(schedule) [replay: \(replay)]: \(failure.message)")
            }
        }
        print(
            "household simulator: \(count) schedules, \(steps) steps, \(superseded) superseded changes, seed "
                + "\(SplitMix64.seedText(seed)), \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }
}

/// One schedule.
private struct Simulation {
    struct Failure: Error { let message: String }

    private var random: SplitMix64
    private let household: Household
    /// Every version of every part ever written, by pet: the latest stamp must win.
    private var written: [UUID: [PetPart: [(PartStamp, String)]]] = [:]
    /// The version of each own record last noted.
    private var seen: [String: Int] = [:]
    /// The machines that set a rotation, in order.
    private var turnsWritten: [String] = []

    init(random: inout SplitMix64) throws {
        self.random = random
        let count = random.int(in: 3...5)
        let devices = (0..<count).map { index in
            String(format: "%02x", index) + String(format: "%014llx", random.next() >> 8)
        }
        household = try Household(
            devices: devices, offsets: devices.map { _ in Double(random.int(in: -300...300)) })
    }

    mutating func run() throws -> (steps: Int, superseded: Int) {
        let first = household.machines[0]
        for index in 0..<random.int(in: 1...2) {
            _ = try first.laundry.adopt(PetSettings(name: try PetName("Pet \(index)")))
            record(first)
        }
        household.deliverAll()
        let steps = random.int(in: 8...24)
        for _ in 0..<steps {
            switch random.below(10) {
            case 0...4: try move()
            case 5...8: deliver()
            default: random.element(household.machines).clock.advance(by: Double(random.int(in: 1...900)))
            }
        }
        household.deliverAll()
        // Compared at one moment, so every machine settles the same loads.
        let moment = household.machines.map { $0.clock.now() }.max()!.addingTimeInterval(7 * 86_400)
        let views = try household.machines.map { try household.view(of: $0, at: moment) }
        guard Set(views).count == 1 else {
            throw Failure(message: "the machines show different things:\n" + views.joined(separator: "\n====\n"))
        }
        try checkLatestStampsWon()
        try checkLatestRotationWon()
        household.deliverAll()
        guard try household.view(of: household.machines[0], at: moment) == views[0] else {
            throw Failure(message: "delivering everything again changed what is shown")
        }
        return (steps, views[0].components(separatedBy: " superseded ").count - 1)
    }

    /// A random command on a random machine, on a pet it knows (refusals are fine: nothing is written).
    private mutating func move() throws {
        let machine = random.element(household.machines)
        let pets = machine.laundry.pets()
        guard !pets.isEmpty else { return }
        let name = random.element(pets).pet.identity.name
        let laundry = machine.laundry
        let before = othersItems(of: machine)
        let duration = LaundryDuration.minutes(random.int(in: 1...90))
        do {
            switch random.below(14) {
            case 0: _ = try laundry.perform(.wash(duration), on: name)
            case 1: _ = try laundry.perform(.dry(duration), on: name)
            case 2: _ = try laundry.perform(.moreDry(nil), on: name)
            case 3: _ = try laundry.perform(.fold, on: name)
            case 4: _ = try laundry.perform(.cancel, on: name)
            case 5: _ = try laundry.perform(.pause, on: name)
            case 6: _ = try laundry.perform(.resume, on: name)
            case 7: _ = try laundry.perform(.snooze(duration), on: name)
            case 8: _ = try laundry.configure(name, PetSettings(name: try PetName("Pet \(random.below(100))")))
            case 9: _ = try laundry.configure(name, PetSettings(cycleDays: Double(random.int(in: 1...30))))
            case 10: _ = try laundry.release(name)
            case 11: _ = try laundry.adopt(PetSettings(name: try PetName("Pet \(random.below(100))")))
            case 12:
                // A rotation of the household, or none.
                let people = ["Ana", "Ben", "Chloe", "Dan"].filter { _ in random.percent(60) }
                _ = try laundry.setTurns(people)
                turnsWritten.append(machine.device)
            default: _ = try laundry.perform(.wash(nil), on: name)
            }
        } catch is PetError {
        } catch StoreError.nameTaken {
        }
        guard othersItems(of: machine) == before else {
            throw Failure(message: "\(machine.device) wrote outside its own folder")
        }
        record(machine)
    }

    /// One file of one machine's carried to another: late, twice, or half-way (removed, not yet
    /// put in place) as chance has it.
    private mutating func deliver() {
        let from = random.element(household.machines)
        let items = from.ownItems()
        guard !items.isEmpty else { return }
        let item = random.element(items)
        let to = random.element(household.machines)
        household.deliver(item, from: from, to: to, halfway: random.percent(10))
        if random.percent(10) { household.deliver(item, from: from, to: to) }
    }

    /// The items of a machine's copy that other machines wrote, each with how often it was written
    /// there (any write of one changes that).
    private func othersItems(of machine: Household.Machine) -> [InMemoryStorage.Item: Int] {
        var items: [InMemoryStorage.Item: Int] = [:]
        for item in machine.sharedItems() where item.device != machine.device {
            items[item] = machine.storage.version(of: item)
        }
        return items
    }

    /// Notes every part version a machine's own records hold now (those it rewrote since last time).
    private mutating func record(_ machine: Household.Machine) {
        for case .record(let device, let pet) in machine.ownItems() {
            let version = machine.storage.version(of: .record(device: device, pet: pet))
            guard seen["\(device) \(pet)"] != version else { continue }
            seen["\(device) \(pet)"] = version
            guard let record = machine.storage.record(of: pet, device: device) else { continue }
            func note<Value: Encodable>(_ part: PetPart, _ version: Stamped<Value>?) {
                guard let version else { return }
                let text = String(
                    decoding: (try? JSONCoding.encoder(pretty: false).encode(version.value)) ?? Data(), as: UTF8.self)
                if !(written[record.id]?[part]?.contains { $0.0 == version.stamp } ?? false) {
                    written[record.id, default: [:]][part, default: []].append((version.stamp, text))
                }
            }
            note(.identity, record.identity)
            note(.settings, record.settings)
            note(.cycle, record.cycle)
            note(.reminders, record.reminders)
            note(.release, record.release)
        }
    }

    /// The household's rotation is the one with the latest stamp any machine wrote.
    private func checkLatestRotationWon() throws {
        guard !turnsWritten.isEmpty else { return }
        var problems: [StoreProblem] = []
        let records = household.machines.flatMap { $0.storage.householdRecords(problems: &problems) }
        let latest = records.compactMap(\.turns).max { $0.stamp < $1.stamp }
        let shown = household.machines[0].laundry.nextTurn().turns
        guard shown == latest?.value.people ?? [] else {
            throw Failure(message: "the rotation shown is \(shown), the latest written \(String(describing: latest))")
        }
    }

    /// Each part shows the version with the latest stamp written anywhere (nothing lost but what
    /// a later stamp replaced).
    private func checkLatestStampsWon() throws {
        let machine = household.machines[0]
        var problems: [StoreProblem] = []
        for (id, parts) in written {
            guard let merged = machine.storage.load(id, problems: &problems) else {
                throw Failure(message: "pet \(id) vanished")
            }
            for (part, versions) in parts {
                let latest = versions.max { $0.0 < $1.0 }!
                guard merged.stamps[part] == latest.0 else {
                    throw Failure(
                        message: "\(part) of \(id) is \(String(describing: merged.stamps[part])), not \(latest.0)")
                }
            }
        }
    }
}
