import FoundationEssentials
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// The washer's and dryer's own word through Home Assistant, wired to the engine: their entities, followed over one
/// WebSocket, set the load they run (start, end, pause, finish), and their doors deal with a finished load.
final class MachineLink: EngineObserver {
    private let settings: HomeAssistantSettings
    private let machines: [Appliance: MachineSettings]
    private let socket: HomeAssistantSocket
    private let engine: DaemonEngine
    private let clock: any WallClock
    private let logger: Logger
    private var states: [String: EntityState] = [:]
    private var followers: [Appliance: MachineFollower] = [:]
    private var reports: [Appliance: MachineReport] = [:]
    /// Each entity's kind of problem is logged once, not at every state it sends (whatever the value).
    private var problemsLogged: Set<String> = []
    private weak var loop: MainLoop?
    /// When a running machine's load is next looked at, so its end never shows in the past.
    private var aheadScheduled: Date?
    private var afterEvent: () -> Void = {}
    /// Where each running machine's energy meter stood when its run began (a restart mid-run: when first heard).
    private var runStart: [Appliance: (since: Date, kWh: Double)] = [:]
    private let prices: PriceBook
    /// Machines whose "still running" outlasted `MachineFollower.longestHoldSeconds`, said once until they stop.
    private var heldTooLongSaid: Set<Appliance> = []

    /// Nil without `homeAssistant` and a machine that follows it in config.json.
    static func start(
        _ config: DaemonConfig, engine: DaemonEngine, clock: any WallClock, environment: [String: String],
        logger: Logger
    ) -> MachineLink? {
        guard let settings = config.homeAssistant, !config.machines.isEmpty else { return nil }
        if settings.sendsTokenInClear {
            logger.warning(
                line: "homeAssistant: \(settings.url) is plain http: the access token crosses the network unencrypted; "
                    + "use https:// where Home Assistant is reached beyond this computer")
        }
        let link = MachineLink(
            settings: settings, machines: config.machines, prices: config.prices, engine: engine, clock: clock,
            environment: environment, logger: logger)
        let followed = config.machines.sorted { $0.key.rawValue < $1.key.rawValue }.map { appliance, machine in
            "the \(appliance.rawValue) (\(machine.preset.rawValue): \(machine.entities.all.joined(separator: ", ")))"
        }
        logger.info(
            "homeAssistant: following \(followed.joined(separator: "; ")) on \(settings.url)",
            metadata: ["surface": "homeAssistant", "event": "started"])
        return link
    }

    private init(
        settings: HomeAssistantSettings, machines: [Appliance: MachineSettings], prices: PriceBook,
        engine: DaemonEngine, clock: any WallClock, environment: [String: String], logger: Logger
    ) {
        self.settings = settings
        self.machines = machines
        self.prices = prices
        self.engine = engine
        self.clock = clock
        self.logger = logger
        let entities = Array(Set(machines.values.flatMap(\.entities.all))).sorted()
        socket = HomeAssistantSocket(
            url: settings.url, token: { try HomeAssistantCheck.token(settings, environment: environment) },
            entityIDs: entities, logger: logger, clock: clock)
        socket.onEntities = { [weak self] in
            self?.heard($0)
            self?.afterEvent()
        }
        socket.onStatusChanged = { [weak self] status in
            self?.statusChanged(status)
            self?.afterEvent()
        }
    }

    /// `afterEvent`: what the loop does after each of its events (the daemon's status, the broker's state), done after
    /// each of the socket's too, which arrive outside the loop's own events.
    func attach(to loop: MainLoop, afterEvent: @escaping () -> Void) {
        self.loop = loop
        self.afterEvent = afterEvent
        socket.start()
    }

    func stop() { socket.stop() }

    /// A load started here or elsewhere while its machine runs: it follows the machine's end at once, and the machine's
    /// "whose load?" still on screen is answered (a pet picked there later would start a second load).
    func observe(_ event: EngineEvent, at moment: Moment) {
        guard case .load(.started(let load), _) = event else { return }
        for (appliance, machine) in machines
        where (appliance.runs(load.kind) || machine.alsoDries && Appliance.dryer.runs(load.kind))
            && reports[appliance]?.activity == .running
        {
            engine.closeWhoseLoad(appliance)
            follow(appliance)
        }
    }

    /// A message's states, all taken before any machine is read: a machine's state and its end arriving together
    /// are one report, not two.
    private func heard(_ entities: [EntityState]) {
        for entity in entities { states[entity.entityID] = entity }
        let changed = Set(entities.map(\.entityID))
        for (appliance, machine) in machines.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where machine.entities.all.contains(where: changed.contains) {
            follow(appliance)
        }
    }

    private func statusChanged(_ status: HomeAssistantSocket.Status) {
        guard case .down = status else { return }
        // Nothing heard now holds: each machine is unknown until the connection is back and says it again.
        states = [:]
        for appliance in machines.keys.sorted(by: { $0.rawValue < $1.rawValue }) { follow(appliance) }
    }

