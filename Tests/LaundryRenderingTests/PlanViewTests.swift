import Foundation
import XCTest

@testable import LaundryCore
@testable import LaundryRendering

/// What `laundry plan` says when it cannot give a cost: no plug yet, or no price for those hours.
final class PlanViewTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_036_000)

    private func plan(cost: Double?) -> LoadPlan {
        LoadPlan(
            washStartsAt: now, dryStartsAt: now.addingTimeInterval(3600), endsAt: now.addingTimeInterval(7200),
            cost: cost, costIfStartedNow: cost.map { $0 * 2 })
    }

    private var socks: Pet { Pet(name: try! PetName("Socks"), kind: RenderingFixtures.clothes, createdAt: now) }

    func test_eachReasonForNoCostIsSaid() {
        let noPlug = PlanView.lines(socks, plan(cost: nil), currency: "EUR", measured: false, now: now)
        XCTAssertTrue(noPlug.contains { $0.contains("No plug has measured") }, "\(noPlug)")
        let noPrice = PlanView.lines(socks, plan(cost: nil), currency: "EUR", measured: true, now: now)
        XCTAssertTrue(noPrice.contains { $0.contains("No price is known for these hours") }, "\(noPrice)")
        let priced = PlanView.lines(socks, plan(cost: 0.5), currency: "EUR", measured: true, now: now)
        XCTAssertTrue(priced.contains("It costs 0.50 EUR, against 1.00 EUR if started now."), "\(priced)")
    }
}
