import Foundation
import LaundryTestSupport
import XCTest

@testable import LaundryCore

/// The planner against brute force: every pair of starts a minute apart, priced minute by minute.
final class LoadPlanTests: XCTestCase {
    private let utc = LocalZone(TimeZone(secondsFromGMT: 0)!)
    /// 2027-01-15 18:00 UTC.
    private let evening = Date(timeIntervalSince1970: 1_800_036_000)

    private struct Case {
        var load: LoadPlan.Load
        var finishBy: Date
        var maxWait: Double
        var prices: PriceBook
        var quiet: QuietHours?
    }

    private func randomCase(_ random: inout SplitMix64, zone: LocalZone) -> Case {
        func minutes(_ range: ClosedRange<Int>) -> Double { Double(Int.random(in: range, using: &random)) * 60 }
        var prices = PriceBook(zone: zone)
        // A series of slots a quarter-hour to three hours long, from an hour before now to 14 h after.
        var at = evening.addingTimeInterval(-3600)
        while at < evening.addingTimeInterval(14 * 3600) {
            let end = at.addingTimeInterval(Double(Int.random(in: 1...12, using: &random)) * 900)
            prices.series.append(PriceSlot(start: at, end: end, perKWh: Double.random(in: 0.05...0.6, using: &random)))
            at = end
        }
        let load = LoadPlan.Load(
            washSeconds: minutes(20...120), drySeconds: minutes(20...120),
            washWattHours: Double.random(in: 300...2500, using: &random),
            dryWattHours: Double.random(in: 300...2500, using: &random))
        let quiet: QuietHours? =
            Bool.random(using: &random)
            ? QuietHours(
                from: TimeOfDay(hour: Int.random(in: 19...23, using: &random), minute: 0)!,
                to: TimeOfDay(hour: Int.random(in: 0...6, using: &random), minute: 30)!) : nil
        return Case(
            load: load, finishBy: evening.addingTimeInterval(minutes(60...480)), maxWait: minutes(0...60),
            prices: prices, quiet: quiet)
    }

    /// Every wash start and dryer start on the minute grid, each priced from the price in the
    /// middle of each minute.
    private func bruteForce(_ test: Case) -> (cost: Double, wash: Date, dry: Date)? {
        let horizon = Int(test.finishBy.timeIntervalSince(evening) / 60)
        var perMinute: [Double] = []
        for minute in 0..<(horizon + 1) {
            perMinute.append(test.prices.perKWh(at: evening.addingTimeInterval(Double(minute) * 60 + 30)) ?? .nan)
        }
        let (wash, dry) = (Int(test.load.washSeconds / 60), Int(test.load.drySeconds / 60))
        // Running sums of the minutes' prices: every pair is still tried, each priced in one step.
        var running = [0.0]
        for price in perMinute { running.append(running[running.count - 1] + price) }
        func cost(_ start: Int, _ length: Int, _ wattHours: Double) -> Double {
            (running[start + length] - running[start]) / Double(length) * wattHours / 1000
        }
        func quiet(_ minute: Int) -> Bool {
            test.quiet?.contains(evening.addingTimeInterval(Double(minute) * 60), in: utc) ?? false
        }
        var best: (cost: Double, wash: Date, dry: Date)?
        for washStart in 0...horizon where washStart + wash + dry <= horizon && !quiet(washStart) {
            for dryStart in (washStart + wash)...(washStart + wash + Int(test.maxWait / 60))
            where dryStart + dry <= horizon && !quiet(dryStart) {
                let total =
                    cost(washStart, wash, test.load.washWattHours ?? 0)
                    + cost(dryStart, dry, test.load.dryWattHours ?? 0)
                if best.map({ total < $0.cost }) ?? true {
                    best = (
                        total, evening.addingTimeInterval(Double(washStart) * 60),
                        evening.addingTimeInterval(Double(dryStart) * 60)
                    )
                }
            }
        }
        return best
    }

