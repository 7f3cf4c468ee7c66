import Foundation
import LaundryCore
import XCTest

/// Each preset reads the entities as Home Assistant's integration makes them (the shapes of its code and fixtures).
final class MachineReportTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func report(
        _ preset: MachinePreset, device: String = "washer", _ entities: [EntityState], appliance: Appliance = .washer
    ) -> MachineReport {
        let settings = MachineSettings(preset: preset, entities: preset.entities(device: device, appliance: appliance))
        return settings.report(Dictionary(uniqueKeysWithValues: entities.map { ($0.entityID, $0) }), at: now)
    }

    private func timestamp(_ id: String, _ value: String) -> EntityState {
        EntityState(entityID: id, state: value, attributes: ["device_class": .string("timestamp")])
    }

    func test_homeConnect2024ReadsItsCapitalisedStateRemainingTimeAndBinaryDoor() {
        let running = report(
            .homeConnect,
            [
                EntityState(entityID: "sensor.washer_operation_state", state: "Run"),
                timestamp("sensor.washer_remaining_program_time", "2027-01-15T08:30:00+00:00"),
                EntityState(
                    entityID: "binary_sensor.washer_door", state: "off", attributes: ["device_class": .string("door")]),
            ])
        XCTAssertEqual(running.activity, .running)
        XCTAssertEqual(running.endsAt, Timestamp.parse("2027-01-15T08:30:00Z"))
        XCTAssertEqual(running.doorOpen, false)
        XCTAssertEqual(running.problems, [])
        let finished = report(
            .homeConnect,
            [
                EntityState(entityID: "sensor.washer_operation_state", state: "Finished"),
                EntityState(entityID: "sensor.washer_remaining_program_time", state: "unavailable"),
                EntityState(
                    entityID: "binary_sensor.washer_door", state: "on", attributes: ["device_class": .string("door")]),
            ])
        XCTAssertEqual(finished.activity, .finished)
        XCTAssertNil(finished.endsAt)
        XCTAssertEqual(finished.doorOpen, true)
    }

    func test_homeConnect2025ReadsItsEnumStateFinishTimeAndDoorSensor() {
        let options = JSONTree.array(
            ["inactive", "ready", "delayedstart", "run", "pause", "actionrequired", "finished", "error", "aborting"]
                .map { .string($0) })
        let states = [
            "run": MachineReport.Activity.running, "pause": .paused, "actionrequired": .paused,
            "finished": .finished, "ready": .idle, "delayedstart": .idle, "error": .failed,
        ]
        for (value, activity) in states {
            let read = report(
                .homeConnect,
                [
                    EntityState(
                        entityID: "sensor.washer_operation_state", state: value,
                        attributes: ["device_class": .string("enum"), "options": options]),
                    timestamp("sensor.washer_program_finish_time", "2027-01-15T08:30:00.123456+00:00"),
                    EntityState(entityID: "sensor.washer_door", state: value == "run" ? "locked" : "open"),
                ])
            XCTAssertEqual(read.activity, activity, value)
            XCTAssertEqual(read.doorOpen, value != "run", value)
            XCTAssertEqual(read.endsAt.map { Int($0.timeIntervalSince1970) }, 1_800_001_800)
        }
    }

    func test_matterReadsItsOperationalStateAndPhaseWithNoEndWhereNoneIsGiven() {
        let read = report(
            .matter, device: "laundrywasher",
            [
                EntityState(entityID: "sensor.laundrywasher_operational_state", state: "running"),
                EntityState(entityID: "sensor.laundrywasher_current_phase", state: "rinse"),
            ])
        XCTAssertEqual(read.activity, .running)
        XCTAssertEqual(read.phase, "rinse")
        XCTAssertNil(read.endsAt)
        XCTAssertTrue(MachinePreset.matter.states.stopFinishes)
        let stopped = report(
            .matter, device: "laundrywasher",
            [EntityState(entityID: "sensor.laundrywasher_operational_state", state: "stopped")])
        XCTAssertEqual(stopped.activity, .idle)
    }

    func test_smartThingsReadsBothReleasesNames() {
        let new = report(
            .smartThings,
            [
                EntityState(entityID: "sensor.washer_machine_state", state: "run"),
                timestamp("sensor.washer_completion_time", "2027-01-15T08:30:00+00:00"),
            ])
        let old = report(
            .smartThings,
            [
                EntityState(entityID: "sensor.washer_washer_machine_state", state: "run"),
                timestamp("sensor.washer_washer_completion_time", "2027-01-15T08:30:00+00:00"),
            ])
        XCTAssertEqual(new, old)
        XCTAssertEqual(new.activity, .running)
        let dryer = report(
            .smartThings, device: "dryer", [EntityState(entityID: "sensor.dryer_dryer_machine_state", state: "stop")],
            appliance: .dryer)
        XCTAssertEqual(dryer.activity, .idle)
    }

    func test_whatCannotBeReadIsNamedAndSaysNothing() {
        let read = report(
            .homeConnect,
            [
                EntityState(entityID: "sensor.washer_operation_state", state: "Spinning wildly"),
                EntityState(
                    entityID: "sensor.washer_program_finish_time", state: "half past ten",
                    attributes: ["device_class": .string("timestamp")]),
                EntityState(
                    entityID: "sensor.washer_remaining_program_time", state: "2027-01-15T08:30:00+00:00",
                    attributes: ["device_class": .string("temperature")]),
                EntityState(entityID: "sensor.washer_door", state: "ajar"),
            ])
        XCTAssertEqual(read.activity, .unknown)
        XCTAssertNil(read.endsAt)
        XCTAssertNil(read.doorOpen)
        XCTAssertEqual(
            Set(read.problems),
            [
                .unknownState(entity: "sensor.washer_operation_state", value: "Spinning wildly"),
                .notATime(entity: "sensor.washer_program_finish_time", value: "half past ten"),
                .wrongDeviceClass(
                    entity: "sensor.washer_remaining_program_time", found: "temperature", expected: "timestamp"),
                .notADoor(entity: "sensor.washer_door", value: "ajar"),
            ])
    }

    func test_unavailableEntitiesSayNothingAndANullCountdownGivesNoEnd() {
        let settings = MachineSettings(
            preset: .custom,
            entities: MachineEntities(state: ["sensor.w_state"], remaining: ["sensor.w_left"]),
            states: MachineStateWords(running: ["on"], paused: [], finished: [], idle: [], failed: []))
        func read(_ state: String, _ left: String, unit: String = "min") -> MachineReport {
            settings.report(
                [
                    "sensor.w_state": EntityState(entityID: "sensor.w_state", state: state),
                    "sensor.w_left": EntityState(
                        entityID: "sensor.w_left", state: left, attributes: ["unit_of_measurement": .string(unit)]),
                ], at: now)
        }
        XCTAssertEqual(read("unavailable", "5").activity, .unknown)
        XCTAssertEqual(read("on", "unknown").endsAt, nil)
        XCTAssertEqual(read("on", "0").endsAt, nil)
        XCTAssertEqual(read("on", "42").endsAt, now.addingTimeInterval(42 * 60))
        XCTAssertEqual(read("on", "90", unit: "s").endsAt, now.addingTimeInterval(90))
        XCTAssertEqual(
            read("on", "90", unit: "parsecs").problems, [.unknownUnit(entity: "sensor.w_left", unit: "parsecs")])
        XCTAssertEqual(read("on", "-3").problems, [.notANumber(entity: "sensor.w_left", value: "-3")])
    }
}

