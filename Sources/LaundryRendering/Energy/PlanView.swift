import FoundationEssentials
import LaundryCore

/// `laundry plan`: when to start the washer and the dryer, what the measured stages cost against now, and which stage
/// has no measured energy.
public enum PlanView {
    public static func lines(_ pet: Pet, _ plan: LoadPlan, currency: String?, now: Date) -> [String] {
        var lines = [
            Words.text(
                "{name}: start the washer at {wash} and the dryer at {dry}; done at {end}.",
                [
                    "name": TerminalText.sanitize(pet.identity.name),
                    "wash": LocalTime.clock(plan.washStartsAt, now: now),
                    "dry": LocalTime.clock(plan.dryStartsAt, now: now), "end": LocalTime.clock(plan.endsAt, now: now),
                ])
        ]
        if let cost = costLine(plan, currency: currency) {
            lines.append(cost)
            lines += plan.unmeasured.map(notIncluded)
        } else if plan.washWattHours != nil || plan.dryWattHours != nil || !plan.pricedHours {
            // Without a price, hours are neither cheap nor dear: measured energy or not, the earliest start is given.
            lines.append(Words.text("No price is known for these hours, so this is the earliest start that fits."))
        } else {
            lines.append(
                Words.text(
                    "No energy of its loads has been measured yet, so these are the cheapest hours, at no known cost."))
        }
        lines.append(Words.text("laundry never starts a machine: set its delay, or start it then."))
        return lines
    }

    /// The cost, said of the stages it covers: the whole load, or the one stage measured.
    private static func costLine(_ plan: LoadPlan, currency: String?) -> String? {
        guard let cost = plan.cost else { return nil }
        var values = ["cost": EnergyText.cost(cost, currency)]
        guard let now = plan.costIfStartedNow else {
            switch (plan.washWattHours != nil, plan.dryWattHours != nil) {
            case (true, true): return Words.text("It costs {cost}.", values)
            case (true, false): return Words.text("The wash costs {cost}.", values)
            case (false, _): return Words.text("The dryer costs {cost}.", values)
            }
        }
        values["now"] = EnergyText.cost(now, currency)
        switch (plan.washWattHours != nil, plan.dryWattHours != nil) {
        case (true, true): return Words.text("It costs {cost}, against {now} if started now.", values)
        case (true, false): return Words.text("The wash costs {cost}, against {now} if started now.", values)
        case (false, _): return Words.text("The dryer costs {cost}, against {now} if started now.", values)
        }
    }

    /// A stage with no measured energy: its cost is not in the line above.
    private static func notIncluded(_ stage: LoadKind) -> String {
        switch stage {
        case .wash: return Words.text("The washer has no measured energy yet, so its cost is not included.")
        case .dry, .extraDry: return Words.text("The dryer has no measured energy yet, so its cost is not included.")
        }
    }
}

/// `laundry plan --json`: ISO 8601 times, the costs and energies unrounded (`null` when unknown), and the stages
/// whose energy nothing has measured, which the costs leave out.
public struct PlanJSON: Encodable {
    let petId: String
    let petName: String
    let washStartsAt: Date
    let dryStartsAt: Date
    let endsAt: Date
    let cost: Nullable<Double>
    let costIfStartedNow: Nullable<Double>
    let currency: Nullable<String>
    let washEnergyWh: Nullable<Double>
    let dryEnergyWh: Nullable<Double>
    let unmeasured: [LoadKind]

    public init(pet: Pet, plan: LoadPlan, currency: String?) {
        (petId, petName) = (pet.id.lowercasedText, pet.identity.name)
        (washStartsAt, dryStartsAt, endsAt) = (plan.washStartsAt, plan.dryStartsAt, plan.endsAt)
        (cost, costIfStartedNow, self.currency) = (
            Nullable(plan.cost), Nullable(plan.costIfStartedNow), Nullable(currency)
        )
        (washEnergyWh, dryEnergyWh, unmeasured) = (
            Nullable(plan.washWattHours), Nullable(plan.dryWattHours), plan.unmeasured
        )
    }
}
