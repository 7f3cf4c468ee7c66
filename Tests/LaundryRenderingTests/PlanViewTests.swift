import Foundation
import XCTest

@testable import LaundryCore
@testable import LaundryRendering

/// What `laundry plan` says when it cannot give a cost: no plug yet, or no price for those hours.
final class PlanViewTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_036_000)

    private func plan(cost: Double?, pricedHours: Bool? = nil) -> LoadPlan {
        LoadPlan(
            washStartsAt: now, dryStartsAt: now.addingTimeInterval(3600), endsAt: now.addingTimeInterval(7200),
            cost: cost, costIfStartedNow: cost.map { $0 * 2 }, pricedHours: pricedHours)
    }

    private var socks: Pet { Pet(name: try! PetName("Socks"), kind: RenderingFixtures.clothes, createdAt: now) }

    /// Each reason is a line of its own (its words: Tests/Golden/outputs*.txt); a cost is said with the cost of now.
    func test_eachReasonForNoCostIsSaid() {
        let noPlug = PlanView.lines(
            socks, plan(cost: nil, pricedHours: true), currency: "EUR", measured: false, now: now)
        let noPrice = PlanView.lines(socks, plan(cost: nil), currency: "EUR", measured: true, now: now)
        let priced = PlanView.lines(socks, plan(cost: 0.5), currency: "EUR", measured: true, now: now)
        XCTAssertEqual([noPlug.count, noPrice.count, priced.count], [3, 3, 3])
        XCTAssertEqual(noPlug[0], priced[0], "the same starts")
        XCTAssertEqual(Set([noPlug[1], noPrice[1], priced[1]]).count, 3, "three reasons: \(noPlug + noPrice + priced)")
        XCTAssertTrue(priced[1].contains("0.50 EUR") && priced[1].contains("1.00 EUR"), priced[1])
        XCTAssertFalse(noPrice[1].contains("EUR"), noPrice[1])
        // Neither a plug nor a price: no hour is cheaper than another, so the earliest start is said, as with a plug.
        let neither = PlanView.lines(socks, plan(cost: nil), currency: nil, measured: false, now: now)
        XCTAssertEqual(neither[1], noPrice[1])
    }

    /// The three ways a plan is priced, in the transcript of Tests/Golden/outputs*.txt.
    static func lines(_ now: Date) -> [String] {
        let plan = { (cost: Double?) in
            LoadPlan(
                washStartsAt: now, dryStartsAt: now.addingTimeInterval(3600), endsAt: now.addingTimeInterval(7200),
                cost: cost, costIfStartedNow: cost.map { $0 * 2 }, pricedHours: true)
        }
        let socks = Pet(name: try! PetName("Socks"), kind: RenderingFixtures.clothes, createdAt: now)
        return [(nil, false), (nil, true), (0.5, true)].flatMap { cost, measured in
            PlanView.lines(socks, plan(cost), currency: "EUR", measured: measured, now: now)
        }
    }
}
