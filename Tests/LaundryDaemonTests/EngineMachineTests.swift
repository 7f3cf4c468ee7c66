import Foundation
import LaundryActions
import LaundryCore
import XCTest

@testable import LaundryDaemon

/// A load whose machine says it still runs past its end: the engine neither announces it nor arms an end already past
/// (which the realtime timer would fire at once, again and again), only the lease's end.
final class EngineMachineTests: EngineTestCase {
    func test_aLoadHeldPastItsEndArmsTheLeasesEndNotAPastOne() throws {
        try adopt("Socks")
        try perform(.wash(.minutes(45)), "Socks")
        let engine = try makeEngine()
        engine.start()
        let said = clock.now().addingTimeInterval(60 * 60)
        _ = try laundry.machineEnd(.washer, endsAt: said)
        engine.filesChanged(nil)
        // While the machine holds it, the clock's word on it is the lease's end.
        XCTAssertEqual(engine.nextDeadline, said.addingTimeInterval(StageMachine.machineLeaseSeconds))
        // Its end passed with no word since (the daemon that followed the machine went away).
        advance(60 * 60 + 10, engine)
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .washing)
        XCTAssertTrue(notifier.shown.isEmpty, "nothing announced while the machine's lease holds it")
        XCTAssertEqual(engine.nextDeadline, said.addingTimeInterval(StageMachine.machineLeaseSeconds))
        XCTAssertGreaterThan(try XCTUnwrap(engine.nextDeadline), clock.now())
        // The lease ran out: laundry's own timer ends it, announced as any finish.
        advance(StageMachine.machineLeaseSeconds, engine)
        XCTAssertEqual(try state("Socks").pet.cycle.stage, .washed)
        XCTAssertEqual(notifier.shown.count, 1)
    }
}
