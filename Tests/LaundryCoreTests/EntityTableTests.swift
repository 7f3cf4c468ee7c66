import Foundation
import LaundryCore
import XCTest

/// The followed entities' whole states, kept from `subscribe_entities`' adds, changes and removals.
final class EntityTableTests: XCTestCase {
    private let state = "sensor.washer_operation_state"
    private let finish = "sensor.washer_program_finish_time"
    private let door = "sensor.washer_door"

    private func table() -> EntityTable { EntityTable(following: [state, finish, door]) }

    private func running() -> EntityState {
        EntityState(
            entityID: state, state: "run",
            attributes: ["device_class": .string("enum"), "friendly_name": .string("Washer Operation State")],
            lastChanged: Date(timeIntervalSince1970: 1_744_100_000))
    }

    func test_theFirstEvent_givesEveryFollowedEntity_andTheMissingOnesAsUnavailable() {
        var table = table()
        let other = EntityState(entityID: "light.kitchen", state: "on")
        let news = table.apply(EntityEvent(added: [state: running(), "light.kitchen": other]), first: true)
        XCTAssertEqual(
            news,
            [
                running(), EntityState(entityID: door, state: "unavailable"),
                EntityState(entityID: finish, state: "unavailable"),
            ]
            .sorted { $0.entityID < $1.entityID })
        XCTAssertNil(table.states["light.kitchen"])
    }

    func test_aChange_isLaidOverTheWholeState() {
        var table = table()
        _ = table.apply(EntityEvent(added: [state: running()]), first: true)
        let finished = Date(timeIntervalSince1970: 1_744_103_600)
        let news = table.apply(EntityEvent(changed: [state: EntityChange(state: "finished", lastChanged: finished)]))
        var expected = running()
        expected.state = "finished"
        expected.lastChanged = finished
        XCTAssertEqual(news, [expected])
        XCTAssertEqual(table.states[state], expected)
    }

    func test_attributesChangedAndRemoved_giveTheWholeNewAttributes_withTheStateKept() {
        var table = table()
        _ = table.apply(EntityEvent(added: [state: running()]), first: true)
        let news = table.apply(
            EntityEvent(changed: [
                state: EntityChange(
                    attributes: ["options": .array([.string("run")])], removedAttributes: ["friendly_name"])
            ]))
        XCTAssertEqual(
            news,
            [
                EntityState(
                    entityID: state, state: "run",
                    attributes: ["device_class": .string("enum"), "options": .array([.string("run")])],
                    lastChanged: Date(timeIntervalSince1970: 1_744_100_000))
            ])
    }

    /// Home Assistant sends a change when only `lu` or the context moved: nothing for laundry.
    func test_aChangeOfNeitherStateNorAttributes_givesNothing() {
        var table = table()
        _ = table.apply(EntityEvent(added: [state: running()]), first: true)
        XCTAssertEqual(table.apply(EntityEvent(changed: [state: EntityChange()])), [])
        XCTAssertEqual(table.apply(EntityEvent(added: [state: running()])), [])
        XCTAssertEqual(
            table.apply(EntityEvent(changed: [state: EntityChange(attributes: ["device_class": .string("enum")])])), [])
    }

    func test_aRemovedEntity_isUnavailable_andComesBackWhole() {
        var table = table()
        _ = table.apply(EntityEvent(added: [state: running()]), first: true)
        XCTAssertEqual(table.apply(EntityEvent(removed: [state])), [EntityState(entityID: state, state: "unavailable")])
        XCTAssertEqual(table.apply(EntityEvent(removed: [state])), [])
        XCTAssertEqual(table.apply(EntityEvent(added: [state: running()])), [running()])
    }

    func test_aChangeOfAnEntityNeverSeenWhole_orNotFollowed_isLeftOut() {
        var table = table()
        XCTAssertEqual(table.apply(EntityEvent(changed: [state: EntityChange(state: "run")])), [])
        XCTAssertEqual(table.apply(EntityEvent(changed: ["light.kitchen": EntityChange(state: "on")])), [])
        XCTAssertEqual(table.apply(EntityEvent(removed: ["light.kitchen"])), [])
        XCTAssertEqual(table.states, [:])
    }

    /// An entity added and changed in one event (as a coalesced frame could carry) ends changed.
    func test_anAddAndAChangeInOneEvent_giveTheChangedState() {
        var table = table()
        let news = table.apply(EntityEvent(added: [state: running()], changed: [state: EntityChange(state: "pause")]))
        XCTAssertEqual(news.map(\.state), ["pause"])
    }

    func test_afterForgetting_theNextFirstEventGivesEverythingAgain() {
        var table = table()
        let doorClosed = EntityState(entityID: door, state: "closed")
        _ = table.apply(EntityEvent(added: [state: running(), door: doorClosed]), first: true)
        table.forget()
        XCTAssertEqual(table.apply(EntityEvent(added: [state: running(), door: doorClosed]), first: true).count, 3)
    }
}
