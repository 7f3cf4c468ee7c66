import Foundation
import LaundryActions
import LaundryCore
import LaundryTestSupport
import XCTest

/// `laundry plan`: when to start the washer, then the dryer, to be done by a time at the lowest cost, from the pet's
/// lengths (learned, else typed), config.json's prices and quiet hours. Times are on this process's local clock, as
/// config.json's tariff is read in it.
final class PlanTests: LaundryTestCase {
    private let zone = LocalZone.current

    /// The moment this process's clock reads the time, in November 2026.
    private func local(day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        zone.date(year: 2026, month: 11, day: day, hour: hour, minute: minute)
    }

    private func time(_ hour: Int) -> TimeOfDay { TimeOfDay(hour: hour, minute: 0)! }

    override func setUpWithError() throws {
        try super.setUpWithError()
        // Noon on the 22nd, local: later than the tests' start in any zone.
        clock.set(local(day: 22, 12))
        try adopt("Socks")
    }

    func test_withoutPricesTheLoadStartsAtTheNextWholeMinuteAndIsNotPriced() throws {
        clock.advance(by: 30)
        let result = try laundry.plan("socks", finishBy: time(20), maxWaitSeconds: 1800, zone: zone)
        XCTAssertEqual(result.plan.washStartsAt, local(day: 22, 12, 1))
        XCTAssertEqual(result.plan.dryStartsAt, local(day: 22, 12, 46), "the typed 45 minutes later")
        XCTAssertEqual(result.plan.endsAt, local(day: 22, 13, 46))
        XCTAssertNil(result.plan.cost)
        XCTAssertNil(result.currency)
        XCTAssertEqual(result.plan.unmeasured, [.wash, .dry])
        XCTAssertFalse(result.plan.pricedHours, "no price: the earliest start, not the cheapest hours")
    }

