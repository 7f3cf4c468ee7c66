import FoundationEssentials
@preconcurrency import Glibc
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering
import LaundryStore
import Logging

/// Broker, Home Assistant bridge and plugs, wired to the engine; notifications, sound and timers never wait on them.
final class HomeLink: EngineObserver {
    private let settings: BrokerSettings
    private let connection: MQTTConnection
    let bridge: HomeBridge
    private let appliances: ApplianceMonitor?
    private let engine: DaemonEngine
    private let clock: any WallClock
    private let logger: Logger
    private var checkScheduled: Date?
    private weak var loop: MainLoop?
    private var clearScheduled = false
    /// Contact sensors on the appliances' doors, and whether each last said open (nil: not heard yet).
    private let doors: [Appliance: DoorTopic]
    private var doorOpen: [Appliance: Bool] = [:]
    /// Each kind of unreadable door message is logged once, not per message.
    private var doorProblemsLogged: Set<String> = []
    /// The finish time each pet's next load is planned for, when prices change through the day.
    private let planFinishBy: TimeOfDay?
    private var plannedAt: Date?
    /// Seconds to replanning: a minute, or a few after new prices (a price topic may publish every second).
    private var replanAfter = 59.0
    /// Nil when config.json names no broker, or the connection cannot even be set up (logged).
    static func start(
        _ config: DaemonConfig, laundry: Laundry, engine: DaemonEngine, clock: any WallClock, version: String,
        environment: [String: String], logger: Logger
    ) -> HomeLink? {
        guard let settings = config.mqtt else { return nil }
        let device: String
        do { device = try laundry.storage.deviceID() } catch {
            logger.error(
                "mqtt: not started, this machine has no device id: \(ErrorText.line(for: error) ?? "\(error)")",
                metadata: ["surface": "mqtt", "event": "notStarted", "problem": "noDeviceID"])
            return nil
        }
        for warning in BrokerCheck.warnings(settings, configPath: laundry.configPath, environment: environment) {
            var facts: Logger.Metadata = ["surface": "mqtt", "event": "unsafe", "warning": "\(caseName(warning))"]
            if case .readableByOthers(let path) = warning { facts["path"] = "\(path)" }
            logger.warning("mqtt: \(BrokerCheckText.line(warning))", metadata: facts)
        }
        let topics = HomeTopics(settings, device: device)
        do {
            let password = try BrokerCheck.password(settings, environment: environment)
            let connection = try MQTTConnection(
                settings: BrokerCheck.withFullPaths(settings, environment: environment),
                clientID: "laundry-\(device.prefix(16))-\(getpid())",
                login: .init(username: settings.username, password: password),
                will: (topics.ownAvailability, "offline"))
            logger.info("mqtt: connecting to \(settings.url)")
            return HomeLink(
                settings: settings, connection: connection, topics: topics, config: config, laundry: laundry,
                engine: engine, clock: clock, version: version, logger: logger)
        } catch {
            logger.warning(
                "mqtt: not started: \(BrokerProblemText.line(error))",
                metadata: ["surface": "mqtt", "event": "notStarted", "problem": "\(caseName(error))"])
            return nil
        }
    }

