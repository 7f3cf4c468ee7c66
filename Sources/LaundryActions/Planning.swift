import LaundryCore
import LaundryStore

extension Laundry {
    /// The cheapest way to have `query`'s next load washed and dried by the next `finishBy`, from its learned (else
    /// set) lengths, config.json's prices and quiet hours, the `priceTopic` series heard, and each stage's energy as
    /// history's `energyMeasured` events give it: a plug's or the machine's own word alike. A stage never measured
    /// is left out of the cost, and the plan names it (`unmeasured`).
    public func plan(
        _ query: String, finishBy: TimeOfDay, maxWaitSeconds: Double, zone: LocalZone = .current, daysLater: Int = 0
    ) throws -> (pet: Pet, plan: LoadPlan, currency: String?) {
        let state = try pet(query)
        let pet = state.pet
        let config = try loadConfig()
        let learned: (wash: LearnedLength?, dry: LearnedLength?) = pet.settings.learns ? learned(pet.id) : (nil, nil)
        let loads = try loads(pet.id.lowercasedText)
        let records = loads.map(\.load).sorted { $0.wash.started < $1.wash.started }
        let load = LoadPlan.Load(
            washSeconds: learned.wash?.seconds ?? pet.settings.washDuration.timeInterval,
            drySeconds: learned.dry?.seconds ?? pet.settings.dryDuration.timeInterval,
            // Each stage on its own: a metered washer prices the wash though the dryer has no figure.
            washWattHours: LoadStats.median(records.compactMap(\.washEnergyWh).suffix(5).map { $0 }),
            dryWattHours: LoadStats.median(records.compactMap(\.dryEnergyWh).suffix(5).map { $0 }))
        let now = self.now
        var prices = config.prices
        let heard: PriceFile?
        do { heard = try storage.prices() } catch {
            heard = nil
            if !warnings.contains(.pricesUnreadable(error)) { warnings.append(.pricesUnreadable(error)) }
        }
        if let heard {
            prices.series = heard.series
            // A price for now says nothing of hours ahead: it stands in only without a tariff, and only for an hour.
            if prices.tariff.isEmpty, now.timeIntervalSince(heard.heardAt) < 3600 { prices.topicPrice = heard.price }
        }
        // A day later: the same time the next day (Home Assistant's sensor, once today's has no fit).
        let deadline = finishBy.next(after: now, in: zone).addingTimeInterval(Double(daysLater) * 86_400)
        guard
            let plan = LoadPlan.best(
                load, now: now, finishBy: deadline, maxWaitSeconds: maxWaitSeconds, prices: prices,
                quiet: config.quietHours, zone: zone)
        else {
            throw ActionError.noPlanFits(
                finishBy: finishBy.description, needSeconds: load.washSeconds + load.drySeconds,
                quietHours: config.quietHours?.description, maxWaitSeconds: maxWaitSeconds)
        }
        return (pet, plan, config.currency)
    }
}