    /// The machine's report now, and what it asks of its load.
    private func follow(_ appliance: Appliance) {
        guard let machine = machines[appliance] else { return }
        let now = clock.now()
        let report = machine.report(states, at: now)
        reports[appliance] = report
        for problem in report.problems where problemsLogged.insert("\(problem.entity) \(caseName(problem))").inserted {
            logger.warning(
                "homeAssistant: \(MachineLink.english(problem)); laundry goes on without it",
                metadata: ApplianceMonitor.fact(
                    appliance, "unreadable", ["entity": "\(problem.entity)", "problem": "\(caseName(problem))"]))
        }
        // A washer-dryer runs either stage: the load it follows is the one of whichever kind runs.
        let role = stage(of: appliance)
        let load = engine.laundry.machineLoad(of: role)?.liveLoad
        var follower = followers[appliance] ?? MachineFollower()
        let steps = follower.read(
            report, states: machine.states, loadEnd: load.map { $0.projectedEnd(at: now) },
            followed: load?.followedBy == role, at: now)
        followers[appliance] = follower
        if report.activity == .running, runStart[appliance] == nil, let kWh = report.energyKWh {
            runStart[appliance] = (now, kWh)
        }
        for step in steps { apply(step, step == .started || step == .doorOpened ? appliance : role, report) }
        if steps.contains(.finished) { recordEnergy(appliance, stage: role, report) }
        if report.activity == .idle || report.activity == .finished {
            runStart[appliance] = nil
            heldTooLongSaid.remove(appliance)
        }
        keepAhead()
    }

    /// Which stage the machine runs now: its own, or for a washer-dryer (`alsoDries`) the dryer's while a dryer load
    /// runs and no wash does.
    private func stage(of appliance: Appliance) -> Appliance {
        guard appliance == .washer, machines[.washer]?.alsoDries == true,
            engine.laundry.machineLoad(of: .washer) == nil, engine.laundry.machineLoad(of: .dryer) != nil
        else { return appliance }
        return .dryer
    }

    private func apply(_ step: MachineFollower.Step, _ appliance: Appliance, _ report: MachineReport) {
        switch step {
        case .started:
            logger.info(
                "the \(appliance.rawValue) started (Home Assistant)",
                metadata: ApplianceMonitor.fact(appliance, "started", ["through": "homeAssistant"]))
            // A washer-dryer started on the dryer load someone just started: nothing to ask. Started with a wet load
            // waiting and no wash to start, it asks whose load it dries.
            guard stage(of: appliance) == appliance else { break }
            let dries =
                machines[appliance]?.alsoDries == true && engine.laundry.likelyOwners(of: .washer).isEmpty
                && !engine.laundry.likelyOwners(of: .dryer).isEmpty
            engine.askWhoseLoad(dries ? .dryer : appliance)
        case .end(let end):
            engine.machineMoved(appliance, "end", ["endsAt": Timestamp.format(end)]) {
                try $0.machineEnd(appliance, endsAt: end)
            }
        case .paused:
            engine.machineMoved(appliance, "paused") { try $0.machinePaused(appliance) }
        case .resumed:
            engine.machineMoved(appliance, "resumed") { try $0.machineResumed(appliance) }
        case .finished:
            engine.closeWhoseLoad(appliance)
            engine.machineMoved(appliance, "finished") { try $0.machineFinished(appliance) }
        case .doorOpened:
            engine.doorOpened(appliance, through: "homeAssistant")
            // A washer-dryer's door is its dryer's too: a dried load waiting in it is taken out as well.
            if machines[appliance]?.alsoDries == true { engine.doorOpened(.dryer, through: "homeAssistant") }
        case .lost:
            engine.machineMoved(appliance, "nothing") { try $0.machineLost(appliance) }
        case .stoppedUnfinished:
            // Cancelled on the machine (Home Connect's `aborting`, `ready` after a run): laundry does not know whether
            // the laundry is washed, so the load goes on by its own timer, resumed if it was paused.
            engine.machineMoved(appliance, "stoppedUnfinished") { laundry in
                _ = try laundry.machineResumed(appliance)
                return try laundry.machineLost(appliance) ?? laundry.machineLoad(of: appliance)
            }
        case .finishIgnored:
            let end = report.endsAt.map(Timestamp.format) ?? "?"
            let line =
                "the \(appliance.rawValue) says finished while its end is still \(end): not believed; its load ends "
                + "then by laundry's own timer, unless it runs on"
            logger.info(
                "\(line)",
                metadata: ApplianceMonitor.fact(appliance, "finishIgnored", ["endsAt": "\(end)"]))
            engine.machineMoved(appliance, "finishDoubted") { try $0.machineLost(appliance) }
        case .jumpHeld(let end):
            let line =
                "the \(appliance.rawValue)'s end jumped by whole hours to \(Timestamp.format(end)) with nothing else "
                + "changed: taken once it says so again"
            logger.info(
                "\(line)",
                metadata: ApplianceMonitor.fact(appliance, "endJumpHeld", ["endsAt": "\(Timestamp.format(end))"]))
        }
    }

