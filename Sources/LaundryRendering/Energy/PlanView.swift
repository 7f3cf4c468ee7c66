import FoundationEssentials
import LaundryCore

/// `laundry plan`: when to start the washer and the dryer, and what it costs against now.
public enum PlanView {
    /// - Parameter measured: a plug has measured the energy of the pet's wash and dryer.
    public static func lines(_ pet: Pet, _ plan: LoadPlan, currency: String?, measured: Bool, now: Date) -> [String] {
        var lines = [
            Words.text(
                "{name}: start the washer at {wash} and the dryer at {dry}; done at {end}.",
                [
                    "name": TerminalText.sanitize(pet.identity.name),
                    "wash": LocalTime.clock(plan.washStartsAt, now: now),
                    "dry": LocalTime.clock(plan.dryStartsAt, now: now), "end": LocalTime.clock(plan.endsAt, now: now),
                ])
        ]
        if let cost = plan.cost, let now = plan.costIfStartedNow {
            lines.append(
                Words.text(
                    "It costs {cost}, against {now} if started now.",
                    ["cost": EnergyText.cost(cost, currency), "now": EnergyText.cost(now, currency)]))
        } else if plan.cost != nil {
            lines.append(Words.text("It costs {cost}.", ["cost": EnergyText.cost(plan.cost ?? 0, currency)]))
        } else if measured || !plan.pricedHours {
            // Without a price, hours are neither cheap nor dear: measured energy or not, the earliest start is given.
            lines.append(Words.text("No price is known for these hours, so this is the earliest start that fits."))
        } else {
            lines.append(
                Words.text(
                    "No plug has measured its energy yet, so these are the cheapest hours, at no known cost."))
        }
        lines.append(Words.text("laundry never starts a machine: set its delay, or start it then."))
        return lines
    }
}

/// `laundry plan --json`: ISO 8601 times, the costs unrounded (`null` when unknown).
public struct PlanJSON: Encodable {
    let petId: String
    let petName: String
    let washStartsAt: Date
    let dryStartsAt: Date
    let endsAt: Date
    let cost: Nullable<Double>
    let costIfStartedNow: Nullable<Double>
    let currency: Nullable<String>

    public init(pet: Pet, plan: LoadPlan, currency: String?) {
        (petId, petName) = (pet.id.lowercasedText, pet.identity.name)
        (washStartsAt, dryStartsAt, endsAt) = (plan.washStartsAt, plan.dryStartsAt, plan.endsAt)
        (cost, costIfStartedNow, self.currency) = (
            Nullable(plan.cost), Nullable(plan.costIfStartedNow), Nullable(currency)
        )
    }
}
