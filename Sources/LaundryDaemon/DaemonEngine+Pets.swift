import FoundationEssentials
import LaundryCore
import LaundryRendering
import Logging

/// Reading the pets again: after a file change, a pet that is gone, and each pet's next deadline.
extension DaemonEngine {
    func load(_ ids: Set<UUID>?) {
        writeUnwrittenNotes()
        guard let ids else { return reloadAll() }
        for id in ids {
            let service = services[id] ?? PetTimerService(id: id, state: nil)
            isolated(id) { try service.reload(from: laundry, at: now) }
            tellHook(about: service)
            if service.state == nil {
                services[id] = nil
                forgetGonePet(id)
            } else {
                services[id] = service
                noticeUserChange(service)
                schedule(service)
            }
            refreshCard(id)
        }
    }

    func reloadAll() {
        let snapshot = laundry.snapshot()
        for warning in snapshot.warnings { logger.info("warning: \(ErrorText.line(for: warning))") }
        var fresh: [UUID: PetTimerService] = [:]
        for state in snapshot.states {
            let service = services[state.pet.id] ?? PetTimerService(id: state.pet.id, state: nil)
            isolated(state.pet.id) { try service.reload(from: laundry, at: now) }
            fresh[state.pet.id] = service
        }
        for (id, service) in services where fresh[id] == nil {
            service.forget(at: now)
            tellHook(about: service)
            forgetGonePet(id)
        }
        services = fresh
        for service in services.values {
            noticeUserChange(service)
            schedule(service)
            tellHook(about: service)
        }
        refreshAllCards()
    }

    /// A pet released, or whose files are gone: no deadline, no alarm, no popup left of it.
    func forgetGonePet(_ id: UUID) {
        queue.set(nil, for: id)
        acknowledge(id, because: "the pet is gone")
        if popups.removeValue(forKey: id) != nil { notifier.close(petID: id) }
    }

    func schedule(_ service: PetTimerService) {
        queue.set(service.nextDeadline(at: now, config: config, quiet: quiet, person: laundry.person), for: service.id)
    }

    /// After the files were read again: a change the user made acknowledges the alarm, and a popup
    /// that no longer says something true is withdrawn.
    func noticeUserChange(_ service: PetTimerService) {
        let unannounced = service.takeFinishDealtWithUnannounced()
        guard service.takeUserChange() else { return }
        acknowledge(service.id, because: "the pet changed")
        if let unannounced {
            onPetEvent?(service.id, "acknowledged", unannounced.id)
            tellHookAcknowledged(unannounced, name: service.name)
        }
        withdrawIfStale(service)
    }
}