    /// What the run drew by the machine's own meter, on the stage it ran (as a plug's measure): the plan prices it.
    private func recordEnergy(_ machine: Appliance, stage appliance: Appliance, _ report: MachineReport) {
        guard let start = runStart[machine], let reading = report.energyKWh, reading >= start.kWh else { return }
        runStart[machine] = nil
        let now = clock.now()
        let kWh = reading - start.kWh
        let middle = start.since.addingTimeInterval(now.timeIntervalSince(start.since) / 2)
        let cost = prices.perKWh(at: middle).map { $0 * kWh }
        let use = HistoryDetail.EnergyUse(
            appliance: appliance, wattHours: kWh * 1000, cost: cost, currency: cost == nil ? nil : prices.currency)
        engine.recordEnergy(appliance, from: start.since, to: now, use)
    }

    /// While a machine runs past the end its load shows, the end moves a minute ahead, never into the past.
    private func keepAhead() {
        let now = clock.now()
        var soonest: Date?
        for (machine, follower) in followers {
            let appliance = stage(of: machine)
            guard let load = engine.laundry.machineLoad(of: appliance)?.liveLoad, !load.isPaused,
                follower.lastKnown == .running, follower.speaks
            else { continue }
            if follower.heldTooLong(at: now) {
                // Stuck on "running" (an integration that stopped updating): laundry's own timer takes over.
                if heldTooLongSaid.insert(machine).inserted {
                    let hours = Int(MachineFollower.longestHoldSeconds / 3600)
                    let line =
                        "the \(machine.rawValue) has said it runs for \(hours) h past its load's end; laundry's own "
                        + "timer ends the load"
                    logger.warning(
                        "\(line)",
                        metadata: ApplianceMonitor.fact(machine, "heldTooLong"))
                    engine.machineMoved(appliance, "heldTooLong") { try $0.machineLost(appliance) }
                }
                continue
            }
            if let ahead = followers[machine]?.keepAhead(loadEnd: load.endsAt, at: now) {
                engine.machineMoved(appliance, "stillRuns", ["endsAt": Timestamp.format(ahead)]) {
                    try $0.machineEnd(appliance, endsAt: ahead)
                }
                continue
            }
            let look = load.endsAt.addingTimeInterval(-MachineFollower.leadSeconds / 2)
            soonest = min(soonest ?? look, look)
        }
        guard let soonest, let loop else { return }
        if let scheduled = aheadScheduled, scheduled <= soonest, scheduled > now { return }
        aheadScheduled = soonest
        loop.after(seconds: max(0, soonest.timeIntervalSince(now)) + 0.05) { [weak self] in
            self?.aheadScheduled = nil
            self?.keepAhead()
        }
    }

    /// What `daemon status` and `doctor` say of Home Assistant and each machine.
    var status: DaemonStatus.HomeAssistant {
        var status = DaemonStatus.HomeAssistant(url: settings.url)
        switch socket.status {
        case .connecting: status.state = "connecting"
        case .connected(let version): (status.state, status.version) = ("connected", version)
        case .down(let problem, let retryAt):
            (status.state, status.problem, status.retryAt) = ("down", problem, retryAt)
        }
        status.machines = machines.keys.sorted { $0.rawValue < $1.rawValue }.map { appliance in
            let machine = machines[appliance]!
            let report = reports[appliance] ?? MachineReport()
            return DaemonStatus.HomeAssistant.Machine(
                appliance: appliance, preset: machine.preset.rawValue, entities: machine.entities.all,
                heard: machine.entities.all.filter { states[$0].map { !$0.isUnavailable } ?? false },
                activity: report.activity.rawValue, endsAt: report.endsAt, phase: report.phase,
                doorOpen: report.doorOpen)
        }
        return status
    }

    /// A problem in the log's English.
    static func english(_ problem: MachineReadingProblem) -> String {
        switch problem {
        case .unknownState(let entity, let value):
            return "\(entity) says '\(value)', which laundry does not know; name it in running, paused or finished"
        case .notATime(let entity, let value):
            return "\(entity) says '\(value)', not a time (ISO 8601 with its offset)"
        case .notANumber(let entity, let value):
            return "\(entity) says '\(value)', not a number of seconds, minutes or hours left"
        case .unknownUnit(let entity, let unit):
            return "\(entity) counts in '\(unit)'; laundry reads s, min and h"
        case .wrongDeviceClass(let entity, let found, let expected):
            return "\(entity) is a \(found) sensor, not a \(expected) one; check the entity named"
        case .notADoor(let entity, let value):
            return "\(entity) says '\(value)', neither open nor closed"
        }
    }
}
