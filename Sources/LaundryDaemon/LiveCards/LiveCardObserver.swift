import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// Each running load's silent live card (time left, end, +10 min, pause or resume, finished), on its own notifier:
/// shown once running, updated each minute, withdrawn at finish (after its popup) or stop; buttons act as a popup's.
final class LiveCardObserver: EngineObserver {
    private let notifier: any Notifier
    private let clock: any WallClock
    private let logger: Logger
    /// Whether the server shows buttons, as the popups' notifier last asked (asking here would ask once per card).
    private let serverShowsButtons: () -> Bool
    private var running: RunningLoads
    private var cards = LiveCards()
    private var latest: Moment?

    init(
        notifier: any Notifier, clock: any WallClock, logger: Logger, serverShowsButtons: @escaping () -> Bool,
        loads: @escaping RunningLoads.Lookup, press: @escaping (UUID, String) -> Void
    ) {
        running = RunningLoads(lookup: loads)
        self.notifier = notifier
        self.clock = clock
        self.logger = logger
        self.serverShowsButtons = serverShowsButtons
        notifier.onAction = { id, key in press(id, key) }
        notifier.onDismissed = { [weak self] id in self?.closedByPerson(id) }
        notifier.onNotShown = { [weak self] id, reason in self?.notShown(id, because: reason) }
        notifier.onServerChanged = { [weak self] server in self?.serverChanged(to: server) }
    }

    var nextWake: Date? { cards.anyShown ? running.nextMinute : nil }

    func observe(_ event: EngineEvent, at moment: Moment) {
        latest = moment
        for pet in running.take(event, at: moment.now) { refresh(pet, at: moment) }
    }

    func wake(at moment: Moment) {
        latest = moment
        for pet in running.minutePassed(at: moment.now) { refresh(pet, at: moment) }
    }

    /// Every card goes (the daemon is stopping: their buttons would mean nothing).
    func withdrawAll() {
        for pet in Array(cards.cards.keys) {
            if case .withdraw = cards.update(pet, to: nil) { notifier.close(petID: pet) }
        }
    }

    private func refresh(_ pet: UUID, at moment: Moment) {
        var wanted: NotificationContent?
        if moment.config.notifications, moment.config.liveCard, let entry = running.entry(pet, at: moment.now) {
            wanted = LiveCard.content(
                for: entry.load, petName: entry.name, at: moment.now, zone: moment.zone, buttons: serverShowsButtons())
        }
        switch cards.update(pet, to: wanted) {
        case .none: break
        case .show(let card): if case .noServer = notifier.show(card) { cards.forgetShown(of: pet) }
        case .withdraw: notifier.close(petID: pet)
        }
    }

    /// The person closed the pet's card, for that load; an update on its way is called off (a late answer closes it).
    private func closedByPerson(_ pet: UUID) {
        cards.closedByPerson(pet)
        notifier.close(petID: pet)
        let name = running.name(of: pet) ?? pet.lowercasedText
        logger.info(
            "live card for \(name) closed by the person: not shown again for this load",
            metadata: ["surface": "liveCard", "event": "closedByPerson", "pet": "\(name)"])
    }

    /// A card that went out was not shown (the server refused it): it goes again at its next change.
    private func notShown(_ pet: UUID, because reason: String) {
        cards.forgetShown(of: pet)
        let name = running.name(of: pet) ?? pet.lowercasedText
        logger.warning(
            "live card for \(name) not shown (\(reason))",
            metadata: ["surface": "liveCard", "event": "notShown", "pet": "\(name)", "reason": "\(reason)"])
    }

    /// The server that showed the cards left, or another took over: what runs is shown again.
    private func serverChanged(to server: ServerInfo?) {
        cards.forgetShown()
        guard server != nil, let latest else { return }
        let moment = Moment(now: clock.now(), quiet: latest.quiet, config: latest.config, zone: latest.zone)
        for pet in running.pets { refresh(pet, at: moment) }
    }
}
