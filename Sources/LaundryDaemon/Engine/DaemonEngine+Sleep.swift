import FoundationEssentials
import LaundryCore
import LaundryRendering
import Logging

/// Sleep: the loads still running when the computer sleeps, and what keeps the session awake.
extension DaemonEngine {
    /// How many loads run now, and the one to end last: counted in one pass, without a list of them (this is read after
    /// every event, and a sorted copy of every pet with its load was half a megabyte with 1,000 loads).
    public var runningLoadSummary: (count: Int, last: (pet: Pet, load: Load)?) {
        let time = now
        var count = 0
        var last: (pet: Pet, load: Load)?
        for service in services.values {
            guard let state = service.state, let load = LoadChange.running(state, at: time) else { continue }
            count += 1
            if last.map({ ($0.load.endsAt, $0.pet.id) < (load.endsAt, state.pet.id) }) ?? true {
                last = (state.pet, load)
            }
        }
        return (count, last)
    }

    /// The loads running or paused now (not yet at their end), with their pet's name: what the tray lists.
    public var liveLoads: [(name: String, load: Load)] {
        services.keys.compactMap { liveLoad(of: $0) }
    }

    /// The pet's load running or paused now (not yet at its end), with its name: what its live card shows.
    public func liveLoad(of pet: UUID) -> (name: String, load: Load)? {
        guard let state = services[pet]?.state, let load = state.liveLoad, !load.hasEnded(at: now) else { return nil }
        return (state.pet.identity.name, load)
    }

    /// The loads running now (not paused, not yet at their end), soonest end first.
    public var runningLoads: [(pet: Pet, load: Load)] {
        let time = now
        return services.values.compactMap { service in
            guard let state = service.state, let load = LoadChange.running(state, at: time) else { return nil }
            return (state.pet, load)
        }.sorted { ($0.load.endsAt, $0.pet.id) < ($1.load.endsAt, $1.pet.id) }
    }

    /// About to sleep (`PrepareForSleep(true)`): every surface hears which loads run and end when, so a phone can ring.
    public func goingToSleep() {
        asleepSince = now
        let running = runningLoads
        // The log's words stay English (for support).
        logger.info("going to sleep with \(running.count) load\(running.count == 1 ? "" : "s") running")
        guard !running.isEmpty else { return }
        tell(.goingToSleep(running: running.map { (PetReference(id: $0.pet.id, name: $0.pet.identity.name), $0.load) }))
    }

    /// Woke (`PrepareForSleep(false)`): every deadline is looked at now; a load that ended asleep is told so, once.
    public func wokeUp() {
        guard let since = asleepSince else { return deadlinesDue() }
        logger.info("woke after \(DurationText.rough(max(0, now.timeIntervalSince(since))))")
        deadlinesDue()
        asleepSince = nil
    }

    /// Why not suspend now, until when; nil if nothing runs or rings or `keepAwake` is off (paused loads hold nothing).
    public var awakeWish: AwakeWish? {
        guard config.keepAwake else { return nil }
        let running = runningLoadSummary
        let waiting = bell.ringing.compactMap { services[$0]?.state?.pet }.sorted {
            $0.identity.name.lowercased() < $1.identity.name.lowercased()
        }
        guard running.count > 0 || !waiting.isEmpty else { return nil }
        var parts: [AwakeWish.Part] = []
        if let last = running.last {
            parts.append(
                running.count == 1
                    ? .runs(name: last.pet.identity.name, kind: last.load.kind, ends: last.load.endsAt)
                    : .several(count: running.count, lastEnds: last.load.endsAt))
        }
        if !waiting.isEmpty {
            parts.append(
                waiting.count == 1 ? .waits(name: waiting[0].identity.name) : .severalWait(count: waiting.count))
        }
        return AwakeWish(
            parts: parts, until: [running.last?.load.endsAt, bell.lastGivesUp].compactMap { $0 }.max(), now: now,
            zone: zone)
    }
}
