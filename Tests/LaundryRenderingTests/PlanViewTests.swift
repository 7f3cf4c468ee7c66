import Foundation
import XCTest

@testable import LaundryCore
@testable import LaundryRendering

/// What `laundry plan` says of the cost: the whole load's, one measured stage's with the other named, or why there is
/// none (no stage measured yet, or no price for those hours).
final class PlanViewTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_036_000)

    /// A plan whose measured stages cost `cost` (and twice that now); nil energy: that stage was never measured.
    private static func plan(
        _ now: Date, cost: Double?, pricedHours: Bool? = nil, wash: Double? = 800, dry: Double? = 2000,
        costNow: Bool = true
    ) -> LoadPlan {
        LoadPlan(
            washStartsAt: now, dryStartsAt: now.addingTimeInterval(3600), endsAt: now.addingTimeInterval(7200),
            cost: cost, costIfStartedNow: costNow ? cost.map { $0 * 2 } : nil, pricedHours: pricedHours,
            washWattHours: wash, dryWattHours: dry)
    }

    private func plan(
        cost: Double?, pricedHours: Bool? = nil, wash: Double? = 800, dry: Double? = 2000, costNow: Bool = true
    ) -> LoadPlan {
        Self.plan(now, cost: cost, pricedHours: pricedHours, wash: wash, dry: dry, costNow: costNow)
    }

    private var socks: Pet { Pet(name: try! PetName("Socks"), kind: RenderingFixtures.clothes, createdAt: now) }

    /// Each reason is a line of its own (its words: Tests/Golden/outputs*.txt); a cost is said with the cost of now.
    func test_eachReasonForNoCostIsSaid() {
        let nothingMeasured = PlanView.lines(
            socks, plan(cost: nil, pricedHours: true, wash: nil, dry: nil), currency: "EUR", now: now)
        let noPrice = PlanView.lines(socks, plan(cost: nil), currency: "EUR", now: now)
        let priced = PlanView.lines(socks, plan(cost: 0.5), currency: "EUR", now: now)
        XCTAssertEqual([nothingMeasured.count, noPrice.count, priced.count], [3, 3, 3])
        XCTAssertEqual(nothingMeasured[0], priced[0], "the same starts")
        XCTAssertEqual(
            Set([nothingMeasured[1], noPrice[1], priced[1]]).count, 3, "\(nothingMeasured + noPrice + priced)")
        XCTAssertTrue(priced[1].contains("0.50 EUR") && priced[1].contains("1.00 EUR"), priced[1])
        XCTAssertFalse(noPrice[1].contains("EUR"), noPrice[1])
        // Neither a measure nor a price: no hour is cheaper than another, so the earliest start is said, as measured.
        let neither = PlanView.lines(socks, plan(cost: nil, wash: nil, dry: nil), currency: nil, now: now)
        XCTAssertEqual(neither[1], noPrice[1])
        // One stage measured without a price: the same reason, and no stage named (no cost to leave it out of).
        let washerOnly = PlanView.lines(socks, plan(cost: nil, dry: nil), currency: "EUR", now: now)
        XCTAssertEqual(washerOnly, noPrice)
    }

    /// One stage measured: its cost is said as that stage's, and the other stage is named on a line of its own.
    func test_aStageWithNoMeasuredEnergyIsNamedAndLeftOutOfTheCost() {
        let whole = PlanView.lines(socks, plan(cost: 0.5), currency: "EUR", now: now)
        let washOnly = PlanView.lines(socks, plan(cost: 0.5, dry: nil), currency: "EUR", now: now)
        let dryOnly = PlanView.lines(socks, plan(cost: 0.5, wash: nil), currency: "EUR", now: now)
        XCTAssertEqual([whole.count, washOnly.count, dryOnly.count], [3, 4, 4])
        XCTAssertEqual(Set([whole[1], washOnly[1], dryOnly[1]]).count, 3, "three stages priced: \(washOnly + dryOnly)")
        for lines in [washOnly, dryOnly] {
            XCTAssertTrue(lines[1].contains("0.50 EUR") && lines[1].contains("1.00 EUR"), lines[1])
            XCTAssertFalse(lines[2].contains("EUR"), lines[2])
        }
        XCTAssertNotEqual(washOnly[2], dryOnly[2], "each names its own stage")
        XCTAssertEqual(washOnly.last, whole.last)
        // Now not priced: the stage's cost alone, and the other stage still named.
        let washOnlyNotNow = PlanView.lines(socks, plan(cost: 0.5, dry: nil, costNow: false), currency: "EUR", now: now)
        XCTAssertEqual(washOnlyNotNow.count, 4)
        XCTAssertNotEqual(washOnlyNotNow[1], washOnly[1])
        XCTAssertFalse(washOnlyNotNow[1].contains("1.00 EUR"), washOnlyNotNow[1])
        XCTAssertEqual(washOnlyNotNow[2], washOnly[2])
    }

    /// The ways a plan is priced, in the transcript of Tests/Golden/outputs*.txt: nothing measured, no price, the whole
    /// load, the wash alone (with now, and without), the dryer alone (with now, and without), and the whole load
    /// without now.
    static func lines(_ now: Date) -> [String] {
        let socks = Pet(name: try! PetName("Socks"), kind: RenderingFixtures.clothes, createdAt: now)
        let plans = [
            plan(now, cost: nil, pricedHours: true, wash: nil, dry: nil), plan(now, cost: nil),
            plan(now, cost: 0.5), plan(now, cost: 0.5, dry: nil), plan(now, cost: 0.5, dry: nil, costNow: false),
            plan(now, cost: 0.5, wash: nil), plan(now, cost: 0.5, wash: nil, costNow: false),
            plan(now, cost: 0.5, costNow: false),
        ]
        return plans.flatMap { PlanView.lines(socks, $0, currency: "EUR", now: now) }
    }
}