/// A machine's own energy meter: kWh in all, Wh scaled; another kind of sensor says nothing.
final class MachineEnergyReadingTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func energy(_ state: String, unit: String, deviceClass: String = "energy") -> MachineReport {
        let settings = MachineSettings(
            preset: .smartThings, entities: MachinePreset.smartThings.entities(device: "washer", appliance: .washer))
        let entity = EntityState(
            entityID: "sensor.washer_energy", state: state,
            attributes: ["device_class": .string(deviceClass), "unit_of_measurement": .string(unit)])
        return settings.report(["sensor.washer_energy": entity], at: now)
    }

    func test_theMeterIsReadInKilowattHours() {
        XCTAssertEqual(energy("12.5", unit: "kWh").energyKWh, 12.5)
        XCTAssertEqual(energy("850", unit: "Wh").energyKWh, 0.85)
        XCTAssertNil(energy("850", unit: "W", deviceClass: "power").energyKWh)
        XCTAssertEqual(
            energy("850", unit: "W", deviceClass: "power").problems,
            [.wrongDeviceClass(entity: "sensor.washer_energy", found: "power", expected: "energy")])
        XCTAssertEqual(
            energy("lots", unit: "kWh").problems, [.notANumber(entity: "sensor.washer_energy", value: "lots")])
    }
}