    private init(
        settings: BrokerSettings, connection: MQTTConnection, topics: HomeTopics, config: DaemonConfig,
        laundry: Laundry, engine: DaemonEngine, clock: any WallClock, version: String, logger: Logger
    ) {
        self.settings = settings
        self.connection = connection
        self.engine = engine
        self.clock = clock
        self.logger = logger
        doors = config.doors
        // A flat price makes every start cost the same: nothing to plan for.
        planFinishBy = config.tariff.isEmpty && config.priceTopic == nil ? nil : config.planFinishBy
        bridge = HomeBridge(
            topics: topics, link: connection, host: ProcessInfo.processInfo.hostName, version: version, logger: logger)
        // A price topic alone is heard too: `laundry plan` reads what it said.
        appliances =
            config.appliances.isEmpty && config.priceTopic == nil
            ? nil
            : ApplianceMonitor(
                settings: config.appliances, prices: config.prices, priceTopic: config.priceTopic,
                file: laundry.stateFolder + "/appliances.json", logger: logger)
        bridge.extraSubscriptions = Array(Set((appliances?.topics ?? []) + config.doors.values.map(\.topic))).sorted()
        if !config.appliances.isEmpty { bridge.energyWh = engine.measuredEnergy() }
        if let planFinishBy {
            (bridge.plans, bridge.planFinishBy, bridge.currency) = ([:], planFinishBy, config.currency)
        }
        bridge.onPress = { [weak engine, weak bridge] pet, press, key, person in
            if let refusal = engine?.buttonPressed(petID: pet, action: key, by: person) {
                bridge?.refused(pet, press: press, reason: refusal)
            }
        }
        let now = { clock.now() }
        bridge.onOtherMessage = { [weak self] topic, payload, retained in
            guard let self else { return }
            let door = self.doorMessage(topic, payload, retained: retained)
            if self.appliances?.message(topic, payload, retained: retained, at: now()) != true, !door {
                self.logger.warning(
                    "mqtt: ignored a message on \(topic), which laundry does not read",
                    metadata: ["surface": "mqtt", "event": "ignored", "topic": "\(topic)"])
            }
        }
        engine.stillRunning = appliances?.running ?? []
        appliances?.onStarted = { [weak self] appliance in
            self?.engine.stillRunning = self?.appliances?.running ?? []
            self?.applianceStarted(appliance)
        }
        appliances?.onStopped = { [weak self] appliance, run in
            guard let self else { return }
            self.engine.stillRunning = self.appliances?.running ?? []
            guard !self.isQuiet else { return }
            self.engine.closeWhoseLoad(appliance)
            self.engine.applianceStopped(appliance)
            let cost = run.energy.unpriced ? nil : run.energy.cost
            let use = HistoryDetail.EnergyUse(
                appliance: appliance, wattHours: run.energy.wattHours, cost: cost,
                currency: cost == nil ? nil : config.currency)
            if let pet = self.engine.recordEnergy(appliance, from: run.since, to: run.ended, use) {
                self.bridge.energyWh?[pet.id, default: 0] += use.wattHours
            }
        }
        appliances?.onSilenceChanged = { [weak self] in self?.bridge.plugsSilent = self?.appliances?.silent ?? [] }
        // New prices: the "best start" sensors are planned again now, not at the next minute.
        appliances?.onPricesChanged = { [weak self] in
            guard let self else { return }
            self.replanAfter = Self.replanAfterPrices
            // Planned a moment ago: again once the few seconds are up.
            if let plannedAt = self.plannedAt, self.clock.now().timeIntervalSince(plannedAt) < Self.replanAfterPrices {
                self.loop?.after(seconds: Self.replanAfterPrices + 0.05) { [weak self] in self?.afterEvent() }
            }
            self.afterEvent()
        }
    }

    /// What Home Assistant hears of a pet: finished, reminder, warning, acknowledged (naming the load
    /// dealt with, though the pet may be on its next), stopped; a load started ends an appliance's tail.
    func observe(_ event: EngineEvent, at moment: Moment) {
        switch event {
        case .announced(let words):
            let announcement = words.announcement
            if let type = announcement.reason.homeEvent {
                bridge.event(announcement.petID, type, load: announcement.loadID)
            }
        case .acknowledged(let load, let pet):
            bridge.event(pet.id, "acknowledged", load: load.id)
        case .load(.stopped(let load, _), let pet):
            bridge.event(pet.id, "stopped", load: load.id)
        case .load(.started(let load), _):
            for appliance in Appliance.allCases where appliance.runs(load.kind) { appliances?.loadStarted(appliance) }
        case .load(.changed, _), .seen, .gone, .goingToSleep:
            break
        }
    }

    func attach(to loop: MainLoop) {
        self.loop = loop
        loop.watch(fd: connection.fd) { [weak self] in self?.brokerSpoke(loop) }
        if planFinishBy != nil { replanEveryMinute(loop) }
    }

    /// Plans go stale as time passes and prices arrive, without any event of the loop.
    private func replanEveryMinute(_ loop: MainLoop) {
        loop.after(seconds: Self.replanSeconds) { [weak self] in
            self?.afterEvent()
            self?.replanEveryMinute(loop)
        }
    }

    private static let replanSeconds = 60.0
    private static let replanAfterPrices = 5.0

    /// Each pet's plan, at most once a minute (a plan reads its loads, config.json and prices.json).
    private func replan() {
        guard let planFinishBy, bridge.isBridging else { return }
        let now = clock.now()
        if let plannedAt, now >= plannedAt, now.timeIntervalSince(plannedAt) < replanAfter { return }
        plannedAt = now
        replanAfter = Self.replanSeconds - 1
        // One reading of the time zone for every minute the planner tries.
        let zone = LocalZone.current.settled()
        var plans: [UUID: LoadPlan] = [:]
        for view in engine.petViews() {
            let id = view.pet.id.lowercasedText
            let wait = LoadPlan.defaultMaxWaitSeconds
            // Too late for today's finish time: the best start for tomorrow's.
            plans[view.pet.id] =
                (try? engine.laundry.plan(id, finishBy: planFinishBy, maxWaitSeconds: wait, zone: zone).plan)
                ?? (try? engine.laundry.plan(id, finishBy: planFinishBy, maxWaitSeconds: wait, zone: zone, daysLater: 1)
                    .plan)
        }
        bridge.plans = plans
    }

