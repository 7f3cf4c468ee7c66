import FoundationEssentials
import LaundryCore
import LaundryRendering
import Logging

/// Reading the pets again: after a file change, a pet gone, each pet's next deadline; changes told to every surface.
extension DaemonEngine {
    func load(_ ids: Set<UUID>?) {
        guard let ids else { return reloadAll() }
        for id in ids {
            let service = services[id] ?? PetTimerService(id: id, state: nil)
            isolated(id) { try service.reload(from: laundry, at: now) }
            if service.state == nil {
                services[id] = nil
                tellChanges(of: service)
                forgetGonePet(id)
            } else {
                services[id] = service
                noticeUserChange(service)
                schedule(service)
                tellChanges(of: service)
            }
        }
    }

    func reloadAll() {
        let snapshot = laundry.snapshot()
        for warning in snapshot.warnings { logger.warning("\(ErrorText.line(for: warning))") }
        var fresh: [UUID: PetTimerService] = [:]
        for state in snapshot.states {
            let service = services[state.pet.id] ?? PetTimerService(id: state.pet.id, state: nil)
            isolated(state.pet.id) { try service.reload(from: laundry, at: now) }
            fresh[state.pet.id] = service
        }
        for (id, service) in services where fresh[id] == nil {
            service.forget(at: now)
            tellChanges(of: service)
            forgetGonePet(id)
        }
        services = fresh
        for service in services.values.sorted(by: { $0.id < $1.id }) {
            noticeUserChange(service)
            schedule(service)
            tellChanges(of: service)
        }
    }

    /// A pet released, or whose files are gone: no deadline, no alarm, no popup left of it.
    func forgetGonePet(_ id: UUID) {
        acknowledge(id, because: .petGone)
        popups.withdraw(id)
        tell(.gone(id))
    }

    func schedule(_ service: PetTimerService) {
        service.deadline = service.nextDeadline(
            at: now, config: config, quiet: quiet, person: laundry.person, dryer: dryer)
    }

    /// After a reread: a change the user made acknowledges the alarm, and a popup no longer true is withdrawn.
    func noticeUserChange(_ service: PetTimerService) {
        let unannounced = service.takeFinishDealtWithUnannounced()
        guard service.takeUserChange() else { return }
        acknowledge(service.id, because: .petChanged)
        // A finish do-not-disturb held back and dealt with anyway: the phone may still show it.
        if let unannounced { tellAcknowledged(unannounced, pet: PetReference(id: service.id, name: service.name)) }
        withdrawIfStale(service)
    }

    /// Tells every surface the loads the pet started, changed or stopped early since it last looked, and the pet now.
    func tellChanges(of service: PetTimerService) {
        let pet = PetReference(id: service.id, name: service.name)
        for change in service.takeLoadChanges() { tell(.load(change, pet: pet)) }
        if let state = service.view(at: now) { tell(.seen(state)) }
    }
}
