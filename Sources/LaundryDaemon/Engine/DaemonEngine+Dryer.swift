import FoundationEssentials
import LaundryCore

/// The household's one dryer: a wet load's reminders wait while another load is in it, and its freeing reminds of
/// the load that waited longest. Every pet's deadline is its own, so the dryer is looked at once per event, from the
/// pets as read (a load whose end has passed counts as finished), and the wet pets' deadlines follow it.
extension DaemonEngine {
    /// Looks at the dryer again at `time`; each wet load's next reminder follows what it does now.
    func refreshDryer(at time: Date) {
        dryer = Dryer(among: services.values.lazy.compactMap(\.state), at: time)
        // A wet load the dryer means something new for (held a moment ago, free now) has its next reminder again;
        // the others keep theirs (rescheduling all would move deadlines do-not-disturb pushed back).
        for service in services.values where service.state.map(Self.isWet) ?? false {
            let wait = service.state.flatMap(dryer.wait(for:))
            if wait.map({ $0.holdsAlike(service.dryerWait) }) ?? (service.dryerWait == nil) { continue }
            service.dryerWait = wait
            schedule(service)
        }
    }

    /// A load washed, or washing (its end may have passed unsettled): the dryer decides its reminders.
    static func isWet(_ state: PetState) -> Bool {
        state.pet.cycle.stage == .washed || state.liveLoad?.kind == .wash
    }
}