    func test_aThousandRandomPriceSeriesNeverDearerThanBruteForceNorInQuietHoursNorLate() {
        var random = SplitMix64(seed: 0x51A7)
        var found = 0
        for trial in 0..<1000 {
            let test = randomCase(&random, zone: utc)
            let plan = LoadPlan.best(
                test.load, now: evening, finishBy: test.finishBy, maxWaitSeconds: test.maxWait, prices: test.prices,
                quiet: test.quiet, zone: utc)
            guard let brute = bruteForce(test) else {
                XCTAssertNil(plan, "trial \(trial): brute force finds no start, the planner did")
                continue
            }
            found += 1
            guard let plan, let cost = plan.cost else {
                return XCTFail("trial \(trial): no plan, brute force found one")
            }
            XCTAssertLessThanOrEqual(cost, brute.cost + 1e-9, "trial \(trial)")
            XCTAssertLessThanOrEqual(plan.endsAt, test.finishBy, "trial \(trial)")
            let wait = plan.dryStartsAt.timeIntervalSince(plan.washStartsAt) - test.load.washSeconds
            XCTAssertTrue((0...test.maxWait).contains(wait), "trial \(trial): wet for \(wait) s")
            for start in [plan.washStartsAt, plan.dryStartsAt] {
                XCTAssertFalse(test.quiet?.contains(start, in: utc) ?? false, "trial \(trial): a start in quiet hours")
            }
        }
        XCTAssertGreaterThan(found, 500, "most trials have a plan to compare")
    }

    func test_hoursWithoutAPriceDoNotHideTheCheapOnesAfterThem() throws {
        // Only the night has a price: the evening has none, and must not unprice the night.
        let prices = PriceBook(
            tariff: [TariffSlot(from: TimeOfDay("00:00")!, to: TimeOfDay("06:00")!, perKWh: 0.1)], zone: utc)
        let load = LoadPlan.Load(washSeconds: 3600, drySeconds: 3600, washWattHours: 800, dryWattHours: 1500)
        let plan = try XCTUnwrap(
            LoadPlan.best(
                load, now: evening, finishBy: evening.addingTimeInterval(13 * 3600), maxWaitSeconds: 0,
                prices: prices, quiet: nil, zone: utc))
        XCTAssertEqual(plan.washStartsAt, evening.addingTimeInterval(6 * 3600), "at midnight, the first priced hour")
        XCTAssertEqual(try XCTUnwrap(plan.cost), 0.08 + 0.15, accuracy: 1e-9)
        XCTAssertNil(plan.costIfStartedNow, "now has no price")
    }

    func test_aNightTariffAndTheCostOfStartingNow() throws {
        let prices = PriceBook(
            flat: nil, currency: "EUR",
            tariff: [
                TariffSlot(from: TimeOfDay("23:00")!, to: TimeOfDay("06:00")!, perKWh: 0.15),
                TariffSlot(from: TimeOfDay("06:00")!, to: TimeOfDay("23:00")!, perKWh: 0.35),
            ], zone: utc)
        let load = LoadPlan.Load(washSeconds: 3600, drySeconds: 5400, washWattHours: 900, dryWattHours: 2000)
        let plan = try XCTUnwrap(
            LoadPlan.best(
                load, now: evening, finishBy: evening.addingTimeInterval(13 * 3600), maxWaitSeconds: 1800,
                prices: prices, quiet: nil, zone: utc))
        XCTAssertEqual(plan.washStartsAt, evening.addingTimeInterval(5 * 3600), "at 23:00, when the night rate starts")
        XCTAssertEqual(plan.dryStartsAt, plan.washStartsAt.addingTimeInterval(3600))
        XCTAssertEqual(try XCTUnwrap(plan.cost), 0.9 * 0.15 + 2.0 * 0.15, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(plan.costIfStartedNow), 0.9 * 0.35 + 2.0 * 0.35, accuracy: 1e-9)
        XCTAssertNil(
            LoadPlan.best(
                load, now: evening, finishBy: evening.addingTimeInterval(2 * 3600), maxWaitSeconds: 0, prices: prices,
                quiet: nil, zone: utc), "two and a half hours do not fit in two")
    }
}