    private func brokerSpoke(_ loop: MainLoop) {
        for event in connection.drain() {
            bridge.handle(event)
            if event == .connected {
                // Retained markers arrive right after subscribing; a second is plenty on any broker.
                loop.after(seconds: 1) { [weak self] in
                    guard let self else { return }
                    self.bridge.claimTimeUp(pets: self.engine.petViews(), at: self.clock.now())
                    // Bridging now: the best starts are planned at once, not at the next minute.
                    self.afterEvent()
                }
            }
        }
        engine.stillRunning = appliances?.running ?? []
        scheduleCheck(loop)
    }

    /// Whether the message was a door's: one opening (not a retained state, which only says how it stands) counts.
    private func doorMessage(_ topic: String, _ payload: [UInt8], retained: Bool) -> Bool {
        let matching = doors.filter { $0.value.topic == topic }
        for (appliance, door) in matching.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let open: Bool
            do { open = try door.isOpen(payload) } catch {
                guard doorProblemsLogged.insert("\(appliance) \(error)").inserted else { continue }
                let line =
                    "mqtt: the \(appliance.rawValue)'s door sensor sent something laundry cannot read on \(topic) "
                    + "(\(Self.words(error, door))); ignored"
                logger.warning(
                    "\(line)",
                    metadata: ApplianceMonitor.fact(appliance, "doorUnreadable", ["problem": "\(caseName(error))"]))
                continue
            }
            let before = doorOpen.updateValue(open, forKey: appliance)
            if open, before == false || (before == nil && !retained), !isQuiet {
                engine.doorOpened(appliance, through: "mqtt")
            }
        }
        return !matching.isEmpty
    }

    private static func words(_ problem: DoorTopic.Problem, _ door: DoorTopic) -> String {
        switch problem {
        case .tooLarge(let bytes): return "\(bytes) bytes, too large for a door's state"
        case .fieldMissing(let path): return "no value at \(path); check doorField"
        }
    }

    /// After every event of the loop: the pets' state to the broker, if changed.
    func afterEvent() {
        replan()
        bridge.publish(engine.petViews(), at: clock.now())
        if let due = bridge.nextClear, !clearScheduled, let loop {
            clearScheduled = true
            loop.after(seconds: max(0, due.timeIntervalSince(clock.now())) + 0.05) { [weak self] in
                self?.clearScheduled = false
                self?.afterEvent()
            }
        }
    }

    private func scheduleCheck(_ loop: MainLoop) {
        guard let next = appliances?.nextCheck else { return }
        if let scheduled = checkScheduled, scheduled <= next, scheduled > clock.now() { return }
        checkScheduled = next
        loop.after(seconds: max(0, next.timeIntervalSince(clock.now())) + 0.05) { [weak self] in
            guard let self else { return }
            self.checkScheduled = nil
            self.appliances?.check(at: self.clock.now())
            self.engine.stillRunning = self.appliances?.running ?? []
            self.scheduleCheck(loop)
        }
    }

    /// An appliance started and no load of its kind runs: ask whose load it is.
    private func applianceStarted(_ appliance: Appliance) {
        guard !isQuiet else { return }
        engine.askWhoseLoad(appliance)
    }

    /// Another machine bridges: it asks whose load it is and ends the loads, not this one.
    private var isQuiet: Bool {
        if case .quiet = bridge.role { return true }
        return false
    }

    var status: DaemonStatus.Broker {
        let role: String
        var detail: String?
        switch bridge.role {
        case .down: role = "down"
        case .claiming: role = "connecting"
        case .bridging: role = "bridging"
        case .quiet(_, let host): (role, detail) = ("quiet", host)
        }
        return DaemonStatus.Broker(
            role: role, url: settings.url, detail: detail, problem: bridge.role.problem,
            appliancesRunning: (appliances?.running ?? []).map(\.rawValue).sorted(),
            appliancesTumbling: (appliances?.tumbling ?? []).map(\.rawValue).sorted(),
            plugsSilent: (appliances?.silent ?? []).map(\.rawValue).sorted())
    }

    func stop() {
        bridge.goodbye()
        connection.stop()
    }
}
