import FoundationEssentials
import LaundryControl
import LaundryCore
import LaundryRendering

/// The live cards: each running load's silent card, sent when its words change, withdrawn at the
/// finish (the alarm popup takes its place) or when the load stops.
extension DaemonEngine {
    /// Brings the pet's card (and its job in a progress list) up to date with its load as read now.
    func refreshCard(_ pet: UUID) {
        guard let cardNotifier else { return }
        let time = now
        var wanted: NotificationContent?
        var next: Date?
        if config.notifications, config.liveCard, let state = services[pet]?.state, let timer = state.liveLoad,
            !timer.hasEnded(at: time)
        {
            // What the server can do, as the popups' notifier last asked it (at start, and when
            // another server takes over): asked again here, it would be once per card.
            let buttons = notifier.server?.hasActions ?? true
            let card = LiveCard.content(
                for: timer, petName: state.pet.identity.name, at: time, zone: zone, buttons: buttons)
            wanted = card
            next = LiveCard.nextChange(of: timer, at: time)
            jobs?.show(
                JobFace(
                    title: card.summary, info: card.body, percent: card.percentDone ?? 0, suspended: timer.isPaused),
                for: pet)
        } else {
            jobs?.finish(pet)
        }
        switch cards.update(pet, to: wanted, changesAt: next) {
        case .none: break
        case .show(let card):
            if case .noServer = cardNotifier.show(card) { cards.forgetShown(of: pet) }
        case .withdraw: cardNotifier.close(petID: pet)
        }
    }

    /// The person closed the pet's card: closed for that load. An update still on its way is
    /// called off, so an answer that comes late closes the card it made.
    func cardClosedByPerson(_ pet: UUID) {
        cards.closedByPerson(pet)
        cardNotifier?.close(petID: pet)
    }

    /// A card that went out was not shown (the server refused it): it goes again at its next change.
    func cardNotShown(_ pet: UUID, because reason: String) {
        cards.forgetShown(of: pet)
        logger.info(
            "live card for \(name(of: pet)) not shown (\(reason))")
    }

    /// Every card whose minute left ticked over.
    func cardsDue(at time: Date) {
        for pet in cards.updates.popDue(at: time) { refreshCard(pet) }
    }

    func refreshAllCards() {
        for pet in Set(services.keys).union(cards.cards.keys) { refreshCard(pet) }
    }

    /// Every card and job goes (the daemon is stopping).
    public func withdrawLiveCards() {
        for pet in cards.cards.keys {
            jobs?.finish(pet)
            if case .withdraw = cards.update(pet, to: nil, changesAt: nil) { cardNotifier?.close(petID: pet) }
        }
    }

    /// The server that showed the cards left, or another took over: what runs is shown again.
    func cardServerChanged(to server: ServerInfo?) {
        cards.forgetShown()
        guard server != nil else { return }
        refreshAllCards()
    }
}