    func test_aPlanStartsInTheCheapestSlotOfTheTariff() throws {
        try useConfig(
            #"{"price": {"perKWh": 0.4, "currency": "EUR"}, "#
                + #""tariff": [{"from": "02:00", "to": "05:00", "perKWh": 0.1}]}"#)
        let result = try laundry.plan("socks", finishBy: time(8), maxWaitSeconds: 1800, zone: zone)
        XCTAssertEqual(result.plan.washStartsAt, local(day: 23, 2))
        XCTAssertEqual(result.plan.dryStartsAt, local(day: 23, 2, 45))
        XCTAssertEqual(result.plan.endsAt, local(day: 23, 3, 45))
        XCTAssertEqual(result.currency, "EUR")
        XCTAssertNil(result.plan.cost, "no energy measured: not priced")
        XCTAssertNil(result.plan.costIfStartedNow)
        XCTAssertEqual(result.plan.unmeasured, [.wash, .dry])
        XCTAssertTrue(result.plan.pricedHours, "but the cheapest hours")
    }

    func test_aPlanStartsNothingInQuietHours() throws {
        try useConfig(#"{"quietHours": {"from": "11:00", "to": "14:00"}}"#)
        let result = try laundry.plan("socks", finishBy: time(20), maxWaitSeconds: 1800, zone: zone)
        XCTAssertEqual(result.plan.washStartsAt, local(day: 22, 14))
        XCTAssertEqual(result.plan.dryStartsAt, local(day: 22, 14, 45))
    }

    func test_aLoadThatCannotBeDoneInTimeIsRefusedWithTheLengthItNeeds() throws {
        let error = thrownError { try laundry.plan("socks", finishBy: time(13), maxWaitSeconds: 1800, zone: zone) }
        guard case .noPlanFits(_, let need, let quiet, let wait)? = error as? ActionError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(need, 2700 + 3600)
        XCTAssertNil(quiet)
        XCTAssertEqual(wait, 1800)
    }

    func test_aDayLaterPlansForTheSameTimeTheNextDay() throws {
        let result = try laundry.plan("socks", finishBy: time(13), maxWaitSeconds: 1800, zone: zone, daysLater: 1)
        XCTAssertEqual(result.plan.washStartsAt, local(day: 22, 12))
        XCTAssertLessThanOrEqual(result.plan.endsAt, local(day: 23, 13))
    }

    func test_aPlanTakesTheLearnedLengths() throws {
        for _ in 0..<3 { try washAndFold("socks", minutes: 20) }
        let now = clock.now()
        let result = try laundry.plan("socks", finishBy: time(20), maxWaitSeconds: 1800, zone: zone)
        XCTAssertEqual(result.plan.washStartsAt, now)
        XCTAssertEqual(result.plan.dryStartsAt, now.addingTimeInterval(1200), "20 minutes learned")
        XCTAssertEqual(result.plan.endsAt, now.addingTimeInterval(1200 + 3600), "the dryer's typed hour")
    }

    func test_aPetThatDoesNotLearnIsPlannedWithItsTypedLengths() throws {
        for _ in 0..<3 { try washAndFold("socks", minutes: 20) }
        _ = try laundry.configure("socks", PetSettings(learns: false))
        let now = clock.now()
        let result = try laundry.plan("socks", finishBy: time(20), maxWaitSeconds: 1800, zone: zone)
        XCTAssertEqual(result.plan.dryStartsAt, now.addingTimeInterval(2700))
    }

    func test_measuredEnergyPricesThePlan() throws {
        try useConfig(#"{"price": {"perKWh": 0.4, "currency": "EUR"}}"#)
        try laundry.measuredLoad("socks", clock: clock, washWh: 500, dryWh: 1500)
        let result = try laundry.plan("socks", finishBy: time(8), maxWaitSeconds: 1800, zone: zone)
        XCTAssertEqual(result.plan.unmeasured, [])
        XCTAssertEqual(result.plan.washWattHours, 500)
        XCTAssertEqual(result.plan.dryWattHours, 1500)
        XCTAssertEqual(try XCTUnwrap(result.plan.cost), 0.5 * 0.4 + 1.5 * 0.4, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(result.plan.costIfStartedNow), 0.8, accuracy: 1e-9)
    }

    /// A metered washer and no dryer plug: the wash is priced, and the dryer's stage is named as left out.
    func test_aMeasuredWashIsPricedAloneAndTheDryerNamedUnmeasured() throws {
        try useConfig(#"{"price": {"perKWh": 0.4, "currency": "EUR"}}"#)
        try laundry.measuredLoad("socks", clock: clock, washWh: 500, dryWh: nil)
        let result = try laundry.plan("socks", finishBy: time(8), maxWaitSeconds: 1800, zone: zone)
        XCTAssertEqual(result.plan.unmeasured, [.dry])
        XCTAssertEqual(result.plan.washWattHours, 500)
        XCTAssertNil(result.plan.dryWattHours)
        XCTAssertEqual(try XCTUnwrap(result.plan.cost), 0.5 * 0.4, accuracy: 1e-9, "the wash's cost alone")
        XCTAssertEqual(try XCTUnwrap(result.plan.costIfStartedNow), 0.5 * 0.4, accuracy: 1e-9)
        XCTAssertEqual(result.currency, "EUR")
    }

    /// The other way round: a dryer measured, the washer not.
    func test_aMeasuredDryerIsPricedAloneAndTheWashNamedUnmeasured() throws {
        try useConfig(#"{"price": {"perKWh": 0.4, "currency": "EUR"}}"#)
        try laundry.measuredLoad("socks", clock: clock, washWh: nil, dryWh: 1500)
        let result = try laundry.plan("socks", finishBy: time(8), maxWaitSeconds: 1800, zone: zone)
        XCTAssertEqual(result.plan.unmeasured, [.wash])
        XCTAssertEqual(try XCTUnwrap(result.plan.cost), 1.5 * 0.4, accuracy: 1e-9)
    }

    /// Each stage's figure comes from its own measured runs: a washer measured in one load and a dryer in another
    /// price the whole load (a machine may report its energy only since a later load).
    func test_eachStagesFigureComesFromItsOwnMeasuredRuns() throws {
        try useConfig(#"{"price": {"perKWh": 0.4, "currency": "EUR"}}"#)
        try laundry.measuredLoad("socks", clock: clock, washWh: 600, dryWh: nil)
        clock.advance(by: 3600)
        try laundry.measuredLoad("socks", clock: clock, washWh: nil, dryWh: 2000)
        clock.advance(by: 3600)
        try laundry.measuredLoad("socks", clock: clock, washWh: nil, dryWh: nil)
        let result = try laundry.plan("socks", finishBy: time(8), maxWaitSeconds: 1800, zone: zone)
        XCTAssertEqual(result.plan.unmeasured, [])
        XCTAssertEqual(result.plan.washWattHours, 600)
        XCTAssertEqual(result.plan.dryWattHours, 2000)
        XCTAssertEqual(try XCTUnwrap(result.plan.cost), 0.6 * 0.4 + 2.0 * 0.4, accuracy: 1e-9)
    }

    /// With a night tariff and the wash alone measured: the cheapest hours, the wash priced at the night rate against
    /// the day's now, the dryer named.
    func test_aPartlyMeasuredLoadIsPlannedInTheCheapestHours() throws {
        try useConfig(
            #"{"price": {"perKWh": 0.4, "currency": "EUR"}, "#
                + #""tariff": [{"from": "02:00", "to": "05:00", "perKWh": 0.1}]}"#)
        try laundry.measuredLoad("socks", clock: clock, washWh: 500, dryWh: nil)
        let result = try laundry.plan("socks", finishBy: time(8), maxWaitSeconds: 1800, zone: zone)
        XCTAssertEqual(result.plan.washStartsAt, local(day: 23, 2))
        XCTAssertEqual(try XCTUnwrap(result.plan.cost), 0.5 * 0.1, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(result.plan.costIfStartedNow), 0.5 * 0.4, accuracy: 1e-9)
        XCTAssertEqual(result.plan.unmeasured, [.dry])
    }
}
