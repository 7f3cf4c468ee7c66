import FoundationEssentials
import LaundryCore
import LaundryRendering
import Logging

/// Sleep and the hook: the loads still running when the computer sleeps, what keeps the session
/// awake, and what the hook hears of loads that start and stop.
extension DaemonEngine {
    /// How many loads run now and the one that ends last (as `runningLoads` orders them), found
    /// after every event without an array of every pet: building and sorting that array was
    /// 535 bytes per armed timer at each event's peak (massif; bench row "bytes per armed timer").
    public var runningLoadSummary: (count: Int, last: (pet: Pet, load: Load)?) {
        let time = now
        var count = 0
        var last: (pet: Pet, load: Load)?
        for service in services.values {
            guard let ends = service.liveLoadEnds, ends > time, let state = service.state,
                let load = LoadChange.running(state, at: time)
            else { continue }
            count += 1
            if let current = last {
                let later =
                    load.endsAt != current.load.endsAt
                    ? load.endsAt > current.load.endsAt
                    : state.pet.id > current.pet.id
                if !later { continue }
            }
            last = (state.pet, load)
        }
        return (count, last)
    }

    /// The loads running now (not paused, not yet at their end), soonest end first.
    public var runningLoads: [(pet: Pet, load: Load)] {
        let time = now
        return services.values.compactMap { service in
            guard let ends = service.liveLoadEnds, ends > time, let state = service.state,
                let load = LoadChange.running(state, at: time)
            else { return nil }
            return (state.pet, load)
        }.sorted { ($0.load.endsAt, $0.pet.id) < ($1.load.endsAt, $1.pet.id) }
    }

    /// This computer is about to sleep (logind's `PrepareForSleep(true)`): the hook hears which
    /// loads still run and when they end, so a phone can ring for them.
    public func goingToSleep() {
        writeUnwrittenNotes()
        let time = now
        asleepSince = time
        let running = runningLoads
        logger.info(
            line: Words.count(
                running.count, "going to sleep with {count} load running", "going to sleep with {count} loads running"))
        guard let hook = config.hook, let hooks, let last = running.last else { return }
        let loads = running.map {
            HookEvent.Load(id: $0.load.id, petID: $0.pet.id, petName: $0.pet.identity.name, endsAt: $0.load.endsAt)
        }
        let event = writer.sleepingHookEvent(
            running: loads, lastEnds: LocalTime.clock(last.load.endsAt, now: time, zone: zone))
        hooks.run(event, command: hook, timeout: config.hookTimeoutSeconds, quiet: quiet.isOn(at: time))
    }

    /// This computer woke (`PrepareForSleep(false)`): every deadline is looked at at once; a load
    /// that ended while it slept is told so, once.
    public func wokeUp() {
        guard let since = asleepSince else { return deadlinesDue() }
        logger.info("woke after \(DurationText.rough(max(0, now.timeIntervalSince(since))))")
        deadlinesDue()
        asleepSince = nil
    }

    /// Why the session should not suspend now, and until when, or nil when nothing runs or
    /// rings (or `keepAwake` is off). Paused loads hold nothing.
    public var awakeWish: AwakeWish? {
        guard config.keepAwake else { return nil }
        let running = runningLoadSummary
        let waiting = bell.ringing.compactMap { services[$0]?.state?.pet }.sorted {
            $0.identity.name.lowercased() < $1.identity.name.lowercased()
        }
        guard running.count > 0 || !waiting.isEmpty else { return nil }
        let time = now
        var parts: [String] = []
        if let last = running.last {
            let ends = LocalTime.clock(last.load.endsAt, now: time, zone: zone)
            parts.append(
                running.count == 1
                    ? "\(last.pet.identity.name): \(Self.loadWord(last.load.kind)) ends at \(ends)"
                    : "\(running.count) loads, the last ends at \(ends)")
        }
        if !waiting.isEmpty {
            parts.append(
                waiting.count == 1
                    ? "\(waiting[0].identity.name) is done and waiting" : "\(waiting.count) loads are done and waiting")
        }
        return AwakeWish(
            reason: parts.joined(separator: "; "),
            until: [running.last?.load.endsAt, bell.lastGivesUp].compactMap { $0 }.max())
    }

    static func loadWord(_ kind: LoadKind) -> String {
        switch kind {
        case .wash: return "wash"
        case .dry: return "dryer"
        case .extraDry: return "extra drying"
        }
    }

    /// A finished load was dealt with: the hook hears it, so a phone's push for it can go too.
    func tellHookAcknowledged(_ load: Load, name: String) {
        onLoadAcknowledged?(load, name)
        guard let hook = config.hook, let hooks else { return }
        let event = writer.acknowledgedHookEvent(for: load, petName: name)
        hooks.run(event, command: hook, timeout: config.hookTimeoutSeconds, quiet: quiet.isOn(at: now))
    }

    /// Tells the hook of every load the pet started, changed or stopped early since it last looked
    /// (a phone can then schedule its own alarm for the end, move it, or withdraw it).
    func tellHook(about service: PetTimerService) {
        let changes = service.takeLoadChanges()
        if !changes.isEmpty { onLoadChanges?(service.name, changes) }
        for case .stopped(let load, _) in changes { onPetEvent?(service.id, "stopped", load.id) }
        for case .started(let load) in changes { onLoadStarted?(load.kind) }
        guard let hook = config.hook, let hooks, !changes.isEmpty else { return }
        let time = now
        for change in changes {
            let load: Load
            switch change {
            case .started(let timer), .stopped(let timer, _), .changed(let timer, _): load = timer
            }
            // A paused load's end is where it would be if it went on now.
            let end = load.pausedRemaining.map { time.addingTimeInterval($0) } ?? load.endsAt
            let event = writer.hookEvent(
                for: change, petName: service.name, ends: LocalTime.clock(end, now: time, zone: zone))
            hooks.run(event, command: hook, timeout: config.hookTimeoutSeconds, quiet: quiet.isOn(at: time))
        }
    }
}
