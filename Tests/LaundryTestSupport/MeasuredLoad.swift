import LaundryActions
import LaundryCore

extension Laundry {
    /// One load of `pet` washed (45 min), dried (1 h) and folded on `clock`, each stage's energy recorded when given
    /// (nil: that stage has no figure) as history's `energyMeasured`, as a plug or a machine's own meter records it.
    public func measuredLoad(_ pet: String, clock: ManualClock, washWh: Double?, dryWh: Double?) throws {
        let washStart = clock.now()
        _ = try perform(.wash(nil), on: pet)
        clock.advance(by: 2700)
        let dryStart = clock.now()
        _ = try perform(.dry(nil), on: pet)
        clock.advance(by: 3600)
        _ = try perform(.fold, on: pet)
        if let washWh {
            _ = try recordEnergy(.washer, from: washStart, to: dryStart, .init(appliance: .washer, wattHours: washWh))
        }
        if let dryWh {
            _ = try recordEnergy(.dryer, from: dryStart, to: clock.now(), .init(appliance: .dryer, wattHours: dryWh))
        }
    }
}
